// The stored login (spec §3). Read by the session store and the API client; written on login/logout.
import { db } from './db.ts';
import { forgetRemembered } from './remembered.ts';
import type { LoginRow } from './schema.ts';

export type Login = Omit<LoginRow, 'id' | 'updatedAt'>;

/** The stored login, if any. */
export async function readLogin(): Promise<Login | undefined> {
  const row = await db.login.get('current');
  if (!row) return undefined;
  const { id: _id, updatedAt: _at, ...login } = row;
  return login;
}

/** Stores the login, replacing any earlier one. */
export async function writeLogin(login: Login, now = Date.now()): Promise<void> {
  await db.login.put({ ...login, id: 'current', updatedAt: now });
}

/** Forgets everything stored for this browser (spec §4 Logout: clears all local storage). */
export async function clearAllLocalData(): Promise<void> {
  await db.transaction('rw', db.tables, async () => {
    await Promise.all(db.tables.map((table) => table.clear()));
  });
  forgetRemembered();
}

/**
 * Deletes this browser's database itself (issue 20: the account is deleted), not only its rows. The
 * next use opens a new, empty one.
 */
export async function deleteLocalDatabase(): Promise<void> {
  await db.delete({ disableAutoOpen: false });
  forgetRemembered();
}
