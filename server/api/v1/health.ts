// GET /api/v1/health: is the server up, and can it reach its database?
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
    return reply.status(database === 'ok' ? 200 : 503).send({
      status: database === 'ok' ? 'ok' : 'degraded',
      version: deps.version,
      database: { kind: deps.database.kind, status: database },
      core: 'ready',
    });
  });
}
