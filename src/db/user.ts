// The user record (spec §3): views read it live; refreshes write it.
import type { UserRecord } from '../../common/schema/user.ts';
import { accountSources } from '../app/sources/account.ts';
import { db } from './db.ts';
import { type LocalRead, useLocalRead } from './local-read.ts';
import { forgetRemembered } from './remembered.ts';
import type { UserRow } from './schema.ts';

/** The cached user record: every logged-in screen's first read. */
export const userRead: LocalRead<UserRow | undefined> = { key: 'user', read: () => db.user.get('current') };

/** The cached user record, live; undefined until read or when none is stored. */
export function useUserRecord(): UserRow | undefined {
  return useLocalRead(userRead);
}

/** Where the figures of a record came from, and whether it is the demo's: what cached screens depend on. */
function sourceKey(record: UserRecord | undefined): string {
  const account = accountSources(record);
  return `${account.figures?.source ?? 'none'}:${account.demo}`;
}

/** The row's content, without the time it was written. */
const content = ({ updatedAt: _, ...row }: UserRow) => JSON.stringify(row);

/**
 * Stores the user record as the server sent it, with the invalid-username message if there was one.
 * When the figures' source changed (sample figures withdrawn, a first download), every screen cached
 * from the old source is forgotten, so no old figure shows under the new source's name (issue 17).
 * A record equal to the stored one is not written again: every screen refreshes it as it opens, and each
 * write made every part of the screen that shows the account render again, on a phone's slow CPU, for
 * nothing (issue 31). Nothing reads the row's write time.
 */
export async function writeUserRecord(record: UserRecord, now = Date.now(), invalidUsernameMessage?: string) {
  const tables = [
    db.user,
    db.listPages,
    db.postAnalysis,
    db.postGroups,
    db.stories,
    db.storyPaging,
    db.sentiment,
    db.history,
    db.bestTime,
  ];
  await db.transaction('rw', tables, async () => {
    const previous = await db.user.get('current');
    const row: UserRow = { ...record, id: 'current', invalidUsernameMessage, updatedAt: now };
    if (previous && content(previous) === content(row)) return;
    await db.user.put(row);
    if (!previous || sourceKey(previous) === sourceKey(record)) return;
    await Promise.all(tables.slice(1).map((table) => table.clear()));
    forgetRemembered();
  });
}
