// The app's own IndexedDB (src/db/schema.ts), as the service worker reads it without Dexie (issue 33):
// the login, to call the API while no page is open, and the user record, to refresh the dashboard's
// figures. A database that does not exist yet is never created here: Dexie creates it with its stores.
import { DATABASE_NAME } from '../db/name.ts';

const DATABASE = DATABASE_NAME;

function open(): Promise<IDBDatabase | undefined> {
  return new Promise((resolve) => {
    const request = indexedDB.open(DATABASE);
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => resolve(undefined);
    request.onblocked = () => resolve(undefined);
  });
}

function done<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** Runs `use` on the database, closed after; undefined when there is no database or store. */
async function withDatabase<T>(stores: string[], use: (database: IDBDatabase) => Promise<T>): Promise<T | undefined> {
  const database = await open();
  if (!database) return undefined;
  // A page upgrading the schema must not wait on the worker.
  database.onversionchange = () => database.close();
  try {
    if (!stores.every((store) => database.objectStoreNames.contains(store))) return undefined;
    return await use(database);
  } finally {
    database.close();
  }
}

/** The stored login's token, or undefined when nobody is logged in on this device. */
export async function storedToken(): Promise<string | undefined> {
  const login = await withDatabase(['login'], (database) =>
    done(
      database.transaction('login').objectStore('login').get('current') as IDBRequest<{ token?: string } | undefined>,
    ),
  );
  return typeof login?.token === 'string' ? login.token : undefined;
}

/**
 * Replaces the stored user record's figures with `record`, as the app does after a refresh, when it is
 * the same account from the same source. A change of source makes the app forget screens cached from
 * the old one (src/db/user.ts), which only the app does: that record waits for the app's own refresh.
 */
export async function refreshStoredUser(record: Record<string, unknown>, now: number): Promise<boolean> {
  const written = await withDatabase(['user'], async (database) => {
    const transaction = database.transaction('user', 'readwrite');
    const store = transaction.objectStore('user');
    const stored = (await done(store.get('current'))) as Record<string, unknown> | undefined;
    if (!stored || stored.username !== record.username || stored.data_source !== record.data_source) return false;
    store.put({ ...record, id: 'current', invalidUsernameMessage: stored.invalidUsernameMessage, updatedAt: now });
    await new Promise<void>((resolve, reject) => {
      transaction.oncomplete = () => resolve();
      transaction.onerror = () => reject(transaction.error);
    });
    return true;
  });
  return written ?? false;
}
