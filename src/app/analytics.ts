// Refreshes of the analytics screens: fetch, write Dexie, and let the screens follow. A failure is
// shown only when there is nothing cached to show instead (offline, a cached screen stays quiet).

import type { PostGroupName } from '../../common/schema/lists.ts';
import { fetchBestTime } from '../api/best-time.ts';
import { fetchFollowerHistory, fetchPostAnalysis, fetchPostGroup } from '../api/posts.ts';
import { writeBestTime } from '../db/best-time.ts';
import { db } from '../db/db.ts';
import { wholeGroup, writeHistory, writePostAnalysis, writePostGroup } from '../db/posts.ts';
import { createStore } from './store.ts';
import { showToast } from './toast.tsx';

/**
 * What could not be loaded and is not cached either, so a screen says so instead of loading
 * forever (issue 8: never stuck on a spinner). Keys: 'postAnalysis', 'group:<name>:<isReel>'.
 */
export const unavailable = createStore<ReadonlySet<string>>(new Set());

function mark(key: string, missing: boolean) {
  const now = unavailable.get();
  if (now.has(key) === missing) return;
  const next = new Set(now);
  if (missing) next.add(key);
  else next.delete(key);
  unavailable.set(next);
}

export const groupKey = (group: PostGroupName, isReel: boolean) => `group:${group}:${isReel}`;

async function report(key: string, message: string, cached: boolean, aborted: boolean) {
  if (aborted || cached) return;
  mark(key, true);
  showToast(message);
}

export async function refreshPostAnalysis(signal?: AbortSignal): Promise<void> {
  const result = await fetchPostAnalysis(signal);
  if (result.ok) {
    await writePostAnalysis(result.data);
    mark('postAnalysis', false);
  } else
    await report(
      'postAnalysis',
      result.error.message,
      Boolean(await db.postAnalysis.get('current')),
      result.error.kind === 'aborted',
    );
}

/**
 * Fetches a post group and stores it: its first `limit` posts (what post analytics shows), or the whole
 * group (view all). A failure is shown when the cache lacks what was asked for.
 */
export async function refreshPostGroup(
  group: PostGroupName,
  isReel: boolean,
  signal?: AbortSignal,
  limit?: number,
): Promise<void> {
  const result = await fetchPostGroup(group, isReel, signal, limit);
  if (result.ok) {
    await writePostGroup(group, isReel, result.data, limit !== undefined);
    mark(groupKey(group, isReel), false);
  } else {
    const cached = await db.postGroups.get([group, isReel ? 1 : 0]);
    await report(
      groupKey(group, isReel),
      result.error.message,
      cached !== undefined && (limit !== undefined || wholeGroup(cached)),
      result.error.kind === 'aborted',
    );
  }
}

export async function refreshHistory(signal?: AbortSignal): Promise<void> {
  const result = await fetchFollowerHistory(signal);
  if (result.ok) await writeHistory(result.data);
  // The chart is an extra on the dashboard: its failure never interrupts with a toast.
}

/** What a refresh came to: stored, failed (offline, a server error), or aborted (the screen closed). */
export type BestTimeRefresh = 'stored' | 'failed' | 'aborted';

/** Fetches best time to post and stores it; a failure keeps what is cached. */
export async function refreshBestTime(signal?: AbortSignal): Promise<BestTimeRefresh> {
  const result = await fetchBestTime(signal);
  if (!result.ok) return result.error.kind === 'aborted' ? 'aborted' : 'failed';
  await writeBestTime(result.data);
  return 'stored';
}
