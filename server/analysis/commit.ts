// Committing an analysis: both lists complete, diffed against the last snapshot by the WASM core,
// stored as a snapshot, dated events and the six lists, with the user's counts, in one transaction.
// The first analysis is the baseline: there is nothing to compare, so new and lost are empty (the
// dashboard says so) while the other four lists are complete at once.
import { and, asc, desc, eq } from 'drizzle-orm';
import type { CollectorCore } from '../../wasm/collector.ts';
import type { Database } from '../db/client.ts';
import { analyses, analysisChunks, analysisLists, followEvents, snapshots, users } from '../db/schema.ts';
import type { SourceProfile } from '../source/connector.ts';
import { concat, pack, unpack, withoutRepeats } from './packing.ts';

export const listNames = [
  'newFollowers',
  'followersLost',
  'notFollowsBack',
  'dontFollowBack',
  'mutualFollowers',
  'profileViews',
] as const;
export type AnalysisList = (typeof listNames)[number];

async function collected(db: Database, core: CollectorCore, analysisId: string, list: 'followers' | 'following') {
  const rows = await db
    .select({ ids: analysisChunks.ids })
    .from(analysisChunks)
    .where(and(eq(analysisChunks.analysisId, analysisId), eq(analysisChunks.list, list)))
    .orderBy(asc(analysisChunks.seq));
  // The core's radix sort: linear, and several times faster than the platform's typed-array sort.
  return withoutRepeats(core.sortIds(concat(rows.map((row) => unpack(row.ids)))));
}

/** Writes the analysis's results and the user's new counts; returns nothing until all is committed. */
export async function commitAnalysis(
  db: Database,
  core: CollectorCore,
  analysisId: string,
  userId: string,
  profile: SourceProfile,
  viewers: string[] | undefined,
  now: Date,
): Promise<void> {
  const followers = await collected(db, core, analysisId, 'followers');
  const following = await collected(db, core, analysisId, 'following');
  const [previous] = await db
    .select({ followers: snapshots.followers })
    .from(snapshots)
    .where(eq(snapshots.userId, userId))
    .orderBy(desc(snapshots.takenAt))
    .limit(1);

  // Only in the old list = lost; only in the new = new. The baseline has neither.
  const change = previous ? core.diffSortedIds(unpack(previous.followers), followers) : undefined;
  // Only my followers = I don't follow back; only people I follow = they don't follow back; both = mutual.
  const relation = core.diffSortedIds(followers, following);
  const lists: Record<AnalysisList, BigUint64Array> = {
    newFollowers: change?.onlyB ?? new BigUint64Array(),
    followersLost: change?.onlyA ?? new BigUint64Array(),
    notFollowsBack: relation.onlyB,
    dontFollowBack: relation.onlyA,
    mutualFollowers: relation.both,
    profileViews: BigUint64Array.from((viewers ?? []).map(BigInt)),
  };

  await db.transaction(async (tx) => {
    await tx.insert(snapshots).values({
      analysisId,
      userId,
      takenAt: now,
      followers: pack(followers),
      following: pack(following),
      followersCount: followers.length,
      followingCount: following.length,
    });
    await tx
      .insert(analysisLists)
      .values(listNames.map((list) => ({ analysisId, list, ids: pack(lists[list]), count: lists[list].length })));
    const events = [
      ...[...lists.newFollowers].map((id) => ({
        userId,
        analysisId,
        instaId: id.toString(),
        kind: 'followed',
        at: now,
      })),
      ...[...lists.followersLost].map((id) => ({
        userId,
        analysisId,
        instaId: id.toString(),
        kind: 'unfollowed',
        at: now,
      })),
    ];
    for (let start = 0; start < events.length; start += 1000) {
      await tx.insert(followEvents).values(events.slice(start, start + 1000));
    }
    await tx
      .update(users)
      .set({
        instaId: profile.id,
        instaFullName: profile.fullName,
        instaImageUrl: profile.imageUrl,
        isPrivate: profile.isPrivate,
        totalFollowers: followers.length,
        totalFollowing: following.length,
        newFollowers: lists.newFollowers.length,
        followersLost: lists.followersLost.length,
        notFollowsBack: lists.notFollowsBack.length,
        dontFollowBack: lists.dontFollowBack.length,
        mutualFollowers: lists.mutualFollowers.length,
        profileViewsCount: lists.profileViews.length,
        postCount: profile.postCount,
        reelCount: profile.reelCount,
        storiesCount: profile.storiesCount,
        lastUpdatedAt: now,
      })
      .where(eq(users.id, userId));
    await tx
      .update(analyses)
      .set({ status: 'complete', finishedAt: now, updatedAt: now })
      .where(eq(analyses.id, analysisId));
    await tx.delete(analysisChunks).where(eq(analysisChunks.analysisId, analysisId));
  });
}
