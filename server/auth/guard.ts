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

/** The bearer token of a request, if it sent one. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization ?? '';
  return header.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
}

/** A preHandler that admits only requests with a live token (spec §8: a 401 carries the detail text). */
export function requireUser(db: Database) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const token = bearerToken(request);
    const user = token ? await userForToken(db, token) : undefined;
    if (!token || !user) {
      const detail = translate('unauthorized', request.headers['accept-language']);
      return reply.status(401).send({ detail, message: detail });
    }
    // A cancelled subscription's access ends at its end (issue 20), by the server's clock.
    const now = (request.server.services?.clock ?? systemClock)();
    request.account = { user: await withLapsedAccessEnded(db, user, now), token };
  };
}

/** A preHandler that admits only subscribers (spec §4 Access: the rest reach /home and payments only). */
export function requireSubscriber(db: Database) {
  const user = requireUser(db);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    await user(request, reply);
    if (reply.sent) return;
    if (!request.account?.user.isSubscribed) {
      const message = translate('unauthorized', request.headers['accept-language']);
      return reply.status(403).send({ message });
    }
  };
}

/** The user of an authenticated request (only call behind requireUser). */
export function accountOf(request: FastifyRequest): { user: UserRow; token: string } {
  if (!request.account) throw new Error('accountOf called on a route without requireUser');
  return request.account;
}
