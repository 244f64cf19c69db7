// GET client/account/export (issue 20): everything the server holds about the caller's account, as
// JSON. Any logged-in account may take its data, subscribed or not: leaving must not need a payment.
import type { FastifyInstance } from 'fastify';
import { accountOf, requireUser } from '../../auth/guard.ts';
import type { Services } from '../../services.ts';
import { accountExport } from '../../users/account-export.ts';

export function accountExportRoutes(app: FastifyInstance, { db, clock }: Services): void {
  app.get('/client/account/export', { preHandler: requireUser(db) }, async (request, reply) => {
    const document = await accountExport(db, accountOf(request).user, clock());
    return reply.header('cache-control', 'no-store').send(document);
  });
}
