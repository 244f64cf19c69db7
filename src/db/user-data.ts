// spec §3 userData: an expired user's token, used only to renew (spec §7 renew/plan).
import { db } from './db.ts';
import type { UserDataRow } from './schema.ts';

export type UserData = Omit<UserDataRow, 'id' | 'updatedAt'>;

/** Keeps the renewal token of an expired user. */
export async function writeUserData(data: UserData, now = Date.now()): Promise<void> {
  await db.userData.put({ ...data, id: 'current', updatedAt: now });
}

/** The renewal token, if an expired user chose Activate. */
export async function readUserData(): Promise<UserData | undefined> {
  const row = await db.userData.get('current');
  if (!row) return undefined;
  const { id: _id, updatedAt: _at, ...data } = row;
  return data;
}

/** Forgets it (the drawer's Cancel, or a completed renewal). */
export async function clearUserData(): Promise<void> {
  await db.userData.clear();
}
