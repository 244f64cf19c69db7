// Post and reel analytics, post groups, sentiment reports, and the follower history: cached so
// each screen paints at once and opens offline; refreshes write here and the screens follow.
import { type Post, type PostGroupName, postGroupNames } from '../../common/schema/lists.ts';
import type { HistoryPoint, PostAnalysis, PostGroupData, Sentiment } from '../../common/schema/posts.ts';
import { writeWithRoom } from '../app/storage.ts';
import { db } from './db.ts';
import { type LocalRead, useLocalRead } from './local-read.ts';
import type { HistoryRow, PostAnalysisRow, PostGroupRow, SentimentRow } from './schema.ts';

/** The cached metrics (null when none is stored). */
export const postAnalysisRead: LocalRead<PostAnalysisRow | null> = {
  key: 'postAnalysis',
  read: async () => (await db.postAnalysis.get('current')) ?? null,
};

/** The cached metrics, live (undefined while reading, null when none is stored). */
export function usePostAnalysis(): PostAnalysisRow | null | undefined {
  return useLocalRead(postAnalysisRead);
}

export async function writePostAnalysis(analysis: PostAnalysis): Promise<void> {
  await writeWithRoom(() => db.postAnalysis.put({ ...analysis, id: 'current', updatedAt: Date.now() }));
}

/** A cached post group (null when none is stored). */
export function postGroupRead(group: PostGroupName, isReel: boolean): LocalRead<PostGroupRow | null> {
  return {
    key: `postGroup:${group}:${isReel}`,
    read: async () => (await db.postGroups.get([group, isReel ? 1 : 0])) ?? null,
  };
}

/** The three groups of post or reel analytics. */
export const postGroupReads = (isReel: boolean) => postGroupNames.map((group) => postGroupRead(group, isReel));

/** A cached post group, live (undefined while reading, null when none is stored). */
export function usePostGroup(group: PostGroupName, isReel: boolean): PostGroupRow | null | undefined {
  return useLocalRead(postGroupRead(group, isReel));
}

/** True when the cached row holds every post of its group. */
export const wholeGroup = (row: PostGroupRow) => row.complete !== false;

const samePosts = (a: readonly Post[], b: readonly Post[]) =>
  a.length === b.length &&
  a.every((post, i) => post.post_short_code === b[i]?.post_short_code && post.value === b[i]?.value);

/**
 * Stores a post group as the server sent it (spec §3 post_popularity item, with its source). `partial`:
 * the answer holds the group's first posts only. A whole group cached before stays whole when the first
 * posts and the count are unchanged, so view all still opens offline after post analytics refreshed it.
 */
export async function writePostGroup(group: PostGroupName, isReel: boolean, data: PostGroupData, partial = false) {
  const key: [PostGroupName, 0 | 1] = [group, isReel ? 1 : 0];
  await writeWithRoom(() =>
    db.transaction('rw', db.postGroups, async () => {
      const cached = partial ? await db.postGroups.get(key) : undefined;
      const kept =
        cached &&
        wholeGroup(cached) &&
        !cached.unavailable &&
        cached.post_count === data.post_count &&
        samePosts(cached.posts.slice(0, data.posts.length), data.posts);
      const row: PostGroupRow = {
        group,
        isReel: key[1],
        post_count: data.post_count,
        posts: kept ? cached.posts : data.posts,
        unavailable: data.unavailable ?? false,
        needs: data.needs,
        source: data.source,
        complete: kept || !partial || data.posts.length >= data.post_count,
        updatedAt: Date.now(),
      };
      await db.postGroups.put(row);
    }),
  );
}

/** A post's cached sentiment report, live. */
export function useSentiment(shortCode: string | undefined): SentimentRow | null | undefined {
  return useLocalRead({
    key: `sentiment:${shortCode ?? ''}`,
    read: async () => (shortCode ? ((await db.sentiment.get(shortCode)) ?? null) : null),
  });
}

export async function writeSentiment(shortCode: string, report: Sentiment): Promise<void> {
  await writeWithRoom(() => db.sentiment.put({ shortCode, report, updatedAt: Date.now() }));
}

/** The cached follower history (null when none is stored). */
export const historyRead: LocalRead<HistoryRow | null> = {
  key: 'history',
  read: async () => (await db.history.get('current')) ?? null,
};

/** The cached follower history, live. */
export function useHistory(): HistoryRow | null | undefined {
  return useLocalRead(historyRead);
}

export async function writeHistory(points: HistoryPoint[]): Promise<void> {
  await writeWithRoom(() => db.history.put({ id: 'current', points, updatedAt: Date.now() }));
}

/** Forgets what an analysis produced (Clear Data). */
export async function clearAnalytics(): Promise<void> {
  await Promise.all([db.history.clear(), db.sentiment.clear()]);
}
