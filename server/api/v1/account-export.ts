// GET client/account/export (issue 20): everything the server holds about the caller's account, as
// JSON. Any logged-in account may take its data, subscribed or not: leaving must not need a payment.
// Issue 32: counted against the account's export limit and one export at a time, as a list's stream.
import type { FastifyInstance } from 'fastify';
import { accountOf, requireUser } from '../../auth/guard.ts';
import { accountLimit, refuseBusyExport, takeExportSlot } from '../../http/account-limits.ts';
import type { Services } from '../../services.ts';
import { accountExport } from '../../users/account-export.ts';

export function accountExportRoutes(app: FastifyInstance, { db, clock, settings }: Services): void {
  const limited = accountLimit(app, settings.accountLimits, 'exports');
  app.get('/client/account/export', { onRequest: requireUser(db), preHandler: limited }, async (request, reply) => {
    const { user } = accountOf(request);
    const taken = await takeExportSlot(db, user.id);
    if (taken.kind === 'busy') return refuseBusyExport(request, reply, taken.retryAfterS);
    // The slot covers building the document, the costly part, and is freed before the answer goes: freed
    // after `send`, an export asked for as soon as the last one arrived could find it still held (a
    // PostgreSQL test saw the row after the answer, at load).
    let document: Awaited<ReturnType<typeof accountExport>>;
    try {
      document = await accountExport(db, user, clock());
    } finally {
      await taken.slot.release();
    }
    return reply.header('cache-control', 'no-store').send(document);
  });
}
