// GET client/instagram/{list path}/export/?from=N (issue 20): a whole list in one streamed answer, for
// the worker to write as CSV. Paging 15 or 100 at a time, as the screens do, would take 10,000 requests
// for a million names.
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { listExportLines } from '../../analysis/list-export.ts';
import { accountOf, requireSubscriber } from '../../auth/guard.ts';
import { validated } from '../../http/validation.ts';
import type { Services } from '../../services.ts';
import type { SourceConnector } from '../../source/connector.ts';
import { listPaths, listProvenance } from './analysis.ts';

const exportQuery = z.object({ from: z._default(z.coerce.number().check(z.int(), z.gte(0)), 0) });

export function listExportRoutes(app: FastifyInstance, services: Services, source: SourceConnector): void {
  const { db, clock } = services;
  for (const [path, list] of Object.entries(listPaths)) {
    app.get(
      `/client/instagram/${path}/export/`,
      { preHandler: requireSubscriber(db), schema: { querystring: exportQuery } },
      async (request, reply) => {
        const { user } = accountOf(request);
        const { from } = validated(request.query, exportQuery);
        const lines = listExportLines(db, source, user.id, list, from, listProvenance(user) ?? null, clock());
        return reply
          .header('content-type', 'application/x-ndjson; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(Readable.from(lines));
      },
    );
  }
}
