// Every error leaves as `{ message }` in the caller's language (spec §8), and is logged once.
import type { FastifyError, FastifyInstance } from 'fastify';
import { type ServerMessage, serverMessages, translate } from '../i18n/messages.ts';

/** A refusal that names its own message (a per-account limit's, issue 32). */
const isServerMessage = (key: unknown): key is ServerMessage =>
  typeof key === 'string' && Object.hasOwn(serverMessages, key);

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
