// GET /api/v1/health: is the server up, can it reach its database, and does it run analysis jobs?
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app.ts';

export function healthRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.get('/health', async (request, reply) => {
    let database: 'ok' | 'unreachable' = 'ok';
    try {
      await deps.database.db.execute(sql`select 1`);
    } catch (error) {
      request.log.error({ err: error }, 'health: database unreachable');
      database = 'unreachable';
    }
    // A one-id diff proves the core answers, not merely that it loaded.
    const core = deps.core.diffSortedIds(BigUint64Array.of(1n), BigUint64Array.of(1n)).both.length === 1;
    const healthy = database === 'ok' && core && !app.draining;
    return reply.status(healthy ? 200 : 503).send({
      // Issue 54: `draining` while a stop lets its last requests finish; the balancer sends it no more.
      status: app.draining ? 'draining' : healthy ? 'ok' : 'degraded',
      version: deps.version,
      database: { kind: deps.database.kind, status: database },
      core: core ? 'ready' : 'failing',
      jobs: { queue: app.jobQueue.kind, worker: app.analysisWorker ? 'running' : 'none' },
    });
  });
}
