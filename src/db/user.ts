// The user record (spec §3): views read it live; refreshes write it.
import { useLiveQuery } from 'dexie-react-hooks';
import type { UserRecord } from '../api/schema/user.ts';
import { db } from './db.ts';
import type { UserRow } from './schema.ts';

/** The cached user record, live; undefined until read or when none is stored. */
export function useUserRecord(): UserRow | undefined {
  return useLiveQuery(() => db.user.get('current'), []);
}

/** Stores the user record as the server sent it. */
export async function writeUserRecord(record: UserRecord, now = Date.now()): Promise<void> {
  await db.user.put({ ...record, id: 'current', updatedAt: now });
}
