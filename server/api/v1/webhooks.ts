// Recurly webhooks: signed with the webhook key; a subscription that ends or comes back changes
// the account's is_subscribed, which the app's guards follow.
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { verifyRecurlySignature } from '../../billing/recurly.ts';
import type { Database } from '../../db/client.ts';
import { subscriptions, users } from '../../db/schema.ts';
import type { Services } from '../../services.ts';

// 'canceled' is not an end: a cancelled subscription runs to the end of the period paid for, and
// Recurly sends 'expired' then (issue 20). Its end is recorded when the app cancels it.
const ending = new Set(['expired', 'failed']);
const starting = new Set(['new', 'created', 'renewed', 'reactivated']);

export async function webhookRoutes(app: FastifyInstance, { db, clock }: Services, key: string | undefined) {
  // The signature covers the exact bytes, so this route reads the body as text.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  app.post('/webhooks/recurly', async (request, reply) => {
    const body = String(request.body ?? '');
    const signature = request.headers['recurly-signature'];
    if (!key || !verifyRecurlySignature(typeof signature === 'string' ? signature : undefined, body, key, clock())) {
      return reply.status(401).send({ message: 'invalid signature' });
    }
    const event = JSON.parse(body) as { object_type?: string; event_type?: string; account_code?: string };
    if (event.object_type === 'subscription' && event.account_code && event.event_type) {
      const subscribed = starting.has(event.event_type) ? true : ending.has(event.event_type) ? false : undefined;
      if (subscribed !== undefined) {
        // Account codes are our user ids (the checkout sends them); an unknown code changes nothing.
        if (/^[0-9a-f-]{36}$/.test(event.account_code)) {
          await recordWebhook(db, event.account_code, subscribed);
        }
      }
    }
    return reply.status(204).send();
  });
}

/**
 * A subscription that starts or comes back renews: no end stands. One that ends takes its cancelled
 * subscriptions with it.
 */
async function recordWebhook(db: Database, userId: string, subscribed: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(users).set({ isSubscribed: subscribed, subscriptionEndsAt: null }).where(eq(users.id, userId));
    await tx
      .update(subscriptions)
      .set(subscribed ? { state: 'active', cancelledAt: null, endsAt: null } : { state: 'expired' })
      .where(and(eq(subscriptions.userId, userId), eq(subscriptions.state, 'canceled')));
  });
}
