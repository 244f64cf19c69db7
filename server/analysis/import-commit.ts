// Committing an import (issue 9): the stored chunks joined into both lists and committed like an
// analysis. Issue 32: the chunks are read a page at a time into arrays sized from the declared counts,
// and their names are stepped over, never decoded: a commit of 1M people loaded all 57 MB of a list's
// chunks and a million name strings at once (the server went from 385 to 545 MB).
// Issue 31: the commit writes its parts before its last transaction (commit.ts), so two commits of one
// upload must not run at once: the commit holds the upload by a lease on its row, as a worker holds an
// analysis, and a second request waits for the first to end.
// Issue 50 item 5: the download's own lists (common/schema/lists.ts downloadListNames) are checked and kept
// with the import; the same download again bringing only them adds them to its import instead.
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, asc, eq, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { type DownloadListName, downloadListNames } from '../../common/lists.ts';
import type { ImportOpen } from '../../common/schema/imports.ts';
import { BadChunkError, FOLLOW_LISTS, readChunkInto, type SnapshotList } from '../../common/snapshot/snapshot.ts';
import type { CollectorCore } from '../../wasm/collector.ts';
import type { Database } from '../db/client.ts';
import { analyses, followerRenames, importChunks, users } from '../db/schema.ts';
import { dbNowPlus } from '../db/time.ts';
import { LeaseLost } from './collect.ts';
import { commitSnapshot, holding } from './commit.ts';
import { gunzipChunk, postsIncluded, receivedChunks, takenAtOf, updatedImport, uploadOf } from './imports.ts';

/** Chunks read per query: each is at most about 1.5 MB gzipped, so a page stays a few MB. */
export const CHUNKS_PER_PAGE = 2;
/** How long a commit holds its upload unless renewed: one whose process died frees it after this. */
const UPLOAD_LEASE_MS = 30_000;
/** How often a second commit of an upload looks whether the first has ended. */
const WAIT_MS = 250;

/** A list's stored chunks (gzipped) in order, read `pageSize` rows per query. */
export async function* storedChunks(
  db: Database,
  analysisId: string,
  list: SnapshotList,
  pageSize = CHUNKS_PER_PAGE,
): AsyncGenerator<Uint8Array> {
  for (let next = 0; ; ) {
    const rows = await db
      .select({ seq: importChunks.seq, data: importChunks.data })
      .from(importChunks)
      .where(and(eq(importChunks.analysisId, analysisId), eq(importChunks.list, list), gte(importChunks.seq, next)))
      .orderBy(asc(importChunks.seq))
      .limit(pageSize);
    for (const row of rows) yield row.data;
    const last = rows.at(-1);
    if (!last || rows.length < pageSize) return;
    next = last.seq + 1;
  }
}

export interface ImportedList {
  ids: BigUint64Array;
  at: Uint32Array;
}

/**
 * One list of an upload, ids ascending with their follow times, read chunk by chunk; undefined when a
 * chunk is damaged, the ids do not ascend across chunks (the core's diff would be wrong) or the list
 * does not hold the `count` people declared.
 */
export async function readImportedList(
  db: Database,
  analysisId: string,
  list: SnapshotList,
  count: number,
  pageSize = CHUNKS_PER_PAGE,
): Promise<ImportedList | undefined> {
  const into = { ids: new BigUint64Array(count), at: new Uint32Array(count) };
  let offset = 0;
  try {
    for await (const gzipped of storedChunks(db, analysisId, list, pageSize)) {
      const read = readChunkInto(gunzipChunk(gzipped), list, into, offset);
      if (read > 0 && offset > 0 && (into.ids[offset] as bigint) <= (into.ids[offset - 1] as bigint)) return undefined;
      offset += read;
    }
  } catch (error) {
    if (error instanceof BadChunkError) return undefined;
    throw error;
  }
  return offset === count ? into : undefined;
}

export type CommitOutcome =
  | { kind: 'imported'; baseline: boolean; renames: Array<{ from: string; to: string }> }
  /** Issue 50 item 5: the sibling lists were added to the import of this same download. */
  | { kind: 'updated' }
  | { kind: 'notFound' | 'incomplete' | 'badChunk' };

/** Takes the upload for this commit: false while another commit of it holds it. */
async function claimUpload(db: Database, analysisId: string, owner: string): Promise<boolean> {
  const claimed = await db
    .update(analyses)
    .set({ leaseOwner: owner, leaseUntil: dbNowPlus(UPLOAD_LEASE_MS) })
    .where(
      and(
        eq(analyses.id, analysisId),
        eq(analyses.status, 'uploading'),
        or(isNull(analyses.leaseOwner), isNull(analyses.leaseUntil), lt(analyses.leaseUntil, sql`now()`)),
      ),
    )
    .returning({ id: analyses.id });
  return claimed.length > 0;
}

/**
 * Joins the chunks into the snapshot and commits it like an analysis. A second commit of the same upload
 * (a client that retried) waits for the first and answers as it ended.
 */
export async function commitImport(
  db: Database,
  core: CollectorCore,
  userId: string,
  analysisId: string,
  now: Date,
): Promise<CommitOutcome> {
  const owner = `import:${randomUUID()}`;
  for (;;) {
    const upload = await uploadOf(db, userId, analysisId);
    if (!upload) return { kind: 'notFound' };
    if (upload.status === 'complete')
      return { kind: 'imported', baseline: false, renames: await renamesIn(db, analysisId) };
    if (!(await claimUpload(db, analysisId, owner))) {
      await sleep(WAIT_MS);
      continue;
    }
    const renewal = setInterval(() => {
      db.update(analyses)
        .set({ leaseUntil: dbNowPlus(UPLOAD_LEASE_MS) })
        .where(and(eq(analyses.id, analysisId), eq(analyses.leaseOwner, owner)))
        .catch(() => undefined);
    }, UPLOAD_LEASE_MS / 3);
    try {
      return await commitHeld(db, core, userId, analysisId, upload.importMeta as ImportOpen, now, owner);
    } catch (error) {
      // Held too long (the lease ran out and another commit took it): that one ends it; wait for it.
      if (!(error instanceof LeaseLost)) throw error;
    } finally {
      clearInterval(renewal);
      // A commit that did not end the upload hands it back at once, so a retry need not wait the lease out.
      await db
        .update(analyses)
        .set({ leaseOwner: null, leaseUntil: null })
        .where(and(eq(analyses.id, analysisId), eq(analyses.leaseOwner, owner), eq(analyses.status, 'uploading')));
    }
  }
}

/** The commit itself, once the upload is held by `owner`. */
async function commitHeld(
  db: Database,
  core: CollectorCore,
  userId: string,
  analysisId: string,
  meta: ImportOpen,
  now: Date,
  owner: string,
): Promise<CommitOutcome> {
  const received = await receivedChunks(db, analysisId);
  // Issue 50 item 5: the same download as the newest import, bringing the sibling lists it lacks.
  const updated = await updatedImport(db, userId, meta.digest);
  const siblings = siblingsOf(meta);
  const sent: SnapshotList[] = updated ? siblings : [...FOLLOW_LISTS, ...siblings];
  if (sent.some((list) => received[list].length !== meta[list]?.chunks)) return { kind: 'incomplete' };
  // Kept as they are, but checked as the lists a commit reads are: whole, in id order.
  for (const list of siblings) {
    if (!(await readImportedList(db, analysisId, list, meta[list]?.count ?? 0))) return { kind: 'badChunk' };
  }
  if (updated) return updateSiblings(db, userId, analysisId, meta, updated, owner);

  const followers = await readImportedList(db, analysisId, 'followers', meta.followers.count);
  if (!followers) return { kind: 'badChunk' };
  const following = await readImportedList(db, analysisId, 'following', meta.following.count);
  if (!following) return { kind: 'badChunk' };
  // The owner's own posts and reels, as far as the download tells (their figures stay unavailable).
  const posts = meta.posts ?? [];
  const latest = posts.reduce((newest, post) => Math.max(newest, post.at), 0);
  // Issue 51: a download asked for without its posts says nothing of them: null, never 0 posts.
  const included = postsIncluded(meta);
  const { baseline, renames } = await commitSnapshot(db, core, {
    analysisId,
    userId,
    source: 'download',
    followers: followers.ids,
    following: following.ids,
    followersAt: followers.at,
    followingAt: following.at,
    followTimes: meta.followTimes,
    siblingCounts: siblingCounts(meta),
    ownPosts: {
      postCount: included ? posts.filter((post) => !post.reel).length : null,
      reelCount: included ? posts.filter((post) => post.reel).length : null,
      latestPostDateTime: latest ? new Date(latest * 1000) : null,
    },
    takenAt: takenAtOf(meta, now),
    now,
    leaseOwner: owner,
  });
  return { kind: 'imported', baseline, renames: renames.map(({ from, to }) => ({ from, to })) };
}

/** The sibling lists an upload carries. */
function siblingsOf(meta: ImportOpen): DownloadListName[] {
  return downloadListNames.filter((list) => meta[list] !== undefined);
}

/** The user's counts of the sibling lists an import holds: null for a list its download has no file of. */
function siblingCounts(meta: ImportOpen): Record<DownloadListName, number | null> {
  return Object.fromEntries(downloadListNames.map((list) => [list, meta[list]?.count ?? null])) as Record<
    DownloadListName,
    number | null
  >;
}

/**
 * Issue 50 item 5: a download already imported brought sibling lists: its chunks of them replace the
 * import's, the import declares them, the user's counts say them, and the upload goes. Nothing else of
 * the import changes (no new snapshot, no events).
 */
async function updateSiblings(
  db: Database,
  userId: string,
  analysisId: string,
  meta: ImportOpen,
  updated: { id: string; meta: ImportOpen },
  owner: string,
): Promise<CommitOutcome> {
  const lists = siblingsOf(meta);
  const declared: ImportOpen = {
    ...updated.meta,
    ...Object.fromEntries(lists.map((list) => [list, meta[list]])),
    siblingsDigest: meta.siblingsDigest,
  };
  const guard = holding(analysisId, owner, 'uploading');
  await db.transaction(async (tx) => {
    await guard(tx);
    if (lists.length) {
      await tx
        .delete(importChunks)
        .where(and(eq(importChunks.analysisId, updated.id), inArray(importChunks.list, lists)));
      await tx
        .update(importChunks)
        .set({ analysisId: updated.id })
        .where(and(eq(importChunks.analysisId, analysisId), inArray(importChunks.list, lists)));
    }
    await tx.update(analyses).set({ importMeta: declared }).where(eq(analyses.id, updated.id));
    await tx.update(users).set(siblingCounts(declared)).where(eq(users.id, userId));
    // The upload row goes with whatever else it held (ON DELETE CASCADE).
    await tx.delete(analyses).where(eq(analyses.id, analysisId));
  });
  return { kind: 'updated' };
}

/** The renames an import found (issue 50), by old name. */
export async function renamesIn(db: Database, analysisId: string): Promise<Array<{ from: string; to: string }>> {
  return db
    .select({ from: followerRenames.fromName, to: followerRenames.toName })
    .from(followerRenames)
    .where(eq(followerRenames.analysisId, analysisId))
    .orderBy(asc(followerRenames.fromName));
}
