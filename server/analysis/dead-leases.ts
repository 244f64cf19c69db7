// Leases left by a process that died, on the embedded database. That database belongs to one process
// (server/main.ts refuses the api and worker roles without DATABASE_URL), so when it starts, every lease
// it finds was held by a process that is gone: a server killed in the middle of an analysis or of an
// import's commit. Handed back at once, the analysis resumes and the import's commit sent again goes
// ahead as soon as the server is up, instead of after the lease (15 s for an analysis, 30 s for an
// upload; issue 35's fault bench measured both waits). On PostgreSQL another process may hold them.
import { and, inArray, isNotNull } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { analyses } from '../db/schema.ts';

/** Frees every lease of a running analysis or an upload; returns how many there were. */
export async function releaseDeadLeases(db: Database): Promise<number> {
  const released = await db
    .update(analyses)
    .set({ leaseOwner: null, leaseUntil: null })
    .where(and(isNotNull(analyses.leaseOwner), inArray(analyses.status, ['running', 'uploading'])))
    .returning({ id: analyses.id });
  return released.length;
}
