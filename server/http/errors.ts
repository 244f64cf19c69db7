// Every error leaves as `{ message }` in the caller's language (spec §8), and is logged once.
import type { FastifyError, FastifyInstance } from 'fastify';
import { type ServerMessage, serverMessages, translate } from '../i18n/messages.ts';

/** A refusal that names its own message (a per-account limit's, issue 32). */
const isServerMessage = (key: unknown): key is ServerMessage =>
  typeof key === 'string' && Object.hasOwn(serverMessages, key);

/**
 * Codes of a connection that failed or was cut (Node's), and PostgreSQL's for a server shutting down
 * (57P01-57P03), refusing connections (53300) or a broken connection (class 08).
 */
const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);

/** Whether `error`, or anything it was caused by, says the database cannot be reached. */
export function databaseUnreachable(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && depth < 5; cause = (cause as { cause?: unknown }).cause, depth++) {
    const { code, message } = cause as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNREACHABLE.has(code) || code.startsWith('08'))) return true;
    if (
      typeof message === 'string' &&
      /Connection terminated|connect ECONNREFUSED|terminating connection/.test(message)
    )
      return true;
  }
  return false;
}

/** Turns thrown errors and unknown API paths into localised `{ message }` answers. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    const key: ServerMessage = isServerMessage((error as { serverMessage?: unknown }).serverMessage)
      ? ((error as { serverMessage?: unknown }).serverMessage as ServerMessage)
      : error.validation
        ? 'invalidRequest'
        : status === 429
          ? 'tooManyRequests'
          : status === 404
            ? 'notFound'
            : status >= 500
              ? 'serverError'
              : 'invalidRequest';
    // Issue 54: the database unreachable (restarting, a failover) is a 503 that says so, on every route,
    // not the spec's "high traffic" 500.
    if (status === 500 && databaseUnreachable(error)) {
      request.log.error({ err: error }, 'database unreachable');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send({ message: translate('serviceUnavailable', request.headers['accept-language']) });
    }
    if (status >= 500) {
      // Logged with the request's id (pino's reqId), which the answer carries too, so a user's report of
      // a failure finds its log line; the message stays the spec's generic one (§8).
      request.log.error({ err: error }, 'request failed');
      reply.header('x-request-id', request.id);
    } else request.log.info({ status, reason: error.message }, 'request refused');
    return reply.status(status).send({ message: translate(key, request.headers['accept-language']) });
  });
}

/** The 404 for an API path no route answers. */
export function apiNotFound(app: FastifyInstance): void {
  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send({ message: translate('notFound', request.headers['accept-language']) }),
  );
}
