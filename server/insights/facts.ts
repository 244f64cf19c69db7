// The facts an insight is written from (spec §7): the account's stored counts, its history and its posts'
// figures, each from the source the counts came from (issue 17). The insight route and the rebuild after an
// analysis or an import (issue 51) both read them here.
import { and, asc, count, eq } from 'drizzle-orm';
import type { Provenance } from '../../common/schema/provenance.ts';
import { officialCountsSchema } from '../../common/schema/user.ts';
import type { CollectorCore } from '../../wasm/collector.ts';
import { importedPosts } from '../analysis/imports.ts';
import { downloadMetricsOf, metricsOf } from '../api/v1/posts.ts';
import type { UserRow } from '../auth/tokens.ts';
import type { Database } from '../db/client.ts';
import { analyses, snapshots } from '../db/schema.ts';
import type { SourceConnector } from '../source/connector.ts';
import { officialDaysOf, officialPosts } from '../source/official/store.ts';
import { figuresProvenance } from '../source/sources.ts';
import type { InsightFacts, PostFigures } from './writer.ts';

/** What reading the facts needs. */
export interface FactsDeps {
  db: Database;
  clock: () => Date;
  network: SourceConnector;
  core: CollectorCore;
}

/** The stored figures the insight is written from, and where they came from. */
export async function insightFacts(deps: FactsDeps, user: UserRow): Promise<InsightFacts> {
  const { db, clock, network, core } = deps;
  const source = figuresProvenance(user);
  if (!source) throw new Error('insightFacts needs an account with figures');
  const [first] = await db
    .select({ takenAt: snapshots.takenAt, followers: snapshots.followersCount })
    .from(snapshots)
    .innerJoin(analyses, eq(analyses.id, snapshots.analysisId))
    .where(and(eq(snapshots.userId, user.id), eq(analyses.source, source.source)))
    .orderBy(asc(snapshots.takenAt))
    .limit(1);
  const [{ total = 0 } = {}] = await db
    .select({ total: count() })
    .from(snapshots)
    .innerJoin(analyses, eq(analyses.id, snapshots.analysisId))
    .where(and(eq(snapshots.userId, user.id), eq(analyses.source, source.source)));
  const now = clock();
  let figures: { post: PostFigures; reel: PostFigures } | undefined;
  if (source.source === 'official') return officialFacts(deps, user, source, now);
  if (source.source === 'sample') {
    const found = await network.posts(user.username);
    const posts = found.kind === 'ok' ? found.value : [];
    if (posts.length) {
      figures = {
        post: metricsOf(
          core,
          posts.filter((post) => !post.isReel),
          now,
          user.totalFollowers,
        ),
        reel: metricsOf(
          core,
          posts.filter((post) => post.isReel),
          now,
          user.totalFollowers,
        ),
      };
    }
  } else {
    // A download tells how often the owner posts, never how posts do.
    const own = (await importedPosts(db, user.id)) ?? [];
    if (own.length) {
      figures = {
        post: downloadMetricsOf(
          core,
          own.filter((post) => !post.reel),
          now,
        ),
        reel: downloadMetricsOf(
          core,
          own.filter((post) => post.reel),
          now,
        ),
      };
    }
  }
  return {
    source,
    counts: {
      new_followers_count: user.newFollowers,
      lost_followers_count: user.followersLost,
      not_follows_back_count: user.notFollowsBack,
      i_do_not_follow_back_count: user.doNotFollowsBack,
      // Who viewed a profile: only the sample network's demo has such a list; no other source counts them.
      profile_view_count: source.source === 'sample' ? user.profileViewsCount : null,
      mutual_following_count: user.mutualFollowers,
    },
    followers: user.totalFollowers,
    following: user.totalFollowing,
    isPrivate: user.isPrivate,
    history: first && total > 1 ? { firstAt: first.takenAt, firstFollowers: first.followers } : undefined,
    posts: figures?.post,
    reels: figures?.reel,
  };
}

/**
 * An official-API account's facts (issue 18): its posts' true figures, follows and unfollows and
 * profile visits of the last 7 days, its follower history by day; the three counts that need names are
 * the download's when one was imported, else unknown (null), never a 0.
 */
async function officialFacts(
  { db, core }: FactsDeps,
  user: UserRow,
  source: Provenance,
  now: Date,
): Promise<InsightFacts> {
  const posts = await officialPosts(db, user.id);
  const days = await officialDaysOf(db, user.id);
  const first = days.find((day) => day.followers !== null);
  const names = user.downloadTakenAt !== null;
  return {
    source,
    counts: {
      new_followers_count: user.newFollowers,
      lost_followers_count: user.followersLost,
      not_follows_back_count: names ? user.notFollowsBack : null,
      i_do_not_follow_back_count: names ? user.doNotFollowsBack : null,
      profile_view_count: user.profileViewsCount,
      mutual_following_count: names ? user.mutualFollowers : null,
    },
    followers: user.totalFollowers,
    following: user.totalFollowing,
    isPrivate: false,
    // A count the API left out is not a 0 to write about (issues 36, 49).
    followsUnavailable:
      user.newFollowers === null || officialCountsSchema.safeParse(user.officialCounts).data?.week.follows === null,
    history:
      first && days.length > 1
        ? { firstAt: new Date(`${first.day}T23:59:59Z`), firstFollowers: first.followers ?? 0 }
        : undefined,
    posts: posts.length
      ? metricsOf(
          core,
          posts.filter((post) => !post.isReel),
          now,
          user.totalFollowers,
        )
      : undefined,
    reels: posts.some((post) => post.isReel)
      ? metricsOf(
          core,
          posts.filter((post) => post.isReel),
          now,
          user.totalFollowers,
        )
      : undefined,
  };
}
