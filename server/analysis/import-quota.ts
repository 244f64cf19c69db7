// Issue 32: what one account's imports not yet committed may store. Without it a subscriber could store
// 2 × 1,000 chunks of about 1.5 MB per upload. A committed import's chunks stay (list pages read names
// from them) but no longer count; an upload abandoned for another is deleted with its chunks.
import { and, eq, ne, or, sql } from 'drizzle-orm';
import type { ImportOpen } from '../../common/schema/imports.ts';
import { SNAPSHOT_LISTS, type SnapshotList } from '../../common/snapshot/snapshot.ts';
import type { Database } from '../db/client.ts';
import { analyses, importChunks } from '../db/schema.ts';

/** The most an account's uploads not yet committed may hold (IMPORT_QUOTA_CHUNKS, IMPORT_QUOTA_MB). */
export interface ImportQuota {
  chunks: number;
  bytes: number;
}

/** Whether a download's declared chunks fit the quota at all: one that cannot is refused before any is sent. */
export function fitsQuota(meta: ImportOpen, quota: ImportQuota): boolean {
  return SNAPSHOT_LISTS.reduce((sum, list) => sum + (meta[list]?.chunks ?? 0), 0) <= quota.chunks;
}

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Where a chunk goes: the same place again replaces the chunk stored there. */
export interface ChunkPlace {
  analysisId: string;
  list: SnapshotList;
  seq: number;
}

/**
 * What the account's uploads not yet committed hold, leaving out the chunk at `place` (a repeat replaces
 * it). Sizes are read from the stored values' headers: no chunk is read.
 */
async function storedBesides(tx: Transaction, userId: string, place: ChunkPlace) {
  const [row] = await tx
    .select({
      chunks: sql<number>`count(*)::int`,
      bytes: sql<number>`coalesce(sum(octet_length(${importChunks.data})), 0)::bigint`,
    })
    .from(importChunks)
    .innerJoin(analyses, eq(analyses.id, importChunks.analysisId))
    .where(
      and(
        eq(analyses.userId, userId),
        eq(analyses.status, 'uploading'),
        or(
          ne(importChunks.analysisId, place.analysisId),
          ne(importChunks.list, place.list),
          ne(importChunks.seq, place.seq),
        ),
      ),
    );
  return { chunks: Number(row?.chunks ?? 0), bytes: Number(row?.bytes ?? 0) };
}

/**
 * Runs `store` if a chunk of `size` bytes at `place` fits the account's quota, and answers whether it
 * did. The sum and the store run under a transaction-scoped advisory lock on the account, so parallel
 * puts (in any API process on the same database) take turns and cannot pass the quota together.
 */
export async function withinQuota(
  db: Database,
  userId: string,
  place: ChunkPlace,
  size: number,
  quota: ImportQuota,
  store: (tx: Transaction) => Promise<void>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('import-quota:' || ${userId}::text))`);
    const stored = await storedBesides(tx, userId, place);
    if (stored.chunks + 1 > quota.chunks || stored.bytes + size > quota.bytes) return false;
    await store(tx);
    return true;
  });
}
