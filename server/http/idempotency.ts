// Idempotency keys (issue 8): the app's outbox resends a request that failed in flight with the
// same Idempotency-Key, and the server answers the repeat with the first answer instead of doing
// the work twice. Only on routes that opt in (support messages, Clear Data); never on payments,
// which have their own reconciliation. Keys live for a day.
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema.ts';
import { translate } from '../i18n/messages.ts';

const KEY = /^[\w-]{8,100}$/;
const LIFETIME_MS = 24 * 3_600_000;

declare module 'fastify' {
  interface FastifyRequest {
    idempotencyKey?: { userId: string; key: string };
  }
}

/** preHandler (after requireUser) and onSend hooks for a route that honours Idempotency-Key. */
export function idempotent(db: Database, clock: Clock) {
  async function preHandler(request: FastifyRequest, reply: FastifyReply) {
    const header = request.headers['idempotency-key'];
    const userId = request.account?.user.id;
    if (typeof header !== 'string' || !userId) return;
    const language = request.headers['accept-language'];
    if (!KEY.test(header)) return reply.status(400).send({ message: translate('invalidRequest', language) });
    const route = `${request.method} ${request.routeOptions.url}`;
    const now = clock();
    await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - LIFETIME_MS)));
    const claimed = await db
      .insert(idempotencyKeys)
      .values({ userId, key: header, route, createdAt: now })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length) {
      request.idempotencyKey = { userId, key: header };
      return;
    }
    const [first] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, header)));
    if (!first || first.route !== route)
      return reply.status(422).send({ message: translate('invalidRequest', language) });
    // The first request is still running: the client tries again later.
    if (first.status === null || first.body === null)
      return reply
        .status(409)
        .header('retry-after', '2')
        .send({ message: translate('tooManyRequests', language) });
    return reply
      .status(first.status)
      .header('idempotent-replay', 'true')
      .type('application/json; charset=utf-8')
      .send(first.body);
  }

  async function onSend(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
    const claim = request.idempotencyKey;
    if (!claim) return payload;
    const where = and(eq(idempotencyKeys.userId, claim.userId), eq(idempotencyKeys.key, claim.key));
    // A server failure did nothing for sure: forget the key so the resend runs.
    if (reply.statusCode >= 500) await db.delete(idempotencyKeys).where(where);
    else
      await db
        .update(idempotencyKeys)
        .set({ status: reply.statusCode, body: String(payload) })
        .where(where);
    return payload;
  }

  return { preHandler, onSend };
}
