// Authenticated routes: `Authorization: Bearer <token>` names the user, or the call gets a 401.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { withLapsedAccessEnded } from '../billing/subscription.ts';
import { systemClock } from '../clock.ts';
import type { Database } from '../db/client.ts';
import { translate } from '../i18n/messages.ts';
import { type UserRow, userForToken } from './tokens.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set on authenticated routes. */
    account: { user: UserRow; token: string } | null;
  }
}

/** Marks a guard hook, so a test can find every route that needs a login (server/api/auth-first.test.ts). */
export const GUARD = Symbol('followscope.guard');
type Guard = ((request: FastifyRequest, reply: FastifyReply) => Promise<unknown>) & { [GUARD]: 'user' | 'subscriber' };
const guard = (kind: 'user' | 'subscriber', hook: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>) =>
  Object.assign(hook, { [GUARD]: kind }) as Guard;

/** The bearer token of a request, if it sent one. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization ?? '';
  return header.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
}

/**
 * An onRequest hook that admits only requests with a live token (spec §8: a 401 carries the detail text).
 * Issue 48: on onRequest, before the body is read or validated, so a stranger learns nothing of a route's
 * body from its errors and costs no parsing: every authenticated route answers 401 (or 403) first.
 */
export function requireUser(db: Database): Guard {
  return guard('user', async (request, reply) => {
    const token = bearerToken(request);
    const user = token ? await userForToken(db, token) : undefined;
    if (!token || !user) {
      const detail = translate('unauthorized', request.headers['accept-language']);
      return reply.status(401).send({ detail, message: detail });
    }
    // A cancelled subscription's access ends at its end (issue 20), by the server's clock.
    const now = (request.server.services?.clock ?? systemClock)();
    request.account = { user: await withLapsedAccessEnded(db, user, now), token };
  });
}

/** An onRequest hook that admits only subscribers (spec §4 Access: the rest reach /home and payments only). */
export function requireSubscriber(db: Database): Guard {
  const user = requireUser(db);
  return guard('subscriber', async (request, reply) => {
    await user(request, reply);
    if (reply.sent) return;
    if (!request.account?.user.isSubscribed) {
      const message = translate('unauthorized', request.headers['accept-language']);
      return reply.status(403).send({ message });
    }
  });
}

/** The user of an authenticated request (only call behind requireUser). */
export function accountOf(request: FastifyRequest): { user: UserRow; token: string } {
  if (!request.account) throw new Error('accountOf called on a route without requireUser');
  return request.account;
}
