// The user record (spec §3): views read it live; refreshes write it.
import { useLiveQuery } from 'dexie-react-hooks';
import type { UserRecord } from '../api/schema/user.ts';
import { db } from './db.ts';
import type { UserRow } from './schema.ts';

/** The cached user record, live; undefined until read or when none is stored. */
export function useUserRecord(): UserRow | undefined {
  return useLiveQuery(() => db.user.get('current'), []);
}

/** Stores the user record as the server sent it, with the invalid-username message if there was one. */
export async function writeUserRecord(record: UserRecord, now = Date.now(), invalidUsernameMessage?: string) {
  await db.user.put({ ...record, id: 'current', invalidUsernameMessage, updatedAt: now });
}
