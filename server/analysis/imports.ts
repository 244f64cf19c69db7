// Imports of the owner's data download (issue 9): an upload opened with its declared shape, chunks
// put by sequence number (a broken connection resumes: opening the same digest again answers which
// chunks already arrived), within the account's quota (import-quota.ts); the commit is import-commit.ts.
import { gunzipSync } from 'node:zlib';
import { and, asc, desc, eq, ne } from 'drizzle-orm';
import type { ImportedPost, ImportOpen, ImportRefusal } from '../../common/schema/imports.ts';
import {
  BadChunkError,
  CHUNK_SIZE,
  type DecodedChunk,
  decodeChunk,
  type SnapshotList,
} from '../../common/snapshot/snapshot.ts';
import type { Database } from '../db/client.ts';
import { analyses, importChunks, snapshots, type users } from '../db/schema.ts';
import { fitsQuota, type ImportQuota, withinQuota } from './import-quota.ts';
import { indexOf } from './packing.ts';

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
  const [latest] = await db
    .select({ meta: analyses.importMeta })
    .from(analyses)
    .where(and(eq(analyses.userId, userId), eq(analyses.source, 'download'), eq(analyses.status, 'complete')))
    .orderBy(desc(analyses.finishedAt))
    .limit(1);
  if (!latest) return undefined;
  const meta = latest.meta as ImportOpen;
  return postsIncluded(meta) ? (meta.posts ?? []) : null;
}

/** Ranges the network offers are a year at most; an all-time download of an older account spans more. */
export const PARTIAL_RANGE_MAX_SPAN_S = 400 * 86_400;
/** Below this many known followers, a short download proves nothing. */
export const PARTIAL_RANGE_MIN_KNOWN = 20;

export type OpenOutcome =
  | { kind: 'unchanged' }
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
  if (
    meta.followers.chunks !== chunksFor(meta.followers.count) ||
    meta.following.chunks !== chunksFor(meta.following.count)
  )
    return { kind: 'refused', reason: 'badChunk' };
  if (!fitsQuota(meta, quota)) return { kind: 'refused', reason: 'quota' };

  const mine = await db
    .select({ id: analyses.id, status: analyses.status, digest: analyses.digest, meta: analyses.importMeta })
    .from(analyses)
    .where(and(eq(analyses.userId, user.id), eq(analyses.source, 'download'), eq(analyses.digest, meta.digest)));
  if (mine.some((row) => row.status === 'complete')) return { kind: 'unchanged' };

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

  const open = mine.find((row) => row.status === 'uploading');
  // Issue 50 item 4: a download gives no period, so a sharp drop is asked about before anything is sent;
  // an upload of this download already opened with the answer goes on.
  const accepted = meta.acceptDrop === true || (open?.meta as ImportOpen | null)?.acceptDrop === true;
  if (latest && isSharpDrop(latest.followers, meta.followers.count) && !accepted)
    return {
      kind: 'refused',
      reason: 'sharpDrop',
      values: { previous: String(latest.followers), now: String(meta.followers.count) },
    };
  // One upload at a time: another one left half-sent is abandoned.
  await db
    .delete(analyses)
    .where(
      and(eq(analyses.userId, user.id), eq(analyses.status, 'uploading'), ...(open ? [ne(analyses.id, open.id)] : [])),
    );
  if (open) return { kind: 'open', id: open.id, received: await receivedChunks(db, open.id) };

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
  return { kind: 'open', id: created.id, received: { followers: [], following: [] } };
}

/** The chunks of an upload that arrived, by list. */
export async function receivedChunks(db: Database, analysisId: string): Promise<Record<SnapshotList, number[]>> {
  const rows = await db
    .select({ list: importChunks.list, seq: importChunks.seq })
    .from(importChunks)
    .where(eq(importChunks.analysisId, analysisId))
    .orderBy(asc(importChunks.seq));
  return {
    followers: rows.filter((row) => row.list === 'followers').map((row) => row.seq),
    following: rows.filter((row) => row.list === 'following').map((row) => row.seq),
  };
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
  if (seq >= meta[list].chunks) return 'badChunk';
  let chunk: DecodedChunk;
  try {
    chunk = unzipChunk(gzipped);
  } catch (error) {
    if (error instanceof BadChunkError) return 'badChunk';
    throw error;
  }
  const expected = seq < meta[list].chunks - 1 ? CHUNK_SIZE : meta[list].count - seq * CHUNK_SIZE;
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

/** Decoded chunks recently read by lists, so paging does not unzip the same chunk for every page. */
const recentChunks = new Map<string, DecodedChunk>();
const RECENT_MAX = 32;

/**
 * Names of imported people by id, from the user's imports (newest first): lists show a lost follower
 * whose name only the previous download holds.
 */
export async function importedNames(db: Database, userId: string, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const ranges = await db
    .select({
      analysisId: importChunks.analysisId,
      list: importChunks.list,
      seq: importChunks.seq,
      firstId: importChunks.firstId,
      lastId: importChunks.lastId,
    })
    .from(importChunks)
    .innerJoin(analyses, eq(analyses.id, importChunks.analysisId))
    .where(and(eq(analyses.userId, userId), eq(analyses.status, 'complete')))
    .orderBy(desc(analyses.finishedAt));
  return namesInChunks(db, ranges, ids);
}

/** Names by id from one import's chunks, committed or not (issue 50: a commit names its renames). */
export async function namesInImport(db: Database, analysisId: string, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const ranges = await db
    .select({
      analysisId: importChunks.analysisId,
      list: importChunks.list,
      seq: importChunks.seq,
      firstId: importChunks.firstId,
      lastId: importChunks.lastId,
    })
    .from(importChunks)
    .where(eq(importChunks.analysisId, analysisId));
  return namesInChunks(db, ranges, ids);
}

interface ChunkRange {
  analysisId: string;
  list: string;
  seq: number;
  firstId: string;
  lastId: string;
}

/** Names by id from the chunks `ranges` name, in their order: only chunks whose range holds an id are read. */
async function namesInChunks(db: Database, ranges: ChunkRange[], ids: string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  let wanted = ids.map((id) => BigInt(id));
  for (const range of ranges) {
    if (wanted.length === 0) break;
    const first = BigInt(range.firstId);
    const last = BigInt(range.lastId);
    if (!wanted.some((id) => id >= first && id <= last)) continue;
    const key = `${range.analysisId}:${range.list}:${range.seq}`;
    let chunk = recentChunks.get(key);
    if (!chunk) {
      const [row] = await db
        .select({ data: importChunks.data })
        .from(importChunks)
        .where(
          and(
            eq(importChunks.analysisId, range.analysisId),
            eq(importChunks.list, range.list),
            eq(importChunks.seq, range.seq),
          ),
        );
      if (!row) continue;
      chunk = unzipChunk(row.data);
      recentChunks.set(key, chunk);
      if (recentChunks.size > RECENT_MAX) recentChunks.delete(recentChunks.keys().next().value as string);
    }
    const names = chunk;
    wanted = wanted.filter((id) => {
      const at = indexOf(names.ids, id);
      if (at < 0) return true;
      found.set(id.toString(), names.names[at] as string);
      return false;
    });
  }
  return found;
}
