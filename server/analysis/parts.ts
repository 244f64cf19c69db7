// A committed analysis's long arrays, stored and read in parts (issue 19). A million 64-bit ids are
// 8 MB: sent as one value, PGlite turned them into a 16 MB hex string and a query message twice that,
// and the server's memory kept the peak for good. In parts of 64k values no statement carries more than
// about a megabyte, and a page of a list reads only the part it falls in.
//
// Issue 31: the parts are written before the commit's transaction, each in a short one of its own, so
// other requests are served between two parts. Nothing reads them until that transaction makes them
// reachable: a snapshot's arrays through its `snapshots` row, a list's through its `analysis_lists` row.
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { and, asc, between, eq, or } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { analysisParts } from '../db/schema.ts';
import { deflateValues, inflateInto } from './packing.ts';

/** Values a part holds: 512 kB of ids, 256 kB of times, before compression. */
export const PART_VALUES = 65_536;
/** Parts read per query when a whole array is read. */
const PARTS_PER_READ = 4;
/** Parts deleted per statement when an unfinished commit's are cleared: a few megabytes. */
const PARTS_PER_DELETE = 8;

export type PartName = 'followers' | 'following' | 'followersAt' | 'followingAt' | `list:${string}`;

/**
 * Runs in the transaction of every part's write and delete, before it: throws when the writer may no
 * longer write the analysis (its lease was taken over), so a writer that lost it changes nothing more.
 */
export type PartsGuard = (tx: Database) => Promise<void>;

const unguarded: PartsGuard = async () => undefined;

/**
 * Stores `values` as parts of `name`, one short transaction a part; each part is deflated off the event
 * loop while the one before it is written. `values` must not change until this ends.
 */
export async function writeParts(
  db: Database,
  analysisId: string,
  name: PartName,
  values: BigUint64Array | Uint32Array,
  guard: PartsGuard = unguarded,
): Promise<void> {
  const count = Math.ceil(values.length / PART_VALUES);
  const deflated = (seq: number) => deflateValues(values.subarray(seq * PART_VALUES, (seq + 1) * PART_VALUES));
  let next = count > 0 ? deflated(0) : undefined;
  for (let seq = 0; next; seq++) {
    const bytes = await next;
    next = seq + 1 < count ? deflated(seq + 1) : undefined;
    // A failed write ends the loop; the next part's deflate then ends unheard.
    next?.catch(() => undefined);
    await db.transaction(async (tx) => {
      await guard(tx);
      await tx.insert(analysisParts).values({ analysisId, name, seq, bytes });
    });
    // The next part's deflate has often ended by now, and an embedded write resolves without waiting on
    // a socket: without this turn several parts' writes ran back to back, holding requests 150 ms.
    await yieldToEventLoop();
  }
}

/**
 * Deletes every part of an analysis, a few per statement: what a commit that stopped half-way (its
 * process died, its lease was lost, it failed) left, before the analysis is committed again.
 */
export async function deleteParts(db: Database, analysisId: string, guard: PartsGuard = unguarded): Promise<void> {
  for (let deleted = PARTS_PER_DELETE; deleted === PARTS_PER_DELETE; ) {
    deleted = await db.transaction(async (tx) => {
      await guard(tx);
      const batch = await tx
        .select({ name: analysisParts.name, seq: analysisParts.seq })
        .from(analysisParts)
        .where(eq(analysisParts.analysisId, analysisId))
        .limit(PARTS_PER_DELETE);
      if (batch.length === 0) return 0;
      const each = batch.map(({ name, seq }) => and(eq(analysisParts.name, name), eq(analysisParts.seq, seq)));
      await tx.delete(analysisParts).where(and(eq(analysisParts.analysisId, analysisId), or(...each)));
      return batch.length;
    });
  }
}

/** True when the analysis stored `name` in parts (analyses committed before issue 19 did not). */
export async function hasParts(db: Database, analysisId: string, name: PartName): Promise<boolean> {
  const [row] = await db
    .select({ seq: analysisParts.seq })
    .from(analysisParts)
    .where(and(eq(analysisParts.analysisId, analysisId), eq(analysisParts.name, name)))
    .limit(1);
  return row !== undefined;
}

/** Reads values `from` (inclusive) to `to` (exclusive) of `name` into `target`, a few parts at a time. */
async function readInto(
  db: Database,
  analysisId: string,
  name: PartName,
  target: BigUint64Array | Uint32Array,
  from: number,
): Promise<void> {
  const to = from + target.length;
  const first = Math.floor(from / PART_VALUES);
  const last = Math.floor((to - 1) / PART_VALUES);
  for (let seq = first; seq <= last; seq += PARTS_PER_READ) {
    const rows = await db
      .select({ seq: analysisParts.seq, bytes: analysisParts.bytes })
      .from(analysisParts)
      .where(
        and(
          eq(analysisParts.analysisId, analysisId),
          eq(analysisParts.name, name),
          between(analysisParts.seq, seq, Math.min(last, seq + PARTS_PER_READ - 1)),
        ),
      )
      .orderBy(asc(analysisParts.seq));
    await Promise.all(rows.map((row) => inflateInto(row.bytes, target, row.seq * PART_VALUES - from)));
  }
}

/** The whole array `name` of `count` ids. */
export async function readIds(db: Database, analysisId: string, name: PartName, count: number) {
  const ids = new BigUint64Array(count);
  if (count > 0) await readInto(db, analysisId, name, ids, 0);
  return ids;
}

/** The whole follow-time array `name` (followersAt, followingAt) of `count` values. */
export async function readTimes(db: Database, analysisId: string, name: 'followersAt' | 'followingAt', count: number) {
  const times = new Uint32Array(count);
  if (count > 0) await readInto(db, analysisId, name, times, 0);
  return times;
}

/** Ids `from` to `to` (exclusive) of `name`, which holds `count` ids: a page reads only its parts. */
export async function readIdRange(
  db: Database,
  analysisId: string,
  name: PartName,
  count: number,
  from: number,
  to: number,
) {
  const end = Math.min(to, count);
  const ids = new BigUint64Array(Math.max(0, end - from));
  if (ids.length > 0) await readInto(db, analysisId, name, ids, from);
  return ids;
}
