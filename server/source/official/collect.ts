// One collection of a connected professional account from the official API (issue 18), run by the
// analysis worker under the analysis's lease: the profile, every post and reel with its insights and
// comments (a page of media at a time, checkpointed with its cursor, so a restart resumes), the
// owner's active stories with their insights, and the account's daily insights. Only then are the
// account's counts committed, so a half-collected account never shows half-true figures.
import { and, eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { Cancelled, LeaseLost } from '../../analysis/collect.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { analyses, officialAccount, officialDays, officialMedia, officialTokens, users } from '../../db/schema.ts';
import type { SourceStoryUser } from '../connector.ts';
import { refreshToken } from './consent.ts';
import { type GraphClient, GraphError } from './graph.ts';
import { openToken, sealToken } from './seal.ts';
import type { OfficialSettings } from './settings.ts';

/** Media asked for per page (the platform's documented maximum for the media edge is 100). */
export const MEDIA_PAGE = 100;
/** Comments kept per post for the sentiment screen: the newest, as the API lists them. */
export const COMMENTS_PER_POST = 1_000;
/** A post older than this whose likes and comments did not move keeps its insights (see collectMedia). */
const SETTLED_AFTER_MS = 30 * 24 * 3600_000;
/** Days of account insights kept: the API answers at most 30 days back. */
export const INSIGHT_DAYS = 30;
/** Days the dashboard's new and lost followers and profile visits count. */
export const COUNT_DAYS = 7;
/** A token is refreshed once it is a day old (the platform's minimum) and within this of expiring. */
const REFRESH_WITHIN_MS = 30 * 24 * 3600_000;
const DAY_MS = 24 * 3600_000;

const MEDIA_FIELDS =
  'id,media_type,media_product_type,media_url,thumbnail_url,permalink,shortcode,timestamp,like_count,comments_count,' +
  'children{media_type,media_url,thumbnail_url}';
const MEDIA_METRICS = ['views', 'reach', 'saved', 'shares', 'total_interactions'] as const;
const STORY_METRICS = ['views', 'reach', 'replies', 'shares', 'total_interactions'] as const;

export interface OfficialDeps {
  db: Database;
  clock: Clock;
  graph: GraphClient;
  settings: OfficialSettings;
  /** Seals tokens at rest. */
  tokenKey: Buffer;
  fetch?: typeof fetch;
}

/** Ends a collection whose token no longer works: the owner is asked to reconnect; nothing is lost. */
export class Reconnect extends Error {
  override name = 'Reconnect';
  constructor(readonly reason: 'expired' | 'revoked') {
    super(`official API token ${reason}`);
  }
}

interface MediaNode {
  id: string;
  media_type?: string;
  media_product_type?: string;
  media_url?: string;
  thumbnail_url?: string;
  permalink?: string;
  shortcode?: string;
  timestamp?: string;
  like_count?: number;
  comments_count?: number;
  children?: { data?: { media_type?: string; media_url?: string; thumbnail_url?: string }[] };
}

interface InsightValue {
  name: string;
  period?: string;
  values?: { value: unknown; end_time?: string }[];
  total_value?: {
    value?: number;
    breakdowns?: { dimension_keys?: string[]; results?: { dimension_values?: string[]; value?: number }[] }[];
  };
}

interface Profile {
  user_id?: string;
  id?: string;
  username?: string;
  name?: string;
  profile_picture_url?: string;
  followers_count?: number;
  follows_count?: number;
  media_count?: number;
}

/** `2026-11-20T10:15:00+0000` (the platform's form) or any ISO 8601 time. */
export function graphTime(text: string | undefined): Date {
  const date = new Date((text ?? '').replace(/([+-]\d\d)(\d\d)$/, '$1:$2'));
  return Number.isNaN(date.getTime()) ? new Date(0) : date;
}

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The analysis's worker still holds it: every write of a collection checks this first. */
async function stillHeld(db: Database, analysisId: string, owner: string, set: PgUpdateSetSource<typeof analyses>) {
  const saved = await db
    .update(analyses)
    .set(set)
    .where(and(eq(analyses.id, analysisId), eq(analyses.leaseOwner, owner)))
    .returning({ id: analyses.id });
  if (!saved.length) throw new LeaseLost();
}

/** Runs `call`, turning a token error into Reconnect and a missing insight into undefined. */
async function orUnavailable<T>(call: () => Promise<T>): Promise<T | undefined> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof GraphError && error.problem.kind === 'unavailable') return undefined;
    throw error;
  }
}

/** The user's token, refreshed when it is due; Reconnect when there is none that works. */
export async function liveToken(deps: OfficialDeps, userId: string): Promise<string> {
  const { db, clock, settings, tokenKey } = deps;
  const [row] = await db.select().from(officialTokens).where(eq(officialTokens.userId, userId));
  const token = row && openToken(tokenKey, userId, row.sealed);
  const now = clock().getTime();
  if (!row || !token || row.expiresAt.getTime() <= now) throw new Reconnect('expired');
  const due = now - row.issuedAt.getTime() >= DAY_MS && row.expiresAt.getTime() - now <= REFRESH_WITHIN_MS;
  if (!due) return token;
  try {
    const fresh = await refreshToken(settings, token, now, deps.fetch);
    await db
      .update(officialTokens)
      .set({ sealed: sealToken(tokenKey, userId, fresh.token), issuedAt: new Date(now), expiresAt: fresh.expiresAt })
      .where(eq(officialTokens.userId, userId));
    return fresh.token;
  } catch {
    // The old token still works until it expires; the next collection tries again.
    return token;
  }
}

function childrenOf(node: MediaNode) {
  return (node.children?.data ?? []).map((child) => ({
    type: child.media_type === 'VIDEO' ? ('video' as const) : ('image' as const),
    url: child.media_url ?? '',
    thumbnailUrl: child.thumbnail_url ?? child.media_url ?? '',
  }));
}

/** A lifetime insight's value by name, from an insights answer. */
function lifetime(answer: { data?: InsightValue[] } | undefined, name: string): number | null {
  const found = answer?.data?.find((entry) => entry.name === name);
  const value = found?.total_value?.value ?? found?.values?.[0]?.value;
  return typeof value === 'number' ? value : null;
}

async function commentTexts(deps: OfficialDeps, token: string, mediaId: string, signal: AbortSignal) {
  const texts: string[] = [];
  const pages = deps.graph.pages<{ text?: string; replies?: { data?: { text?: string }[] } }>(
    `/${mediaId}/comments`,
    { fields: 'id,text,timestamp,replies{id,text,timestamp}', limit: '50' },
    token,
    signal,
  );
  for await (const page of pages) {
    for (const comment of page.data) {
      if (comment.text) texts.push(comment.text);
      for (const reply of comment.replies?.data ?? []) if (reply.text) texts.push(reply.text);
    }
    if (texts.length >= COMMENTS_PER_POST) break;
  }
  return texts.slice(0, COMMENTS_PER_POST);
}

/** Collects the media from the analysis's checkpoint to the end, a page per transaction. */
async function collectMedia(
  deps: OfficialDeps,
  token: string,
  igId: string,
  userId: string,
  analysisId: string,
  owner: string,
  signal: AbortSignal,
) {
  const { db, graph, clock } = deps;
  const [row] = await db.select({ cursor: analyses.mediaCursor }).from(analyses).where(eq(analyses.id, analysisId));
  if (row?.cursor === 'done') return;
  // What we hold already: a post's comments are read again only when its count moved.
  const known = new Map(
    (
      await db
        .select({
          id: officialMedia.mediaId,
          likes: officialMedia.likes,
          comments: officialMedia.comments,
          has: sql<boolean>`comment_texts is not null`,
          measured: sql<boolean>`${officialMedia.reach} is not null`,
        })
        .from(officialMedia)
        .where(eq(officialMedia.userId, userId))
    ).map((media) => [media.id, media]),
  );
  const pages = graph.pages<MediaNode>(
    `/${igId}/media`,
    { fields: MEDIA_FIELDS, limit: String(MEDIA_PAGE) },
    token,
    signal,
    row?.cursor ?? null,
  );
  for await (const page of pages) {
    const rows: (typeof officialMedia.$inferInsert)[] = [];
    for (const node of page.data) {
      if (signal.aborted) throw new Cancelled();
      const comments = node.comments_count ?? 0;
      const before = known.get(node.id);
      // A post's insights settle: one older than a month whose likes and comments did not move keeps
      // the insights we hold, so a daily collection of a large account costs a call per page, not per post.
      const settled =
        before?.measured &&
        before.likes === (node.like_count ?? 0) &&
        before.comments === comments &&
        graphTime(node.timestamp).getTime() < clock().getTime() - SETTLED_AFTER_MS;
      const insights = settled
        ? undefined
        : await orUnavailable(() =>
            graph.get<{ data?: InsightValue[] }>(
              `/${node.id}/insights`,
              { metric: MEDIA_METRICS.join(',') },
              token,
              signal,
            ),
          );
      const texts =
        comments === 0
          ? []
          : before?.has && before.comments === comments
            ? undefined
            : await orUnavailable(() => commentTexts(deps, token, node.id, signal));
      rows.push({
        userId,
        mediaId: node.id,
        shortcode: node.shortcode ?? node.id,
        product: node.media_product_type === 'REELS' ? 'REELS' : 'FEED',
        mediaType: node.media_type ?? 'IMAGE',
        takenAt: graphTime(node.timestamp),
        likes: node.like_count ?? 0,
        comments,
        views: lifetime(insights, 'views'),
        reach: lifetime(insights, 'reach'),
        saved: lifetime(insights, 'saved'),
        shares: lifetime(insights, 'shares'),
        interactions: lifetime(insights, 'total_interactions'),
        permalink: node.permalink ?? '',
        mediaUrl: node.media_url ?? '',
        thumbnailUrl: node.thumbnail_url ?? node.media_url ?? '',
        children: childrenOf(node),
        ...(texts !== undefined && { commentTexts: texts }),
        collectedAt: clock(),
      });
    }
    // The page and the cursor after it together: a restart neither skips nor repeats a page.
    await db.transaction(async (tx) => {
      await stillHeld(tx as unknown as Database, analysisId, owner, {
        mediaCursor: page.next ?? 'done',
        followersCollected: sql`${analyses.followersCollected} + ${rows.length}`,
        updatedAt: clock(),
      });
      if (rows.length) {
        await tx
          .insert(officialMedia)
          .values(rows)
          .onConflictDoUpdate({
            target: [officialMedia.userId, officialMedia.mediaId],
            set: {
              likes: sql`excluded.likes`,
              comments: sql`excluded.comments`,
              // A settled post's insights are not asked again: what we hold stays.
              views: sql`coalesce(excluded.views, ${officialMedia.views})`,
              reach: sql`coalesce(excluded.reach, ${officialMedia.reach})`,
              saved: sql`coalesce(excluded.saved, ${officialMedia.saved})`,
              shares: sql`coalesce(excluded.shares, ${officialMedia.shares})`,
              interactions: sql`coalesce(excluded.interactions, ${officialMedia.interactions})`,
              mediaUrl: sql`excluded.media_url`,
              thumbnailUrl: sql`excluded.thumbnail_url`,
              children: sql`excluded.children`,
              commentTexts: sql`coalesce(excluded.comment_texts, ${officialMedia.commentTexts})`,
              collectedAt: sql`excluded.collected_at`,
            },
          });
      }
    });
  }
}

/** The owner's stories up now, as the stories screen shows an account, with each one's insights. */
async function collectStories(deps: OfficialDeps, token: string, profile: Profile, igId: string, signal: AbortSignal) {
  const { graph } = deps;
  const items: (SourceStoryUser['items'][number] & { insights: Record<string, number | null> })[] = [];
  const pages = graph.pages<MediaNode>(
    `/${igId}/stories`,
    { fields: 'id,media_type,media_url,thumbnail_url,permalink,timestamp' },
    token,
    signal,
  );
  for await (const page of pages) {
    for (const node of page.data) {
      const insights = await orUnavailable(() =>
        graph.get<{ data?: InsightValue[] }>(
          `/${node.id}/insights`,
          { metric: STORY_METRICS.join(',') },
          token,
          signal,
        ),
      );
      const takenAt = graphTime(node.timestamp).getTime();
      const video = node.media_type === 'VIDEO';
      items.push({
        id: node.id,
        mediaType: video ? 'video' : 'image',
        url: node.media_url ?? '',
        thumbnailUrl: node.thumbnail_url ?? node.media_url ?? '',
        width: 1080,
        height: 1920,
        durationMs: video ? 15_000 : 5_000,
        takenAt,
        expiringAt: takenAt + DAY_MS,
        insights: Object.fromEntries(STORY_METRICS.map((name) => [name, lifetime(insights, name)])),
      });
    }
  }
  return {
    id: igId,
    username: profile.username ?? '',
    name: profile.name ?? profile.username ?? '',
    profileImage: profile.profile_picture_url ?? '',
    thumbnailImage: profile.profile_picture_url ?? '',
    items,
  };
}

/** One day's account insights: follows and unfollows, profile visits, reach (each null when not given). */
async function dayInsights(deps: OfficialDeps, token: string, igId: string, day: number, signal: AbortSignal) {
  const since = String(Math.floor(day / 1000));
  const until = String(Math.floor((day + DAY_MS) / 1000));
  const range = { period: 'day', metric_type: 'total_value', since, until };
  const follows = await orUnavailable(() =>
    deps.graph.get<{ data?: InsightValue[] }>(
      `/${igId}/insights`,
      { ...range, metric: 'follows_and_unfollows', breakdown: 'follow_type' },
      token,
      signal,
    ),
  );
  const counts = { FOLLOWER: null as number | null, NON_FOLLOWER: null as number | null };
  for (const breakdown of follows?.data?.[0]?.total_value?.breakdowns ?? []) {
    for (const result of breakdown.results ?? []) {
      const kind = result.dimension_values?.[0];
      if (kind === 'FOLLOWER' || kind === 'NON_FOLLOWER') counts[kind] = result.value ?? 0;
    }
  }
  // A day with no follows or unfollows has no breakdown rows: zero, if the metric itself answered.
  if (follows?.data?.length) {
    counts.FOLLOWER ??= 0;
    counts.NON_FOLLOWER ??= 0;
  }
  const visits = await orUnavailable(() =>
    deps.graph.get<{ data?: InsightValue[] }>(
      `/${igId}/insights`,
      { ...range, metric: 'profile_views,reach' },
      token,
      signal,
    ),
  );
  return {
    follows: counts.FOLLOWER,
    unfollows: counts.NON_FOLLOWER,
    profileViews: lifetime(visits, 'profile_views'),
    reach: lifetime(visits, 'reach'),
  };
}

/** Followers online per hour (UTC), the newest day the API gives; null when it gives none. */
async function onlineFollowers(deps: OfficialDeps, token: string, igId: string, signal: AbortSignal) {
  const answer = await orUnavailable(() =>
    deps.graph.get<{ data?: InsightValue[] }>(
      `/${igId}/insights`,
      { metric: 'online_followers', period: 'lifetime' },
      token,
      signal,
    ),
  );
  const values = answer?.data?.[0]?.values ?? [];
  const newest = [...values].reverse().find((entry) => entry.value && typeof entry.value === 'object');
  if (!newest) return null;
  const hours = newest.value as Record<string, number>;
  const counts = Array.from({ length: 24 }, (_, hour) => Number(hours[String(hour)] ?? 0));
  return counts.some((count) => count > 0) ? counts : null;
}

/** The API's daily follower counts over the last 30 days (new followers each day), or none. */
async function followerCountSeries(deps: OfficialDeps, token: string, igId: string, now: number, signal: AbortSignal) {
  const answer = await orUnavailable(() =>
    deps.graph.get<{ data?: InsightValue[] }>(
      `/${igId}/insights`,
      {
        metric: 'follower_count',
        period: 'day',
        since: String(Math.floor((now - (INSIGHT_DAYS - 1) * DAY_MS) / 1000)),
        until: String(Math.floor(now / 1000)),
      },
      token,
      signal,
    ),
  );
  return (answer?.data?.[0]?.values ?? []).flatMap((entry) =>
    typeof entry.value === 'number' && entry.end_time
      ? [{ day: dayOf(graphTime(entry.end_time).getTime() - 1), value: entry.value }]
      : [],
  );
}

export interface OfficialOutcome {
  followers: number;
  following: number;
}

/** The whole collection; throws Reconnect, Cancelled or LeaseLost as the worker expects. */
export async function collectOfficial(
  deps: OfficialDeps,
  analysisId: string,
  userId: string,
  owner: string,
  signal: AbortSignal,
): Promise<OfficialOutcome> {
  const { db, graph, clock } = deps;
  const [account] = await db.select().from(users).where(eq(users.id, userId));
  if (!account?.officialAccountId) throw new Reconnect('expired');
  const token = await liveToken(deps, userId);
  try {
    const profile = await graph.get<Profile>(
      '/me',
      { fields: 'user_id,username,name,profile_picture_url,followers_count,follows_count,media_count' },
      token,
      signal,
    );
    const igId = String(profile.user_id ?? profile.id ?? account.officialAccountId);
    await stillHeld(db, analysisId, owner, { accountId: igId, updatedAt: clock() });
    await collectMedia(deps, token, igId, userId, analysisId, owner, signal);
    const stories = await orUnavailable(() => collectStories(deps, token, profile, igId, signal));

    const now = clock().getTime();
    const today = Date.parse(`${dayOf(now)}T00:00:00Z`);
    // Days already complete are not asked again; today (still moving) and yesterday always are.
    const stored = new Set(
      (
        await db
          .select({ day: officialDays.day })
          .from(officialDays)
          .where(and(eq(officialDays.userId, userId), sql`${officialDays.follows} is not null`))
      ).map((row) => row.day),
    );
    const days: (typeof officialDays.$inferInsert)[] = [];
    for (let back = INSIGHT_DAYS - 1; back >= 0; back--) {
      const day = today - back * DAY_MS;
      if (back > 1 && stored.has(dayOf(day))) continue;
      days.push({ userId, day: dayOf(day), ...(await dayInsights(deps, token, igId, day, signal)) });
    }
    const series = await followerCountSeries(deps, token, igId, now, signal);
    const online = await onlineFollowers(deps, token, igId, signal);
    await commitOfficial(deps, { analysisId, userId, owner, profile, stories, days, series, online, now });
    return { followers: profile.followers_count ?? 0, following: profile.follows_count ?? 0 };
  } catch (error) {
    if (error instanceof GraphError && error.problem.kind === 'reconnect') throw new Reconnect(error.problem.reason);
    throw error;
  }
}

interface Collected {
  analysisId: string;
  userId: string;
  owner: string;
  profile: Profile;
  stories: Awaited<ReturnType<typeof collectStories>> | undefined;
  days: (typeof officialDays.$inferInsert)[];
  series: { day: string; value: number }[];
  online: number[] | null;
  now: number;
}

/** Writes the account's figures in one transaction: its counts, days, stories and the analysis's end. */
async function commitOfficial(deps: OfficialDeps, c: Collected): Promise<void> {
  const { db } = deps;
  const at = new Date(c.now);
  const followers = c.profile.followers_count ?? 0;
  const following = c.profile.follows_count ?? 0;
  await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    await stillHeld(t, c.analysisId, c.owner, { status: 'complete', finishedAt: at, updatedAt: at });
    for (const day of c.days) {
      await t
        .insert(officialDays)
        .values(day)
        .onConflictDoUpdate({
          target: [officialDays.userId, officialDays.day],
          set: { follows: day.follows, unfollows: day.unfollows, profileViews: day.profileViews, reach: day.reach },
        });
    }
    // Followers at the end of each past day: today's count, less the follows and plus the unfollows of
    // the days after it (follower_count is the new followers of a day: it stands in for a day's follows
    // when follows_and_unfollows gave none); a day we recorded ourselves keeps our figure.
    const newFollowers = new Map(c.series.map((point) => [point.day, point.value]));
    const stored = await t.select().from(officialDays).where(eq(officialDays.userId, c.userId));
    const byDay = new Map(stored.map((day) => [day.day, day]));
    let total = followers;
    for (let back = 1; back < INSIGHT_DAYS; back++) {
      const after = byDay.get(dayOf(c.now - (back - 1) * DAY_MS));
      const follows = after?.follows ?? newFollowers.get(after?.day ?? '') ?? null;
      if (!after || follows === null || after.unfollows === null) break;
      total -= follows - after.unfollows;
      const day = dayOf(c.now - back * DAY_MS);
      await t
        .insert(officialDays)
        .values({ userId: c.userId, day, followers: total })
        .onConflictDoUpdate({
          target: [officialDays.userId, officialDays.day],
          set: { followers: sql`coalesce(${officialDays.followers}, ${total})` },
        });
    }
    await t
      .insert(officialDays)
      .values({ userId: c.userId, day: dayOf(c.now), followers, following })
      .onConflictDoUpdate({ target: [officialDays.userId, officialDays.day], set: { followers, following } });

    const recent = await t
      .select({
        follows: sql<number>`coalesce(sum(${officialDays.follows}), 0)`.mapWith(Number),
        unfollows: sql<number>`coalesce(sum(${officialDays.unfollows}), 0)`.mapWith(Number),
        views: sql<number>`coalesce(sum(${officialDays.profileViews}), 0)`.mapWith(Number),
      })
      .from(officialDays)
      .where(and(eq(officialDays.userId, c.userId), sql`${officialDays.day} > ${dayOf(c.now - COUNT_DAYS * DAY_MS)}`));
    const media = await t
      .select({
        posts: sql<number>`count(*) filter (where ${officialMedia.product} = 'FEED')`.mapWith(Number),
        reels: sql<number>`count(*) filter (where ${officialMedia.product} = 'REELS')`.mapWith(Number),
        latest: sql<Date | null>`max(${officialMedia.takenAt})`,
      })
      .from(officialMedia)
      .where(eq(officialMedia.userId, c.userId));
    const storyCount = c.stories?.items.length ?? 0;
    await t
      .insert(officialAccount)
      .values({ userId: c.userId, stories: c.stories ?? null, onlineFollowers: c.online, collectedAt: at })
      .onConflictDoUpdate({
        target: officialAccount.userId,
        set: { stories: c.stories ?? null, onlineFollowers: c.online, collectedAt: at },
      });
    const latest = media[0]?.latest;
    await t
      .update(users)
      .set({
        instaFullName: c.profile.name ?? '',
        instaImageUrl: c.profile.profile_picture_url ?? '',
        isPrivate: false,
        totalFollowers: followers,
        totalFollowing: following,
        newFollowers: recent[0]?.follows ?? 0,
        followersLost: recent[0]?.unfollows ?? 0,
        profileViewsCount: recent[0]?.views ?? 0,
        postCount: media[0]?.posts ?? 0,
        reelCount: media[0]?.reels ?? 0,
        storiesCount: storyCount,
        latestPostDateTime: latest ? new Date(latest) : null,
        lastUpdatedAt: at,
        dataSource: 'official',
        dataTakenAt: at,
        officialCollectedAt: at,
        officialStatus: 'active',
      })
      .where(eq(users.id, c.userId));
  });
}
