// Development helpers, never registered in production: the dev mail outbox, and making test accounts.
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { normalizeEmail } from '../../src/api/schema/account.ts';
import { users } from '../db/schema.ts';
import { validated } from '../http/validation.ts';
import { mailTo } from '../mail/outbox.ts';
import type { Services } from '../services.ts';

const mailQuery = z.object({ to: z.pipe(z.string(), z.transform(normalizeEmail)) });
const newUser = z.object({
  email: z.pipe(z.pipe(z.string(), z.transform(normalizeEmail)), z.email()),
  username: z.string().check(z.minLength(1)),
  insta_full_name: z._default(z.string(), ''),
  is_subscribed: z._default(z.boolean(), true),
  insta_id: z._default(z.string(), ''),
});

const clockShift = z.object({ advance_ms: z.number().check(z.int(), z.positive()) });

export function devRoutes(app: FastifyInstance, { db, clock }: Services, advanceClock?: (ms: number) => void): void {
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

  /** The server's time (it may have been moved forward). */
  app.get('/dev/clock', async () => ({ now: clock().toISOString() }));

  /** Moves the server's clock forward, to see codes expire and time pass without waiting. */
  if (advanceClock) {
    app.post('/dev/clock', { schema: { body: clockShift } }, async (request) => {
      advanceClock(validated(request.body, clockShift).advance_ms);
      return { now: clock().toISOString() };
    });
  }
}
