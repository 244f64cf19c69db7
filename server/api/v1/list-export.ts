// GET client/instagram/{list path}/export/?from=N (issue 20): a whole list in one streamed answer, for
// the worker to write as CSV. Paging 15 or 100 at a time, as the screens do, would take 10,000 requests
// for a million names. Issue 32: counted against the account's export limit, and one export per
// account at a time (server/http/account-limits.ts).
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { listExportLines } from '../../analysis/list-export.ts';
import { accountOf, requireSubscriber } from '../../auth/guard.ts';
import { accountLimit, type ExportSlot, refuseBusyExport, takeExportSlot } from '../../http/account-limits.ts';
import { validated } from '../../http/validation.ts';
import type { Services } from '../../services.ts';
import type { SourceConnector } from '../../source/connector.ts';
import { downloadProvenance, listPaths, listProvenance, siblingListPaths } from './analysis.ts';

const exportQuery = z.object({ from: z._default(z.coerce.number().check(z.int(), z.gte(0)), 0) });

export function listExportRoutes(app: FastifyInstance, services: Services, source: SourceConnector): void {
  const { db, clock } = services;
  const limited = accountLimit(app, services.settings.accountLimits, 'exports');
  const exported = [
    ...Object.entries(listPaths).map(([path, list]) => ({ path, list, provenance: listProvenance })),
    ...Object.entries(siblingListPaths).map(([path, list]) => ({ path, list, provenance: downloadProvenance })),
  ];
  for (const { path, list, provenance } of exported) {
    app.get(
      `/client/instagram/${path}/export/`,
      { onRequest: requireSubscriber(db), preHandler: limited, schema: { querystring: exportQuery } },
      async (request, reply) => {
        const { user } = accountOf(request);
        const { from } = validated(request.query, exportQuery);
        const taken = await takeExportSlot(db, user.id);
        if (taken.kind === 'busy') return refuseBusyExport(request, reply, taken.retryAfterS);
        const { slot } = taken;
        // The answer's end, the client's going away and a failed stream all close the response: each
        // frees the slot (once), so the next export is not refused for one that is over.
        reply.raw.once('close', () => void slot.release());
        const lines = listExportLines(db, source, user.id, list, from, provenance(user) ?? null, clock(), {
          renew: () => slot.renew(),
          closed: () => reply.raw.destroyed || reply.raw.writableEnded,
        });
        return reply
          .header('content-type', 'application/x-ndjson; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(Readable.from(released(lines, slot)));
      },
    );
  }
}

/** The lines, then the slot freed as soon as the last one is out (or the stream stops early). */
async function* released(lines: AsyncGenerator<string>, slot: ExportSlot): AsyncGenerator<string> {
  try {
    yield* lines;
  } finally {
    await slot.release();
  }
}
