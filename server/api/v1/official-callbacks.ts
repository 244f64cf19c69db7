// The platform's deauthorize and data-deletion callbacks (issue 49), and the deletion's status page. The
// platform posts a signed request (application/x-www-form-urlencoded, field `signed_request`) when an
// owner removes the app or asks for their data to be deleted; it is verified with the app secret before
// anything is done. docs/sources.md "The official API" says which URLs go in the app's settings.
import formBody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { localeOf, translate } from '../../i18n/messages.ts';
import type { Services } from '../../services.ts';
import {
  deletionOf,
  forgetOfficial,
  recordDeletion,
  type SignedRequest,
  verifySignedRequest,
} from '../../source/official/callbacks.ts';

/** Where the deletion status pages are, under the app's own address. */
export const DELETION_STATUS_PATH = '/api/v1/official/deletion/';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export async function officialCallbackRoutes(app: FastifyInstance, services: Services) {
  await app.register(formBody);
  const { db, clock } = services;

  /** The verified signed request, or a 400/404 already sent. */
  function signed(request: FastifyRequest, reply: FastifyReply): SignedRequest | undefined {
    const official = services.official;
    if (!official) {
      void reply.status(404).send({ message: translate('officialNotConfigured', request.headers['accept-language']) });
      return undefined;
    }
    const body = (request.body ?? {}) as { signed_request?: unknown };
    const verified =
      typeof body.signed_request === 'string' && body.signed_request.length < 4096
        ? verifySignedRequest(body.signed_request, official.settings.appSecret)
        : undefined;
    if (!verified) void reply.status(400).send({ message: 'invalid signed_request' });
    return verified;
  }

  /** Deauthorize callback: the owner removed the app; their token and official data go at once. */
  app.post('/official/deauthorize', async (request, reply) => {
    const verified = signed(request, reply);
    if (!verified) return reply;
    const found = await forgetOfficial(db, verified.userId);
    request.log.info({ found }, 'official API deauthorized by the owner on the network');
    return reply.status(200).send({ success: true });
  });

  /**
   * Data-deletion callback: deleted at once, then "a JSON response that contains a URL where the user can
   * check the status of their deletion request and an alphanumeric confirmation code".
   */
  app.post('/official/deletion', async (request, reply) => {
    const verified = signed(request, reply);
    if (!verified || !services.official) return reply;
    const found = await forgetOfficial(db, verified.userId);
    const code = await recordDeletion(db, verified.userId, found, clock());
    const origin = new URL(services.official.settings.redirectUri).origin;
    return reply.status(200).send({ url: `${origin}${DELETION_STATUS_PATH}${code}`, confirmation_code: code });
  });

  /** The status page the platform links the owner to: human-readable, in their language. */
  app.get<{ Params: { code: string } }>('/official/deletion/:code', async (request, reply) => {
    const language = request.headers['accept-language'];
    const row = await deletionOf(db, request.params.code);
    // A code no request has: the API's usual refusal (a message), not a page.
    if (!row) return reply.status(404).send({ message: translate('officialDeletionUnknown', language) });
    const locale = localeOf(language);
    const key = row.found ? 'officialDeletionDone' : 'officialDeletionNothing';
    const when = row.completedAt
      ? new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(
          row.completedAt,
        )
      : '';
    const title = translate('officialDeletionTitle', language);
    const text = translate(key, language, { when: `${when} UTC`, code: request.params.code });
    return reply
      .status(200)
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1><p data-status="${row.found ? 'deleted' : 'nothing'}">${escapeHtml(text)}</p></main></body></html>`,
      );
  });
}
