// What the exports read from the app's IndexedDB, read with IndexedDB itself: the worker needs a few
// gets and one range, and Dexie would add 28 kB to the worker's download (issue 25's precache budget).
// The stores and keys are the ones src/db/schema.ts declares.
import type { ListName } from '../../common/lists.ts';
import type { PostGroupName } from '../../common/schema/lists.ts';
import type { HistoryRow, ListPageRow, PostAnalysisRow, PostGroupRow, SentimentRow, UserRow } from '../db/schema.ts';

export interface ExportStore {
  user(): Promise<UserRow | undefined>;
  /** A list's saved pages, in page order. */
  listPages(list: ListName): Promise<ListPageRow[]>;
  postAnalysis(): Promise<PostAnalysisRow | undefined>;
  postGroup(group: PostGroupName, isReel: 0 | 1): Promise<PostGroupRow | undefined>;
  /** Every saved sentiment report, oldest first. */
  sentiment(): Promise<SentimentRow[]>;
  history(): Promise<HistoryRow | undefined>;
}

const asPromise = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });

/** Opens the database as it is; undefined when the app never created it (nothing saved yet). */
function open(name: string): Promise<IDBDatabase | undefined> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(name);
    // Only the app creates its database, at its own version: a missing one is not made here.
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => (request.error?.name === 'AbortError' ? resolve(undefined) : reject(request.error));
  });
}

/** The app's database `name`, opened for each read and closed after, so the page's upgrades never wait on it. */
export function exportStore(name = 'followscope'): ExportStore {
  async function read<T>(store: string, query: (objects: IDBObjectStore) => IDBRequest<T>): Promise<T | undefined> {
    const db = await open(name);
    if (!db) return undefined;
    try {
      if (!db.objectStoreNames.contains(store)) return undefined;
      return await asPromise(query(db.transaction(store).objectStore(store)));
    } finally {
      db.close();
    }
  }
  return {
    user: () => read<UserRow>('user', (objects) => objects.get('current')),
    listPages: async (list) =>
      (await read<ListPageRow[]>('listPages', (objects) =>
        objects.getAll(IDBKeyRange.bound([list, 0], [list, Number.POSITIVE_INFINITY])),
      )) ?? [],
    postAnalysis: () => read<PostAnalysisRow>('postAnalysis', (objects) => objects.get('current')),
    postGroup: (group, isReel) => read<PostGroupRow>('postGroups', (objects) => objects.get([group, isReel])),
    sentiment: async () =>
      ((await read<SentimentRow[]>('sentiment', (objects) => objects.getAll())) ?? []).sort(
        (a, b) => a.updatedAt - b.updatedAt,
      ),
    history: () => read<HistoryRow>('history', (objects) => objects.get('current')),
  };
}
