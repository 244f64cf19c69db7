// Delete my account (issue 20): the server removes every row about the account but the payments' records
// the law keeps (detached from the person), ends the subscription at the gateway and mails a confirmation.
import type { FastifyInstance } from 'fastify';
import { accountOf, requireUser } from '../../auth/guard.ts';
import type { CheckoutDeps } from '../../billing/checkout.ts';
import { localeOf, translate } from '../../i18n/messages.ts';
import { deleteAccount } from '../../users/delete-account.ts';

export function accountRoutes(app: FastifyInstance, deps: CheckoutDeps): void {
  // No Idempotency-Key here: a repeat after success carries a token that no longer exists, and its 401
  // leaves the app where a success would (logged out, on the welcome page).
  app.post('/client/account/delete/', { onRequest: requireUser(deps.db) }, async (request, reply) => {
    const lang = request.headers['accept-language'];
    const deleted = await deleteAccount({ ...deps, log: request.log }, accountOf(request).user, localeOf(lang));
    if (!deleted) return reply.status(502).send({ message: translate('accountNotDeleted', lang) });
    return { message: translate('accountDeleted', lang) };
  });
}
