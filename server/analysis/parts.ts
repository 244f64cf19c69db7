// A committed analysis's long arrays, stored and read in parts (issue 19). A million 64-bit ids are
// 8 MB: sent as one value, PGlite turned them into a 16 MB hex string and a query message twice that,
// and the server's memory kept the peak for good. In parts of 64k values no statement carries more than
// about a megabyte, and a page of a list reads only the part it falls in.
import { and, asc, between, eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { analysisParts } from '../db/schema.ts';
import { deflateValues, inflateInto } from './packing.ts';

/** Values a part holds: 512 kB of ids, 256 kB of times, before compression. */
export const PART_VALUES = 65_536;
/** Parts read per query when a whole array is read. */
const PARTS_PER_READ = 4;

export type PartName = 'followers' | 'following' | 'followersAt' | 'followingAt' | `list:${string}`;

/** Stores `values` as parts of `name`, one statement a part. */
export async function writeParts(
  db: Database,
  analysisId: string,
  name: PartName,
  values: BigUint64Array | Uint32Array,
): Promise<void> {
  for (let seq = 0; seq * PART_VALUES < values.length; seq++) {
    const slice = values.subarray(seq * PART_VALUES, (seq + 1) * PART_VALUES);
    await db.insert(analysisParts).values({ analysisId, name, seq, bytes: deflateValues(slice) });
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
    for (const row of rows) inflateInto(row.bytes, target, row.seq * PART_VALUES - from);
  }
}

/** The whole array `name` of `count` ids. */
export async function readIds(db: Database, analysisId: string, name: PartName, count: number) {
  const ids = new BigUint64Array(count);
  if (count > 0) await readInto(db, analysisId, name, ids, 0);
  return ids;
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
