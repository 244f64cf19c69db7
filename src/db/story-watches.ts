// Story users this device showed in the viewer (issue 36), so the stories list marks them seen at once,
// offline too. Items live a day, so what is older than two days is of no use and goes.
import { useMemo } from 'react';
import { db } from './db.ts';
import { type LocalRead, useLocalRead } from './local-read.ts';

const KEPT_MS = 2 * 24 * 3_600_000;

/** How far each watched story user was seen (their id → the newest item's taken_at), live. */
export function useStoryWatches(): Map<string, number> | undefined {
  const rows = useLocalRead(storyWatchesRead);
  return useMemo(() => (rows ? new Map(rows.map((row) => [row.id, row.seenUntil])) : undefined), [rows]);
}

const storyWatchesRead: LocalRead<Array<{ id: string; seenUntil: number }>> = {
  key: 'storyWatches',
  read: async () => (await db.storyWatches.toArray()).map(({ id, seenUntil }) => ({ id, seenUntil })),
};

/** Records a watch; true when it is newer than what this device had (so it is worth telling the server). */
export async function recordStoryWatch(id: string, seenUntil: number, now = Date.now()): Promise<boolean> {
  return db.transaction('rw', db.storyWatches, async () => {
    await db.storyWatches
      .where('updatedAt')
      .below(now - KEPT_MS)
      .delete();
    const known = await db.storyWatches.get(id);
    if (known && known.seenUntil >= seenUntil) return false;
    await db.storyWatches.put({ id, seenUntil, updatedAt: now });
    return true;
  });
}
