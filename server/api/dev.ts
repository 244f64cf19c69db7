// Development helpers: the dev mail outbox, making test accounts, the clock and the sample network's truth.
// Anyone who reaches them can log in as anyone, so they exist only where no other machine can
// (docs/security.md "What listens where"): never in production, only on a loopback address unless DEV_ENDPOINTS=on, and
// even then each request must come straight from this machine, not through a proxy, and carry the key
// the server made at start (a proxy that adds no header, a tunnel or another local user has not got it).
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import ipaddr from 'ipaddr.js';
import * as z from 'zod/mini';
import { emailSchema, usernameSchema } from '../../common/schema/account.ts';
import { TEXT_MAX, text } from '../../common/schema/text.ts';
import { users } from '../db/schema.ts';
import { validated } from '../http/validation.ts';
import { mailTo } from '../mail/outbox.ts';
import type { Services } from '../services.ts';
import type { SampleNetwork } from '../source/sample.ts';
import { accountRows } from '../users/account-rows.ts';
import { sampleNetworkDevRoutes } from './source.ts';

const mailQuery = z.object({ to: emailSchema });
const newUser = z.object({
  email: emailSchema,
  username: usernameSchema,
  insta_full_name: z._default(text(TEXT_MAX.name), ''),
  is_subscribed: z._default(z.boolean(), true),
  insta_id: z._default(z.string().check(z.regex(/^\d{0,20}$/)), ''),
});

/** Comma-separated UUIDs (analyses or payments found before a deletion). */
const uuidList = z._default(z.string().check(z.regex(/^([0-9a-f-]{36}(,[0-9a-f-]{36})*)?$/i)), '');
const rowsQuery = z.object({
  email: emailSchema,
  user_id: z.optional(z.uuid()),
  analysis_ids: uuidList,
  payment_ids: uuidList,
});
const listOf = (ids: string) => ids.split(',').filter(Boolean);

/** Forward by at most ten years at a time: the database's dates end in the year 294276. */
const clockShift = z.object({ advance_ms: z.number().check(z.int(), z.positive(), z.lte(10 * 366 * 86_400_000)) });

/** Headers a proxy adds: a request that carries one came from another machine through this one. */
const forwardingHeaders = ['x-forwarded-for', 'forwarded', 'x-real-ip', 'x-forwarded-host'];

/** True when the request came over a loopback connection with no proxy in between. */
export function isFromThisMachine(request: FastifyRequest): boolean {
  if (forwardingHeaders.some((name) => request.headers[name] !== undefined)) return false;
  const peer = request.socket.remoteAddress;
  if (!peer || !ipaddr.isValid(peer)) return false;
  return ipaddr.process(peer).range() === 'loopback';
}

/** The header that carries the development key (or the query's `key`, for a link opened in a browser). */
export const DEV_KEY_HEADER = 'x-dev-key';

/** True when the request carries the development key, in the header or the query. */
export function carriesDevKey(request: FastifyRequest, secret: string): boolean {
  const header = request.headers[DEV_KEY_HEADER];
  const given = typeof header === 'string' ? header : new URL(request.url, 'http://local').searchParams.get('key');
  if (!given) return false;
  const [a, b] = [Buffer.from(given), Buffer.from(secret)];
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Every /dev route; registered only when the configuration allows them (`devEndpoints`). */
export function devRoutes(
  app: FastifyInstance,
  { db, clock, settings: { sampleNetwork } }: Services,
  secret: string,
  network: SampleNetwork,
  advanceClock?: (ms: number) => void,
): void {
  // A proxy on this machine (nginx in front of a loopback server) would otherwise pass the world in,
  // and one that adds no forwarding header still has not got the key.
  app.addHook('onRequest', async (request, reply) => {
    if (!isFromThisMachine(request) || !carriesDevKey(request, secret)) return reply.callNotFound();
  });

  /** The dev outbox: mail to one address, newest first. */
  app.get('/dev/mail', { schema: { querystring: mailQuery } }, async (request) => {
    const { to } = validated(request.query, mailQuery);
    return mailTo(db, to);
  });

  /** Creates or updates an account, for demos and end-to-end tests. */
  app.post('/dev/users', { schema: { body: newUser } }, async (request) => {
    const body = validated(request.body, newUser);
    const values = {
      email: body.email,
      username: body.username,
      instaFullName: body.insta_full_name,
      isSubscribed: body.is_subscribed,
      instaId: body.insta_id,
    };
    await db.insert(users).values(values).onConflictDoUpdate({ target: users.email, set: values });
    return { ok: true };
  });

  /**
   * Issue 20: how many rows of every table mention an account (by email, user id, and the analyses and
   * payments it had), the payments whole, and the kinds of mail to the address. After a deletion, every
   * count is 0; the payments found by id are kept, naming no one.
   */
  app.get('/dev/account/rows', { schema: { querystring: rowsQuery } }, async (request) => {
    const query = validated(request.query, rowsQuery);
    const report = await accountRows(db, {
      email: query.email,
      userId: query.user_id,
      analysisIds: listOf(query.analysis_ids),
      paymentIds: listOf(query.payment_ids),
    });
    return {
      user_id: report.userId ?? null,
      counts: report.counts,
      analysis_ids: report.analysisIds,
      mail_kinds: report.mailKinds,
      payments: report.payments.map((row) => ({
        id: row.id,
        kind: row.kind,
        email: row.email,
        username: row.username,
        first_name: row.firstName,
        last_name: row.lastName,
        user_id: row.userId,
        payment_token: row.paymentToken,
        action_token_id: row.actionTokenId,
        three_ds_result_token: row.threeDsResultToken,
        response: row.response,
        plan_code: row.planCode,
        amount_cents: row.amountCents,
        currency: row.currency,
        status: row.status,
        created_at: row.createdAt.toISOString(),
        detached_at: row.detachedAt?.toISOString() ?? null,
      })),
    };
  });

  /** The server's time (it may have been moved forward). */
  app.get('/dev/clock', async () => ({ now: clock().toISOString() }));

  /** Moves the server's clock forward, to see codes expire and time pass without waiting. */
  if (advanceClock) {
    app.post('/dev/clock', { schema: { body: clockShift } }, async (request) => {
      advanceClock(validated(request.body, clockShift).advance_ms);
      return { now: clock().toISOString() };
    });
  }

  if (sampleNetwork) sampleNetworkDevRoutes(app, network);
}
