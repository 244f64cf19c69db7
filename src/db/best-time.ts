// Best time to post, cached so the post analytics screen paints it at once and offline; a refresh
// writes here and the screen follows.
import { useLiveQuery } from 'dexie-react-hooks';
import { type BestTime, bestTimeSchema } from '../../common/schema/best-time.ts';
import { fetchBestTime } from '../api/best-time.ts';
import { writeWithRoom } from '../app/storage.ts';
import { db } from './db.ts';
import type { BestTimeRow } from './schema.ts';

/** The cached answer and when it was stored. */
export type CachedBestTime = Omit<BestTimeRow, 'id'>;

/** The cached answer; null when none is stored, or what is stored no longer reads as an answer. */
export async function readBestTime(): Promise<CachedBestTime | null> {
  const row = await db.bestTime.get('current');
  const parsed = bestTimeSchema.safeParse(row?.answer);
  return row && parsed.success ? { answer: parsed.data, updatedAt: row.updatedAt } : null;
}

/** The cached answer, live: undefined while reading, else as readBestTime. */
export function useBestTime(): CachedBestTime | null | undefined {
  return useLiveQuery(readBestTime, []);
}

/** Stores the server's answer, replacing the one before. */
export async function writeBestTime(answer: BestTime, now = Date.now()): Promise<void> {
  await writeWithRoom(() => db.bestTime.put({ id: 'current', answer, updatedAt: now }));
}

/** What a refresh came to: stored, failed (offline, a server error), or aborted (the screen closed). */
export type BestTimeRefresh = 'stored' | 'failed' | 'aborted';

/** Fetches the answer and stores it; a failure keeps what is cached. */
export async function refreshBestTime(signal?: AbortSignal): Promise<BestTimeRefresh> {
  const result = await fetchBestTime(signal);
  if (!result.ok) return result.error.kind === 'aborted' ? 'aborted' : 'failed';
  await writeBestTime(result.data);
  return 'stored';
}
