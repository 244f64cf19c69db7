// Committing an analysis: both lists complete, diffed against the last snapshot by the WASM core,
// stored as a snapshot, dated events and the six lists, with the user's counts. The first analysis is
// the baseline: there is nothing to compare, so new and lost are empty (the dashboard says so) while the
// other four lists are complete at once.
//
// Issue 31: all or nothing, without holding everyone else up. The long arrays' parts and the events are
// written first, each batch in a short transaction of its own (parts.ts, events.ts), deflated off the
// event loop, while other requests are served between them. No reader reaches them until one last,
// small transaction inserts the snapshot row and the lists' rows that lead to the parts and the user's
// counts, and marks the analysis complete (the events are counted only for such an analysis). A commit
// that stops half-way leaves only what nothing reads, which its retry deletes first. The collected pages
// are deleted after it, a batch at a time. Before, one transaction did all of it: on the embedded
// database (PGlite runs one query at a time) a 1M + 1M commit held every request of every user seconds.

import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { and, asc, desc, eq, gt } from 'drizzle-orm';
import { type AnalysisListName, analysisListNames, type DownloadListName } from '../../common/lists.ts';

import type { CollectorCore } from '../../wasm/collector.ts';
import type { Database } from '../db/client.ts';
import { analyses, analysisChunks, analysisLists, followerRenames, snapshots, users } from '../db/schema.ts';
import type { SourceProfile } from '../source/connector.ts';
import { deleteCollected, LeaseLost } from './collect.ts';
import { addEvent, deleteEvents, type FollowEvents, writeEvents } from './events.ts';
import { namesInImport } from './import-names.ts';
import { storedKey } from './list-keys.ts';
import { IdPages, indexOf, unpack, withoutRepeats } from './packing.ts';
import { deleteParts, hasParts, type PartsGuard, readIds, readTimes, writeParts } from './parts.ts';
import { diffInRanges } from './ranged-diff.ts';
import { pairRenames, type TimePrecision, without } from './renames.ts';
import { pruneOlderAnalyses } from './retention.ts';

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
    // Issue 31: an embedded query resolves without waiting on a socket, so 16 reads in a row (170 ms for
    // a million ids) let no request in; a turn of the event loop between two lets them in.
    await yieldToEventLoop();
  }
  await yieldToEventLoop();
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
  // Only now: a commit that failed goes again from them.
  await deleteCollected(db, analysisId);
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
  /** Imports: how finely the download gives follow times (an HTML download's pages write minutes). */
  followTimes?: TimePrecision;
  /** The network's profile; an import leaves the stored one as it is. */
  profile?: SourceProfile;
  /**
   * An import's sibling lists' lengths (issue 50 item 5), null for a list the download has no file of;
   * a network analysis leaves the stored ones as they are.
   */
  siblingCounts?: Record<DownloadListName, number | null>;
  /** An import's own posts: what the download tells of them. */
  ownPosts?: { postCount: number | null; reelCount: number | null; latestPostDateTime: Date | null };
  viewers?: string[];
  /** When the lists were true (an import: when the network wrote the download). */
  takenAt: Date;
  now: Date;
  /**
   * Who commits, holding the analysis's lease: the worker running a network analysis, or the import's
   * commit holding its upload (import-commit.ts). Each part is written, and the snapshot committed, only
   * while the lease is still theirs.
   */
  leaseOwner: string;
}

/** What an analysis is until its commit: a network analysis runs, an import waits uploaded. */
const openStatus = (source: SnapshotToCommit['source']) => (source === 'download' ? 'uploading' : 'running');

/**
 * Checks, in a write's transaction, that `owner` still holds the analysis and it is not committed. It locks
 * the row: a worker taking the analysis over waits for this write, and the writer's next check fails.
 */
export function holding(analysisId: string, owner: string, status: string): PartsGuard {
  return async (tx) => {
    const held = await tx
      .select({ id: analyses.id })
      .from(analyses)
      .where(and(eq(analyses.id, analysisId), eq(analyses.leaseOwner, owner), eq(analyses.status, status)))
      .for('update');
    if (!held.length) throw new LeaseLost();
  };
}

/**
 * Diffs a snapshot against the previous one of the same source (ids of different sources are not
 * comparable: a first import is a baseline, as a first analysis is) and stores it, the six lists, the
 * dated events and the user's counts: the arrays' parts and the events first, then one short transaction
 * that makes them visible (see the top of this file). Throws LeaseLost when the lease was taken over.
 */
export async function commitSnapshot(
  db: Database,
  core: CollectorCore,
  snapshot: SnapshotToCommit,
): Promise<{ baseline: boolean; renames: Rename[] }> {
  const { analysisId, userId, followers, following, profile, now, takenAt } = snapshot;
  const [previous] = await db
    .select({
      analysisId: snapshots.analysisId,
      followers: snapshots.followers,
      count: snapshots.followersCount,
      takenAt: snapshots.takenAt,
      meta: analyses.importMeta,
    })
    .from(snapshots)
    .innerJoin(analyses, eq(analyses.id, snapshots.analysisId))
    .where(and(eq(snapshots.userId, userId), eq(analyses.source, snapshot.source)))
    .orderBy(desc(snapshots.takenAt))
    .limit(1);

  // Only in the old list = lost; only in the new = new. The baseline has neither.
  const previousFollowers = previous ? await snapshotFollowers(db, previous) : undefined;
  const change = previousFollowers ? diffInRanges(core, previousFollowers, followers, { both: false }) : undefined;
  // Issue 50: a lost and a new name that are one person renamed count as neither.
  const renames =
    previous && previousFollowers && change
      ? await renamesOf(db, snapshot, { ...previous, ids: previousFollowers }, change)
      : [];
  const renamedFrom = new Set(renames.map((rename) => rename.fromId));
  const renamedTo = new Set(renames.map((rename) => rename.toId));
  // Each diff of a million ids is 20-30 ms of the event loop: requests get a turn between them.
  await yieldToEventLoop();
  // Only my followers = I don't follow back; only people I follow = they don't follow back; both = mutual.
  const relation = diffInRanges(core, followers, following);
  await yieldToEventLoop();
  const lists: Record<AnalysisListName, BigUint64Array> = {
    newFollowers: without(change?.onlyB ?? new BigUint64Array(), renamedTo),
    followersLost: without(change?.onlyA ?? new BigUint64Array(), renamedFrom),
    notFollowsBack: relation.onlyB,
    doNotFollowsBack: relation.onlyA,
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

  const events: FollowEvents = { ids: [], kinds: [], ats: [] };
  for (const id of lists.newFollowers) addEvent(events, id, 'followed', joinedAt(id));
  for (const id of lists.followersLost) addEvent(events, id, 'unfollowed', takenAt);

  const guard = holding(analysisId, snapshot.leaseOwner, openStatus(snapshot.source));
  // What an attempt that stopped half-way wrote goes first, so this one neither trips the parts' key
  // nor leaves a longer array's last parts, or its events, beside its own.
  await deleteParts(db, analysisId, guard);
  await deleteEvents(db, userId, analysisId, guard);
  try {
    await writeParts(db, analysisId, 'followers', followers, guard);
    await writeParts(db, analysisId, 'following', following, guard);
    if (snapshot.followersAt) await writeParts(db, analysisId, 'followersAt', snapshot.followersAt, guard);
    if (snapshot.followingAt) await writeParts(db, analysisId, 'followingAt', snapshot.followingAt, guard);
    for (const list of analysisListNames)
      await writeParts(db, analysisId, `list:${storedKey(list)}`, lists[list], guard);
    await writeEvents(db, userId, analysisId, events, guard);
    await db.transaction(async (tx) => {
      await guard(tx);
      await tx.insert(snapshots).values({
        analysisId,
        userId,
        takenAt,
        followers: IN_PARTS,
        following: IN_PARTS,
        followersCount: followers.length,
        followingCount: following.length,
      });
      await tx.insert(analysisLists).values(
        analysisListNames.map((list) => ({
          analysisId,
          list: storedKey(list),
          ids: IN_PARTS,
          count: lists[list].length,
        })),
      );
      if (renames.length)
        await tx.insert(followerRenames).values(
          renames.map((rename) => ({
            analysisId,
            userId,
            fromName: rename.from,
            toName: rename.to,
            followedAt: new Date(rename.followedAt * 1000),
          })),
        );
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
          ...snapshot.siblingCounts,
          totalFollowers: followers.length,
          totalFollowing: following.length,
          // Issue 51: the baseline compared nothing, so its new and lost are not measured: null, never a 0.
          newFollowers: previous ? lists.newFollowers.length : null,
          followersLost: previous ? lists.followersLost.length : null,
          notFollowsBack: lists.notFollowsBack.length,
          doNotFollowsBack: lists.doNotFollowsBack.length,
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
    });
  } catch (error) {
    // A commit that failed while it held the analysis takes its parts and events with it; after LeaseLost
    // they are the new holder's to delete (the guard refuses this writer, and an analysis committed).
    if (!(error instanceof LeaseLost)) {
      await deleteParts(db, analysisId, guard).catch(() => undefined);
      await deleteEvents(db, userId, analysisId, guard).catch(() => undefined);
    }
    throw error;
  }
  // Issue 52: what older analyses held for the next diff and the lists is no longer read; it goes.
  await pruneOlderAnalyses(db, userId, snapshot.source);
  return { baseline: !previous, renames };
}

/** A follower who changed username between two imports. */
export interface Rename {
  from: string;
  to: string;
  fromId: bigint;
  toId: bigint;
  followedAt: number;
}

/**
 * The renames between the previous import and this one (server/analysis/renames.ts), named from each
 * import's chunks; none unless both are imports whose follow times were kept.
 */
async function renamesOf(
  db: Database,
  snapshot: SnapshotToCommit,
  previous: { analysisId: string; ids: BigUint64Array; takenAt: Date; meta: unknown },
  change: { onlyA: BigUint64Array; onlyB: BigUint64Array },
): Promise<Rename[]> {
  if (snapshot.source !== 'download' || !snapshot.followersAt) return [];
  if (change.onlyA.length === 0 || change.onlyB.length === 0) return [];
  if (!(await hasParts(db, previous.analysisId, 'followersAt'))) return [];
  const previousAt = await readTimes(db, previous.analysisId, 'followersAt', previous.ids.length);
  const timesOf = (ids: BigUint64Array, all: BigUint64Array, at: Uint32Array) =>
    Uint32Array.from(ids, (id) => at[indexOf(all, id)] ?? 0);
  const earlier = (previous.meta as { followTimes?: TimePrecision } | null)?.followTimes;
  const precision: TimePrecision = snapshot.followTimes === 'minutes' || earlier === 'minutes' ? 'minutes' : 'seconds';
  const pairs = pairRenames(
    { ids: change.onlyA, at: timesOf(change.onlyA, previous.ids, previousAt) },
    { ids: change.onlyB, at: timesOf(change.onlyB, snapshot.followers, snapshot.followersAt) },
    Math.floor(previous.takenAt.getTime() / 1000),
    precision,
  );
  if (pairs.length === 0) return [];
  const fromNames = await namesInImport(
    db,
    previous.analysisId,
    pairs.map((pair) => pair.from.toString()),
  );
  const toNames = await namesInImport(
    db,
    snapshot.analysisId,
    pairs.map((pair) => pair.to.toString()),
  );
  return pairs.flatMap((pair) => {
    const from = fromNames.get(pair.from.toString());
    const to = toNames.get(pair.to.toString());
    return from && to ? [{ from, to, fromId: pair.from, toId: pair.to, followedAt: pair.followedAt }] : [];
  });
}

/** Looks up a follow time by id. */
function followTimes(ids: BigUint64Array, at: Uint32Array | undefined): (id: bigint) => number {
  if (!at) return () => 0;
  return (id) => at[indexOf(ids, id)] ?? 0;
}
