// Issue 52 item 2: what an account keeps of its analyses and imports, and for how long, so that what a
// subscriber stores a year is bounded by what changes, not by how often they look. Measured before
// (`npm run bench -- cost`): a weekly import of 1,000,000 followers added 19 MB of packed arrays and 15 MB
// of names every week, for ever.
// - **Names.** An import's chunks (the download's names, as uploaded) are read back only for the
//   latest analysis's lists (server/analysis/lists.ts), and the followers it lost are named by the
//   import before it; renames keep their names in follower_renames. Chunks of older imports go.
// - **Packed arrays.** An analysis's snapshot (ids and follow times) and its lists are stored in parts
//   (server/analysis/parts.ts). The next analysis diffs against the latest snapshot of its source only,
//   and lists read the latest analysis only. Parts of older analyses go.
// What stays of an older analysis is its `snapshots` row's counts, its `analysis_lists` rows' counts and
// its dated events: the history and the account export read nothing else.
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { analyses, importChunks, snapshots } from '../db/schema.ts';
import { deleteParts } from './parts.ts';

/** The committed analyses of an account (per source) whose names and arrays are kept: the latest and the one before. */
export const ANALYSES_KEPT = 2;
/** Chunks deleted per statement: up to about 1.5 MB each, so one statement never holds the database long. */
const CHUNKS_PER_DELETE = 4;

/** Deletes an import's chunks, a few per statement. */
async function deleteChunks(db: Database, analysisId: string): Promise<void> {
  for (;;) {
    const batch = await db
      .select({ list: importChunks.list, seq: importChunks.seq })
      .from(importChunks)
      .where(eq(importChunks.analysisId, analysisId))
      .orderBy(asc(importChunks.list), asc(importChunks.seq))
      .limit(CHUNKS_PER_DELETE);
    const list = batch[0]?.list;
    if (list === undefined) return;
    const seqs = batch.filter((row) => row.list === list).map((row) => row.seq);
    await db
      .delete(importChunks)
      .where(
        and(eq(importChunks.analysisId, analysisId), eq(importChunks.list, list), inArray(importChunks.seq, seqs)),
      );
    await yieldToEventLoop();
  }
}

/**
 * After a commit of `source` for the account: deletes the names and packed arrays of its complete analyses
 * of that source older than the ANALYSES_KEPT latest (by when their snapshot was taken).
 */
export async function pruneOlderAnalyses(db: Database, userId: string, source: string): Promise<void> {
  const older = await db
    .select({ id: analyses.id })
    .from(snapshots)
    .innerJoin(analyses, eq(analyses.id, snapshots.analysisId))
    .where(and(eq(snapshots.userId, userId), eq(analyses.source, source), eq(analyses.status, 'complete')))
    .orderBy(desc(snapshots.takenAt), desc(analyses.finishedAt))
    .offset(ANALYSES_KEPT);
  for (const { id } of older) {
    await deleteChunks(db, id);
    await deleteParts(db, id);
  }
}
