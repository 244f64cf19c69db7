// Best time to post, cached so the post analytics screen paints it at once and offline; a refresh
// writes here and the screen follows.
import { type BestTime, bestTimeSchema } from '../../common/schema/best-time.ts';
import { writeWithRoom } from '../app/storage.ts';
import { db } from './db.ts';
import { type LocalRead, useLocalRead } from './local-read.ts';
import type { BestTimeRow } from './schema.ts';

/** The cached answer and when it was stored. */
export type CachedBestTime = Omit<BestTimeRow, 'id'>;

/** The cached answer; null when none is stored, or what is stored no longer reads as an answer. */
export async function readBestTime(): Promise<CachedBestTime | null> {
  const row = await db.bestTime.get('current');
  const parsed = bestTimeSchema.safeParse(row?.answer);
  return row && parsed.success ? { answer: parsed.data, updatedAt: row.updatedAt } : null;
}

/** The cached answer, as readBestTime. */
export const bestTimeRead: LocalRead<CachedBestTime | null> = { key: 'bestTime', read: readBestTime };

/** The cached answer, live: undefined while reading, else as readBestTime. */
export function useBestTime(): CachedBestTime | null | undefined {
  return useLocalRead(bestTimeRead);
}

/** Stores the server's answer, replacing the one before. */
export async function writeBestTime(answer: BestTime, now = Date.now()): Promise<void> {
  await writeWithRoom(() => db.bestTime.put({ id: 'current', answer, updatedAt: now }));
}
