// Storage (issue 8): ask the browser to keep our data once the app is installed, and survive a full
// disk: on a quota error, media go first (the service worker's media cache, then cached stories and
// sentiment reports), never the login or the latest results, and the write is tried once more.
import { db } from '../db/db.ts';
import { MEDIA_CACHE } from '../sw/media-cache.ts';

const ASKED = 'followscope.persist-asked';

const installed = () =>
  matchMedia('(display-mode: standalone)').matches ||
  (navigator as Navigator & { standalone?: boolean }).standalone === true;

/** Asks once, and only from the installed app, where keeping data is what the user expects. */
export async function persistWhenInstalled(): Promise<boolean | undefined> {
  if (!installed() || !navigator.storage?.persist) return undefined;
  try {
    if (localStorage.getItem(ASKED)) return undefined;
    localStorage.setItem(ASKED, '1');
  } catch {
    return undefined;
  }
  return navigator.storage.persist();
}

/** Dexie passes the browser's QuotaExceededError on, or wraps it (then it is the inner error). */
const isQuotaError = (error: unknown): boolean =>
  error instanceof Error &&
  (error.name === 'QuotaExceededError' || isQuotaError((error as Error & { inner?: unknown }).inner));

/** Frees what can be fetched again: media first, then cached stories and sentiment reports. */
export async function freeSpace(): Promise<void> {
  try {
    await caches.delete(MEDIA_CACHE);
  } catch {
    // No Cache Storage here.
  }
  await Promise.all([db.stories.clear(), db.storyPaging.clear(), db.sentiment.clear()]);
}

/** Runs a cache write; on a quota error frees space and tries once more. */
export async function writeWithRoom<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!isQuotaError(error)) throw error;
    await freeSpace();
    return write();
  }
}

/**
 * Empties Cache Storage of everything that can hold an account's data (issue 20: the account is
 * deleted): the media cache and any other, and Workbox's record of the media it cached (their
 * addresses). Workbox's precache stays: it holds only the app's own build, the same for every visitor,
 * and an installed app needs it to open offline.
 */
export async function emptyCaches(): Promise<void> {
  try {
    const names = await caches.keys();
    await Promise.all(names.filter((name) => !name.startsWith('workbox-precache')).map((name) => caches.delete(name)));
  } catch {
    // No Cache Storage here (an insecure origin): nothing to empty.
  }
  await clearStores(EXPIRATION_DB).catch(() => undefined);
}

/** Where Workbox keeps when each runtime-cached file was stored (src/sw/media.ts's expiration). */
const EXPIRATION_DB = 'workbox-expiration';

/**
 * Empties every store of a database another context (the service worker) may hold open: clearing needs
 * no exclusive access, as deleting the database would. A database that does not exist is not created.
 */
async function clearStores(name: string): Promise<void> {
  const database = await new Promise<IDBDatabase | undefined>((resolve) => {
    const open = indexedDB.open(name);
    open.onupgradeneeded = () => open.transaction?.abort();
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => resolve(undefined);
  });
  if (!database) return;
  try {
    const stores = Array.from(database.objectStoreNames);
    if (stores.length === 0) return;
    await new Promise<void>((resolve, reject) => {
      const transaction = database.transaction(stores, 'readwrite');
      for (const store of stores) transaction.objectStore(store).clear();
      transaction.oncomplete = () => resolve();
      transaction.onerror = () => reject(transaction.error);
      transaction.onabort = () => reject(transaction.error);
    });
  } finally {
    database.close();
  }
}
