// Imports of the owner's data download (issue 9): an upload opened with its declared shape, chunks
// put by sequence number (a broken connection resumes: opening the same digest again answers which
// chunks already arrived), within the account's quota (import-quota.ts); the commit is import-commit.ts.
import { gunzipSync } from 'node:zlib';
import { and, asc, desc, eq, ne } from 'drizzle-orm';
import { downloadListNames } from '../../common/lists.ts';
import type { ImportedPost, ImportOpen, ImportRefusal } from '../../common/schema/imports.ts';
import {
  BadChunkError,
  CHUNK_SIZE,
  type DecodedChunk,
  decodeChunk,
  SNAPSHOT_LISTS,
  type SnapshotList,
} from '../../common/snapshot/snapshot.ts';
import type { Database } from '../db/client.ts';
import { analyses, importChunks, snapshots, users } from '../db/schema.ts';
import { fitsQuota, type ImportQuota, withinQuota } from './import-quota.ts';

type UserRow = typeof users.$inferSelect;

/** Issue 51: whether a download holds the owner's posts (older clients sent posts only when there were some). */
export function postsIncluded(meta: ImportOpen): boolean {
  return meta.postsIncluded ?? (meta.posts ?? []).length > 0;
}

/**
 * The owner's posts and reels from the user's latest import; undefined without one, null when that
 * download was asked for without its posts (issue 51: nothing is known of them, not none).
 */
export async function importedPosts(db: Database, userId: string): Promise<ImportedPost[] | null | undefined> {
  const latest = await latestImport(db, userId);
  if (!latest) return undefined;
  return postsIncluded(latest.meta) ? (latest.meta.posts ?? []) : null;
}

/** Ranges the network offers are a year at most; an all-time download of an older account spans more. */
export const PARTIAL_RANGE_MAX_SPAN_S = 400 * 86_400;
/** Below this many known followers, a short download proves nothing. */
export const PARTIAL_RANGE_MIN_KNOWN = 20;

export type OpenOutcome =
  | { kind: 'unchanged' }
  /** Issue 50 item 4: the owner already answered this download's sharp drop with "keep the previous". */
  | { kind: 'kept' }
  | { kind: 'open'; id: string; received: Record<SnapshotList, number[]> }
  | { kind: 'refused'; reason: ImportRefusal; values?: Record<string, string> };

/**
 * Whether a download is a date range rather than all time: it holds less than half the followers
 * the account is known to have, and every follow in it falls within a year. (The network writes no
 * range into the files; a range leaves out everyone who followed before it.)
 */
export function looksPartial(meta: ImportOpen, knownFollowers: number): boolean {
  if (knownFollowers < PARTIAL_RANGE_MIN_KNOWN || meta.followers.count * 2 >= knownFollowers) return false;
  if (meta.firstFollowAt === null || meta.lastFollowAt === null) return false;
  return meta.lastFollowAt - meta.firstFollowAt <= PARTIAL_RANGE_MAX_SPAN_S;
}

/** More than this share of the followers gone since the previous download is asked about first. */
export const SHARP_DROP = 0.3;

/** Whether going from `previous` followers to `now` loses more than SHARP_DROP of them. */
export function isSharpDrop(previous: number, now: number): boolean {
  return previous > 0 && previous - now > previous * SHARP_DROP;
}

function chunksFor(count: number): number {
  return Math.max(1, Math.ceil(count / CHUNK_SIZE));
}

/** When a download's lists were true: when the network wrote it, never later than now. */
export function takenAtOf(meta: ImportOpen, now: Date): Date {
  return meta.writtenAt === null ? now : new Date(Math.min(meta.writtenAt * 1000, now.getTime()));
}

/** Whether every list an upload declares is cut into as many chunks as its count makes. */
function chunksDeclared(meta: ImportOpen): boolean {
  const carriesSiblings = downloadListNames.some((list) => meta[list]);
  // The siblings' digest comes with them, and only with them.
  if (carriesSiblings !== (meta.siblingsDigest !== undefined)) return false;
  return SNAPSHOT_LISTS.every((list) => !meta[list] || meta[list].chunks === chunksFor(meta[list].count));
}

/**
 * Issue 50 item 5: whether opening `meta` again, a download already imported as `held`, brings it
 * sibling lists it does not hold (a download that adds only these lists updates the import).
 */
function addsSiblings(held: ImportOpen, meta: ImportOpen): boolean {
  return meta.siblingsDigest !== undefined && meta.siblingsDigest !== held.siblingsDigest;
}

/** The user's newest committed import: its id and what it declared; undefined before the first. */
export async function latestImport(db: Database, userId: string) {
  const [latest] = await db
    .select({ id: analyses.id, meta: analyses.importMeta })
    .from(analyses)
    .where(and(eq(analyses.userId, userId), eq(analyses.source, 'download'), eq(analyses.status, 'complete')))
    .orderBy(desc(analyses.finishedAt))
    .limit(1);
  return latest && { id: latest.id, meta: latest.meta as ImportOpen };
}

/**
 * The committed import an upload of `digest` updates (issue 50 item 5): the user's newest import, when
 * it is that same download. An older import of it is no one's to update: its lists show nowhere.
 */
export async function updatedImport(db: Database, userId: string, digest: string) {
  const latest = await latestImport(db, userId);
  return latest?.meta.digest === digest ? latest : undefined;
}

/** Opens (or reopens, to resume) an upload. Nothing stored changes until the commit. */
export async function openImport(
  db: Database,
  user: UserRow,
  meta: ImportOpen,
  now: Date,
  quota: ImportQuota,
): Promise<OpenOutcome> {
  if (meta.owner !== null && meta.owner.toLowerCase() !== user.username.toLowerCase())
    return { kind: 'refused', reason: 'otherAccount', values: { owner: meta.owner, username: user.username } };
  // Issue 50: a download without its followers would list everyone followed as not following back.
  if (meta.followers.count === 0 && meta.following.count > 0) return { kind: 'refused', reason: 'noFollowers' };
  if (!chunksDeclared(meta)) return { kind: 'refused', reason: 'badChunk' };
  if (!fitsQuota(meta, quota)) return { kind: 'refused', reason: 'quota' };

  const mine = await db
    .select({ id: analyses.id, status: analyses.status, digest: analyses.digest, meta: analyses.importMeta })
    .from(analyses)
    .where(and(eq(analyses.userId, user.id), eq(analyses.source, 'download'), eq(analyses.digest, meta.digest)));
  // The same download again changes nothing, unless it brings the lists its import lacks (issue 50 item 5).
  const imported = mine.some((row) => row.status === 'complete');
  const updated = imported ? await updatedImport(db, user.id, meta.digest) : undefined;
  if (imported && !(updated && addsSiblings(updated.meta, meta))) return { kind: 'unchanged' };

  const open = mine.find((row) => row.status === 'uploading');
  if (!updated) {
    const refused = await refusalOf(db, user, meta, now, open?.meta as ImportOpen | undefined);
    if (refused) return refused;
  }
  // One upload at a time: another one left half-sent is abandoned.
  await db
    .delete(analyses)
    .where(
      and(eq(analyses.userId, user.id), eq(analyses.status, 'uploading'), ...(open ? [ne(analyses.id, open.id)] : [])),
    );
  // An update sends only the sibling lists: the import holds its followers and following already.
  const alreadyHeld = (list: SnapshotList) =>
    updated && (list === 'followers' || list === 'following')
      ? Array.from({ length: meta[list].chunks }, (_, seq) => seq)
      : [];
  const id = open?.id ?? (await createUpload(db, user, meta, now));
  const received = open ? await receivedChunks(db, open.id) : undefined;
  return {
    kind: 'open',
    id,
    received: Object.fromEntries(
      SNAPSHOT_LISTS.map((list) => [list, [...new Set([...alreadyHeld(list), ...(received?.[list] ?? [])])]]),
    ) as Record<SnapshotList, number[]>,
  };
}

/**
 * Why a new download is refused before anything is sent, if it is: a date range, one older than the last
 * import, or a sharp drop its owner has not answered (`open`: the upload of it already opened, if any).
 */
async function refusalOf(
  db: Database,
  user: UserRow,
  meta: ImportOpen,
  now: Date,
  open: ImportOpen | undefined,
): Promise<OpenOutcome | undefined> {
  if (looksPartial(meta, user.totalFollowers)) return { kind: 'refused', reason: 'partialRange' };
  const [latest] = await db
    .select({ takenAt: snapshots.takenAt, followers: snapshots.followersCount })
    .from(snapshots)
    .innerJoin(analyses, eq(analyses.id, snapshots.analysisId))
    .where(and(eq(snapshots.userId, user.id), eq(analyses.source, 'download')))
    .orderBy(desc(snapshots.takenAt))
    .limit(1);
  if (latest && takenAtOf(meta, now) <= latest.takenAt)
    return { kind: 'refused', reason: 'olderDownload', values: { date: latest.takenAt.toISOString().slice(0, 10) } };
  // Issue 50 item 4: a download gives no period, so a sharp drop is asked about before anything is sent;
  // an upload of this download already opened with the answer goes on, and the same download after the
  // answer "keep the previous" keeps it without asking again.
  const accepted = meta.acceptDrop === true || open?.acceptDrop === true;
  if (!latest || !isSharpDrop(latest.followers, meta.followers.count) || accepted) return undefined;
  if (user.keptDownloadDigest === meta.digest) return { kind: 'kept' };
  return {
    kind: 'refused',
    reason: 'sharpDrop',
    values: { previous: String(latest.followers), now: String(meta.followers.count) },
  };
}

/**
 * Issue 50 item 4: the owner answered the sharp drop of the download `digest` with "keep the previous
 * import". Remembered for that download alone: another answer, to another download, replaces it.
 */
export async function keepPreviousImport(db: Database, userId: string, digest: string): Promise<void> {
  await db.update(users).set({ keptDownloadDigest: digest }).where(eq(users.id, userId));
}

/** A new upload's row, holding what it declared: its id. */
async function createUpload(db: Database, user: UserRow, meta: ImportOpen, now: Date): Promise<string> {
  const [created] = await db
    .insert(analyses)
    .values({
      userId: user.id,
      username: user.username,
      status: 'uploading',
      source: 'download',
      digest: meta.digest,
      importMeta: meta,
      startedAt: now,
      updatedAt: now,
    })
    .returning({ id: analyses.id });
  if (!created) throw new Error('import insert returned nothing');
  return created.id;
}

/** The chunks of an upload that arrived, by list. */
export async function receivedChunks(db: Database, analysisId: string): Promise<Record<SnapshotList, number[]>> {
  const rows = await db
    .select({ list: importChunks.list, seq: importChunks.seq })
    .from(importChunks)
    .where(eq(importChunks.analysisId, analysisId))
    .orderBy(asc(importChunks.seq));
  return Object.fromEntries(
    SNAPSHOT_LISTS.map((list) => [list, rows.filter((row) => row.list === list).map((row) => row.seq)]),
  ) as Record<SnapshotList, number[]>;
}

/** The user's upload (or committed import) by id; undefined when it is not theirs. */
export async function uploadOf(db: Database, userId: string, analysisId: string) {
  const [row] = await db
    .select()
    .from(analyses)
    .where(and(eq(analyses.id, analysisId), eq(analyses.userId, userId), eq(analyses.source, 'download')));
  return row;
}

/** Unzips a chunk; BadChunkError when it is not gzip or unzips to more than a chunk can hold. */
export function gunzipChunk(gzipped: Uint8Array): Buffer {
  try {
    // A full chunk is at most 20,000 × 77 bytes: anything bigger is a bomb, not a chunk.
    return gunzipSync(gzipped, { maxOutputLength: 2 * 1024 * 1024 });
  } catch {
    throw new BadChunkError('not gzip');
  }
}

function unzipChunk(gzipped: Uint8Array): DecodedChunk {
  return decodeChunk(gunzipChunk(gzipped));
}

export type ChunkOutcome = 'stored' | 'notFound' | 'badChunk' | 'committed' | 'quota';

/**
 * Stores one chunk (again, harmlessly, when a retry repeats it), unless the account's uploads not yet
 * committed would then hold more than `quota`.
 */
export async function receiveChunk(
  db: Database,
  userId: string,
  analysisId: string,
  list: SnapshotList,
  seq: number,
  gzipped: Uint8Array,
  quota: ImportQuota,
): Promise<ChunkOutcome> {
  const upload = await uploadOf(db, userId, analysisId);
  if (!upload) return 'notFound';
  if (upload.status !== 'uploading') return 'committed';
  const meta = upload.importMeta as ImportOpen;
  const declared = meta[list];
  if (!declared || seq >= declared.chunks) return 'badChunk';
  let chunk: DecodedChunk;
  try {
    chunk = unzipChunk(gzipped);
  } catch (error) {
    if (error instanceof BadChunkError) return 'badChunk';
    throw error;
  }
  const expected = seq < declared.chunks - 1 ? CHUNK_SIZE : declared.count - seq * CHUNK_SIZE;
  if (chunk.list !== list || chunk.ids.length !== expected) return 'badChunk';
  const row = {
    data: Buffer.from(gzipped),
    count: chunk.ids.length,
    firstId: (chunk.ids[0] ?? 0n).toString(),
    lastId: (chunk.ids.at(-1) ?? 0n).toString(),
  };
  const stored = await withinQuota(db, userId, { analysisId, list, seq }, gzipped.length, quota, async (tx) => {
    await tx
      .insert(importChunks)
      .values({ analysisId, list, seq, ...row })
      .onConflictDoUpdate({ target: [importChunks.analysisId, importChunks.list, importChunks.seq], set: row });
  });
  return stored ? 'stored' : 'quota';
}
