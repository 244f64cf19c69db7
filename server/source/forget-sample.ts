// At every start: sample-network figures stay only with accounts that may have them (issue 17). An
// account that is not one of the sample network's names, or every account once SAMPLE_NETWORK is off,
// loses them, and its figures fall back to its newest download or to none, so nothing invented is
// ever shown as a real account's.
import { and, asc, desc, eq, inArray, or } from 'drizzle-orm';
import type { AnalysisListName } from '../../common/lists.ts';
import type { ImportOpen } from '../../common/schema/imports.ts';
import { importedPosts } from '../analysis/imports.ts';
import { storedKey } from '../analysis/list-keys.ts';
import type { Database } from '../db/client.ts';
import { analyses, analysisLists, snapshots, storyPages, users } from '../db/schema.ts';
import { noFigures } from '../users/record.ts';
import { hasSampleSource, type SourceSettings } from './sources.ts';

/** Removes sample figures from accounts that may not have them; returns how many accounts lost some. */
export async function forgetSampleData(db: Database, settings: SourceSettings): Promise<number> {
  const holders = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(
      or(
        eq(users.dataSource, 'sample'),
        inArray(users.id, db.select({ id: analyses.userId }).from(analyses).where(eq(analyses.source, 'sample'))),
        inArray(users.id, db.select({ id: storyPages.userId }).from(storyPages)),
      ),
    )
    // Every process of a deployment runs this at its start: in one order, two of them only ever wait
    // for each other, never deadlock.
    .orderBy(asc(users.id));
  const stale = holders.filter((holder) => !hasSampleSource(settings, holder.username));
  for (const { id } of stale) {
    await db.transaction(async (tx) => {
      // Snapshots, events, lists and checkpoints go with their analyses (ON DELETE CASCADE).
      await tx.delete(analyses).where(and(eq(analyses.userId, id), eq(analyses.source, 'sample')));
      await tx.delete(storyPages).where(eq(storyPages.userId, id));
      // The sample network's profile (its id, invented name and picture) goes too.
      const identity = { instaId: '', instaFullName: '', instaImageUrl: '', isPrivate: false };
      await tx
        .update(users)
        .set({ ...noFigures, ...identity, ...(await figuresFromNewestDownload(tx, id)) })
        .where(eq(users.id, id));
    });
  }
  return stale.length;
}

/** The account's figures as its newest imported download left them, or nothing when it has none. */
async function figuresFromNewestDownload(db: Database, userId: string) {
  const [newest] = await db
    .select({
      id: analyses.id,
      meta: analyses.importMeta,
      finishedAt: analyses.finishedAt,
      takenAt: snapshots.takenAt,
      followers: snapshots.followersCount,
      following: snapshots.followingCount,
    })
    .from(analyses)
    .innerJoin(snapshots, eq(snapshots.analysisId, analyses.id))
    .where(and(eq(analyses.userId, userId), eq(analyses.source, 'download'), eq(analyses.status, 'complete')))
    .orderBy(desc(snapshots.takenAt))
    .limit(1);
  if (!newest) return {};
  const lists = await db
    .select({ list: analysisLists.list, count: analysisLists.count })
    .from(analysisLists)
    .where(eq(analysisLists.analysisId, newest.id));
  const size = (list: AnalysisListName) => lists.find((row) => row.list === storedKey(list))?.count ?? 0;
  // Issue 51: the account's first download compared nothing: its new and lost were never measured.
  const downloads = await db
    .select({ id: snapshots.analysisId })
    .from(snapshots)
    .innerJoin(analyses, eq(analyses.id, snapshots.analysisId))
    .where(and(eq(snapshots.userId, userId), eq(analyses.source, 'download'), eq(analyses.status, 'complete')))
    .limit(2);
  const compared = downloads.length > 1;
  // Issue 51: a download without its posts gives no post counts (null), never 0.
  const included = await importedPosts(db, userId);
  const posts = included ?? [];
  const latestPost = posts.reduce((at, post) => Math.max(at, post.at), 0);
  return {
    totalFollowers: newest.followers,
    totalFollowing: newest.following,
    newFollowers: compared ? size('newFollowers') : null,
    followersLost: compared ? size('followersLost') : null,
    notFollowsBack: size('notFollowsBack'),
    doNotFollowsBack: size('doNotFollowsBack'),
    mutualFollowers: size('mutualFollowers'),
    postCount: included === null ? null : posts.filter((post) => !post.reel).length,
    reelCount: included === null ? null : posts.filter((post) => post.reel).length,
    latestPostDateTime: latestPost ? new Date(latestPost * 1000) : null,
    pendingFollowRequests: (newest.meta as ImportOpen | null)?.pendingFollowRequests?.count ?? null,
    recentlyUnfollowedProfiles: (newest.meta as ImportOpen | null)?.recentlyUnfollowedProfiles?.count ?? null,
    dataSource: 'download',
    dataTakenAt: newest.takenAt,
    downloadTakenAt: newest.takenAt,
    lastUpdatedAt: newest.finishedAt,
  };
}
