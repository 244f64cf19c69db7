// Committing an analysis: both lists complete, diffed against the last snapshot by the WASM core,
// stored as a snapshot, dated events and the six lists, with the user's counts, in one transaction.
// The first analysis is the baseline: there is nothing to compare, so new and lost are empty (the
// dashboard says so) while the other four lists are complete at once.
import { and, asc, desc, eq, gt } from 'drizzle-orm';
import type { CollectorCore } from '../../wasm/collector.ts';
import type { Database } from '../db/client.ts';
import { analyses, analysisChunks, analysisLists, followEvents, snapshots, users } from '../db/schema.ts';
import type { SourceProfile } from '../source/connector.ts';
import { LeaseLost } from './collect.ts';
import { IdPages, indexOf, unpack, withoutRepeats } from './packing.ts';
import { readIds, writeParts } from './parts.ts';
import { diffInRanges } from './ranged-diff.ts';

export const listNames = [
  'newFollowers',
  'followersLost',
  'notFollowsBack',
  'dontFollowBack',
  'mutualFollowers',
  'profileViews',
] as const;
export type AnalysisList = (typeof listNames)[number];

/** Collected pages read per query: a few hundred kilobytes, never a whole list's (issue 19). */
const CHUNKS_PER_READ = 128;

async function collected(db: Database, core: CollectorCore, analysisId: string, list: 'followers' | 'following') {
  const [counts] = await db
    .select({ followers: analyses.followersCollected, following: analyses.followingCollected })
    .from(analyses)
    .where(eq(analyses.id, analysisId));
  const pages = new IdPages(counts?.[list] ?? 0);
  for (let after = -1; ; ) {
    const rows = await db
      .select({ seq: analysisChunks.seq, ids: analysisChunks.ids })
      .from(analysisChunks)
      .where(
        and(eq(analysisChunks.analysisId, analysisId), eq(analysisChunks.list, list), gt(analysisChunks.seq, after)),
      )
      .orderBy(asc(analysisChunks.seq))
      .limit(CHUNKS_PER_READ);
    for (const row of rows) pages.append(row.ids);
    const last = rows.at(-1);
    if (!last || rows.length < CHUNKS_PER_READ) break;
    after = last.seq;
  }
  // The core's radix sort: linear, and several times faster than the platform's typed-array sort.
  return withoutRepeats(core.sortIds(pages.all()));
}

/** What the arrays' own columns hold once their values are in parts (parts.ts): nothing. */
const IN_PARTS = Buffer.alloc(0);

/** The followers of a committed snapshot: from its parts, or whole from its row before issue 19. */
async function snapshotFollowers(db: Database, row: { analysisId: string; followers: Buffer; count: number }) {
  return row.followers.byteLength > 0 ? unpack(row.followers) : readIds(db, row.analysisId, 'followers', row.count);
}

/** Writes a network analysis's results and the user's new counts; returns nothing until all is committed. */
export async function commitAnalysis(
  db: Database,
  core: CollectorCore,
  analysisId: string,
  userId: string,
  profile: SourceProfile,
  viewers: string[] | undefined,
  now: Date,
  leaseOwner: string,
): Promise<void> {
  const followers = await collected(db, core, analysisId, 'followers');
  const following = await collected(db, core, analysisId, 'following');
  await commitSnapshot(db, core, {
    analysisId,
    userId,
    source: 'sample',
    followers,
    following,
    profile,
    viewers,
    takenAt: now,
    now,
    leaseOwner,
  });
}

/** A complete snapshot of an account, from either source. */
export interface SnapshotToCommit {
  analysisId: string;
  userId: string;
  source: 'sample' | 'download';
  /** Ascending ids. */
  followers: BigUint64Array;
  following: BigUint64Array;
  /** Imports: follow times aligned with the ids (Unix seconds, 0 unknown). */
  followersAt?: Uint32Array;
  followingAt?: Uint32Array;
  /** The network's profile; an import leaves the stored one as it is. */
  profile?: SourceProfile;
  /** An import's own posts: what the download tells of them. */
  ownPosts?: { postCount: number; reelCount: number; latestPostDateTime: Date | null };
  viewers?: string[];
  /** When the lists were true (an import: when the network wrote the download). */
  takenAt: Date;
  now: Date;
  /** A network analysis commits only while its worker still holds the lease. */
  leaseOwner?: string;
}

/**
 * Diffs a snapshot against the previous one of the same source (ids of different sources are not
 * comparable: a first import is a baseline, as a first analysis is) and stores it, the six lists, the
 * dated events and the user's counts in one transaction.
 */
export async function commitSnapshot(
  db: Database,
  core: CollectorCore,
  snapshot: SnapshotToCommit,
): Promise<{ baseline: boolean }> {
  const { analysisId, userId, followers, following, profile, now, takenAt } = snapshot;
  const [previous] = await db
    .select({
      analysisId: snapshots.analysisId,
      followers: snapshots.followers,
      count: snapshots.followersCount,
      takenAt: snapshots.takenAt,
    })
    .from(snapshots)
    .innerJoin(analyses, eq(analyses.id, snapshots.analysisId))
    .where(and(eq(snapshots.userId, userId), eq(analyses.source, snapshot.source)))
    .orderBy(desc(snapshots.takenAt))
    .limit(1);

  // Only in the old list = lost; only in the new = new. The baseline has neither.
  const change = previous
    ? diffInRanges(core, await snapshotFollowers(db, previous), followers, { both: false })
    : undefined;
  // Only my followers = I don't follow back; only people I follow = they don't follow back; both = mutual.
  const relation = diffInRanges(core, followers, following);
  const lists: Record<AnalysisList, BigUint64Array> = {
    newFollowers: change?.onlyB ?? new BigUint64Array(),
    followersLost: change?.onlyA ?? new BigUint64Array(),
    notFollowsBack: relation.onlyB,
    dontFollowBack: relation.onlyA,
    mutualFollowers: relation.both,
    profileViews: BigUint64Array.from((snapshot.viewers ?? []).map(BigInt)),
  };
  // A new follower's event is dated by their follow time when the download gives one in the window.
  const followTime = followTimes(followers, snapshot.followersAt);
  const since = previous?.takenAt.getTime() ?? 0;
  const joinedAt = (id: bigint) => {
    const seconds = followTime(id);
    const at = seconds ? seconds * 1000 : 0;
    return at > since && at <= takenAt.getTime() ? new Date(at) : takenAt;
  };

  await db.transaction(async (tx) => {
    if (snapshot.leaseOwner) {
      // Locks the row: a worker taking the analysis over waits for this commit, then finds it done.
      const held = await tx
        .select({ id: analyses.id })
        .from(analyses)
        .where(
          and(
            eq(analyses.id, analysisId),
            eq(analyses.leaseOwner, snapshot.leaseOwner),
            eq(analyses.status, 'running'),
          ),
        )
        .for('update');
      if (!held.length) throw new LeaseLost();
    }
    await tx.insert(snapshots).values({
      analysisId,
      userId,
      takenAt,
      followers: IN_PARTS,
      following: IN_PARTS,
      followersCount: followers.length,
      followingCount: following.length,
    });
    await writeParts(tx, analysisId, 'followers', followers);
    await writeParts(tx, analysisId, 'following', following);
    if (snapshot.followersAt) await writeParts(tx, analysisId, 'followersAt', snapshot.followersAt);
    if (snapshot.followingAt) await writeParts(tx, analysisId, 'followingAt', snapshot.followingAt);
    await tx
      .insert(analysisLists)
      .values(listNames.map((list) => ({ analysisId, list, ids: IN_PARTS, count: lists[list].length })));
    for (const list of listNames) await writeParts(tx, analysisId, `list:${list}`, lists[list]);
    const events = [
      ...[...lists.newFollowers].map((id) => ({
        userId,
        analysisId,
        instaId: id.toString(),
        kind: 'followed',
        at: joinedAt(id),
      })),
      ...[...lists.followersLost].map((id) => ({
        userId,
        analysisId,
        instaId: id.toString(),
        kind: 'unfollowed',
        at: takenAt,
      })),
    ];
    for (let start = 0; start < events.length; start += 1000) {
      await tx.insert(followEvents).values(events.slice(start, start + 1000));
    }
    await tx
      .update(users)
      .set({
        ...(profile && {
          instaId: profile.id,
          instaFullName: profile.fullName,
          instaImageUrl: profile.imageUrl,
          isPrivate: profile.isPrivate,
          postCount: profile.postCount,
          reelCount: profile.reelCount,
          storiesCount: profile.storiesCount,
        }),
        ...snapshot.ownPosts,
        totalFollowers: followers.length,
        totalFollowing: following.length,
        newFollowers: lists.newFollowers.length,
        followersLost: lists.followersLost.length,
        notFollowsBack: lists.notFollowsBack.length,
        dontFollowBack: lists.dontFollowBack.length,
        mutualFollowers: lists.mutualFollowers.length,
        profileViewsCount: lists.profileViews.length,
        dataSource: snapshot.source,
        dataTakenAt: takenAt,
        // Imports refuse a download older than the last one, so this is the newest.
        ...(snapshot.source === 'download' && { downloadTakenAt: takenAt }),
        lastUpdatedAt: now,
      })
      .where(eq(users.id, userId));
    await tx
      .update(analyses)
      .set({ status: 'complete', finishedAt: now, updatedAt: now })
      .where(eq(analyses.id, analysisId));
    await tx.delete(analysisChunks).where(eq(analysisChunks.analysisId, analysisId));
  });
  return { baseline: !previous };
}

/** Looks up a follow time by id. */
function followTimes(ids: BigUint64Array, at: Uint32Array | undefined): (id: bigint) => number {
  if (!at) return () => 0;
  return (id) => at[indexOf(ids, id)] ?? 0;
}
