// Issue 52 item 2: what an import keeps, and for how long. An import's chunks (the download's names, as
// uploaded) were kept for ever: a subscriber importing a download of 1,000,000 followers every week
// stored about 60 MB more each week. Lists read names only for the account's latest complete analysis
// (server/analysis/lists.ts), and the followers it lost are named by the import before it; renames keep
// their names in follower_renames. So the chunks of the account's two latest complete imports are kept,
// and an older import's are deleted once a newer one commits. What stays of an older import is its
// snapshot (ids and follow times, packed), its lists and its dated events: the history's counts.
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { analyses, importChunks } from '../db/schema.ts';

/** The complete imports of an account whose names are kept: the latest, and the one it is compared with. */
export const IMPORTS_KEPT = 2;
/** Chunks deleted per statement: up to about 1.5 MB each, so one statement never holds the database long. */
const CHUNKS_PER_DELETE = 4;

/** Deletes the chunks of the account's complete imports older than its IMPORTS_KEPT latest; how many went. */
export async function pruneImportChunks(db: Database, userId: string): Promise<number> {
  const older = await db
    .select({ id: analyses.id })
    .from(analyses)
    .where(and(eq(analyses.userId, userId), eq(analyses.status, 'complete'), eq(analyses.source, 'download')))
    .orderBy(desc(analyses.finishedAt), desc(analyses.startedAt))
    .offset(IMPORTS_KEPT);
  let deleted = 0;
  for (const { id } of older) {
    for (;;) {
      const batch = await db
        .select({ list: importChunks.list, seq: importChunks.seq })
        .from(importChunks)
        .where(eq(importChunks.analysisId, id))
        .orderBy(asc(importChunks.list), asc(importChunks.seq))
        .limit(CHUNKS_PER_DELETE);
      if (batch.length === 0) break;
      const list = (batch[0] as { list: string }).list;
      const seqs = batch.filter((row) => row.list === list).map((row) => row.seq);
      const gone = await db
        .delete(importChunks)
        .where(and(eq(importChunks.analysisId, id), eq(importChunks.list, list), inArray(importChunks.seq, seqs)))
        .returning({ seq: importChunks.seq });
      deleted += gone.length;
      await yieldToEventLoop();
    }
  }
  return deleted;
}
