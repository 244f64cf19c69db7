// One collection of a connected professional account from the official API (issue 18), run by the
// analysis worker under the analysis's lease: the profile, every post and reel with its insights and
// comments (media.ts: a page of media at a time, checkpointed with its cursor, so a restart resumes),
// the owner's active stories with their insights (stories.ts), and the account's daily insights
// (days.ts). Only then are the account's counts committed, so a half-collected account never shows
// half-true figures.
import { eq, sql } from 'drizzle-orm';
import { officialAccount, officialDays, officialMedia, officialTokens, users } from '../../db/schema.ts';
import { refreshToken } from './consent.ts';
import { collectDays, followerCountSeries, INSIGHT_DAYS, onlineFollowers } from './days.ts';
import { GraphError, type ReconnectReason } from './graph.ts';
import { collectMedia } from './media.ts';
import { openToken, sealToken } from './seal.ts';
import { DAY_MS, dayOf, type OfficialDeps, orUnavailable, type Profile, stillHeld } from './shapes.ts';
import { collectStories } from './stories.ts';
import { officialCounts } from './windows.ts';

export { INSIGHT_DAYS } from './days.ts';
export { COMMENTS_PER_POST, MEDIA_PAGE } from './media.ts';
export type { OfficialDeps } from './shapes.ts';
export { graphTime } from './shapes.ts';

/** A token is refreshed once it is a day old (the platform's minimum) and within this of expiring. */
const REFRESH_WITHIN_MS = 30 * 24 * 3600_000;

/** Ends a collection whose token no longer works: the owner is asked to reconnect; nothing is lost. */
export class Reconnect extends Error {
  override name = 'Reconnect';
  constructor(readonly reason: ReconnectReason) {
    super(`official API token ${reason}`);
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
    // The app-scoped id the platform's signed requests name the owner by (deauthorize, data deletion).
    if (profile.id && profile.id !== account.officialAppUserId) {
      await db.update(users).set({ officialAppUserId: profile.id }).where(eq(users.id, userId));
    }
    await collectMedia(deps, token, igId, userId, analysisId, owner, signal);
    const stories = await orUnavailable(() => collectStories(deps, token, profile, igId, signal), deps.log);

    const now = clock().getTime();
    // The days the API has reported, each asked once (days.ts).
    const days = await collectDays(deps, token, igId, userId, now, signal);
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
    const t = tx as unknown as OfficialDeps['db'];
    await stillHeld(t, c.analysisId, c.owner, { status: 'complete', finishedAt: at, updatedAt: at });
    for (const day of c.days) {
      // A figure not asked again this time (follows held from an earlier collection) keeps what we hold.
      await t
        .insert(officialDays)
        .values(day)
        .onConflictDoUpdate({
          target: [officialDays.userId, officialDays.day],
          set: {
            follows: sql`coalesce(excluded.follows, ${officialDays.follows})`,
            unfollows: sql`coalesce(excluded.unfollows, ${officialDays.unfollows})`,
            profileViews: sql`coalesce(excluded.profile_views, ${officialDays.profileViews})`,
            reach: sql`coalesce(excluded.reach, ${officialDays.reach})`,
          },
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

    // The last 7 and 30 days the API has reported, to the newest of them (windows.ts).
    const counts = officialCounts(
      await t
        .select({
          day: officialDays.day,
          follows: officialDays.follows,
          unfollows: officialDays.unfollows,
          profileViews: officialDays.profileViews,
          reach: officialDays.reach,
        })
        .from(officialDays)
        .where(eq(officialDays.userId, c.userId)),
      followers,
    );
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
        // A count the API did not give is null here too (issue 49), never 0; officialCounts says why.
        newFollowers: counts.week.follows,
        followersLost: counts.week.unfollows,
        profileViewsCount: counts.week.visits,
        officialCounts: counts,
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
