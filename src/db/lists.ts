// Pages of the six follower lists, cached so a list opened once opens offline.
import { useLiveQuery } from 'dexie-react-hooks';
import type { FollowerListItem, FollowerListName } from '../../common/schema/lists.ts';
import { writeWithRoom } from '../app/storage.ts';
import { db } from './db.ts';
import type { ListPageRow } from './schema.ts';

/** Every cached page of a list, in order, live. */
export function useListPages(list: FollowerListName): ListPageRow[] | undefined {
  return useLiveQuery(() => db.listPages.where('[list+page]').between([list, 0], [list, Infinity]).toArray(), [list]);
}

/** Stores a fetched page, with the whole list's length when the server said it (issue 34). */
export async function writeListPage(
  list: FollowerListName,
  page: number,
  items: FollowerListItem[],
  hasMore: boolean,
  total?: number,
) {
  await writeWithRoom(() => db.listPages.put({ list, page, items, hasMore, total, updatedAt: Date.now() }));
}

/** Forgets every cached page (a new analysis makes them stale). */
export async function clearListPages(): Promise<void> {
  await db.listPages.clear();
}
