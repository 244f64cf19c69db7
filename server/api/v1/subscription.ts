// Manage subscription (spec §2, issue 20): the plan and status, cancel in one click, keep it until its end.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { accountOf, requireUser } from '../../auth/guard.ts';
import type { CheckoutDeps } from '../../billing/checkout.ts';
import { GatewayRefusal } from '../../billing/gateway.ts';
import {
  cancelSubscription,
  keepSubscription,
  type LifecycleOutcome,
  planDetails,
} from '../../billing/subscription.ts';
import { accountGate } from '../../http/account-gates.ts';
import { localeOf, type ServerMessage, translate } from '../../i18n/messages.ts';
import { findUserById } from '../../users/record.ts';

export function subscriptionRoutes(app: FastifyInstance, deps: CheckoutDeps): void {
  const { db, clock, gateway } = deps;
  // Issue 48: each of these asks the payment gateway: one at a time per account, and counted.
  const auth = { onRequest: requireUser(db), preHandler: accountGate(app, deps.settings.accountLimits, 'billing') };

  /** The subscription as it now stands, for the screen. */
  const detailsOf = async (request: FastifyRequest) => planDetails(db, accountOf(request).user, gateway.name, clock());

  /** Runs a change at the gateway; its refusals and failures come back worded, and change nothing. */
  async function change(
    request: FastifyRequest,
    reply: FastifyReply,
    run: () => Promise<LifecycleOutcome>,
    refusal: ServerMessage,
  ) {
    const lang = request.headers['accept-language'];
    let outcome: LifecycleOutcome;
    try {
      outcome = await run();
    } catch (error) {
      if (error instanceof GatewayRefusal) {
        request.log.warn({ err: error }, 'the gateway refused a subscription change');
        return reply.status(400).send({ message: translate(refusal, lang) });
      }
      request.log.error({ err: error }, 'the gateway could not be reached');
      return reply.status(502).send({ message: translate('gatewayUnavailable', lang) });
    }
    if (outcome.kind === 'nothing' || outcome.kind === 'ended') {
      return reply.status(400).send({ message: translate(refusal, lang) });
    }
    const message = translate(outcome.kind === 'cancelled' ? 'subscriptionCancelled' : 'subscriptionKept', lang);
    // The user is read again: the change moved its subscription's end.
    return { message, plan: await planDetailsAfter(request) };
  }

  const planDetailsAfter = async (request: FastifyRequest) => {
    const { user } = accountOf(request);
    const fresh = await findUserById(db, user.id);
    return planDetails(db, fresh ?? user, gateway.name, clock());
  };

  // spec §2 Manage subscription: active or inactive, and the plan's name; since issue 20, when a
  // cancelled subscription ends and whether it can be cancelled here.
  app.get('/get/recurly/subscription/planDetails/', auth, detailsOf);

  app.post('/client/subscription/cancel/', auth, (request, reply) =>
    change(
      request,
      reply,
      () => cancelSubscription(deps, accountOf(request).user, localeOf(request.headers['accept-language'])),
      'nothingToCancel',
    ),
  );

  app.post('/client/subscription/keep/', auth, (request, reply) =>
    change(request, reply, () => keepSubscription(deps, accountOf(request).user), 'nothingToKeep'),
  );
}
