// Connecting a professional account through the network's official API (issue 18): the consent page's
// address with a state bound to this session, the code it sends back exchanged for a long-lived token
// (sealed at rest), and disconnecting. Collection itself is an analysis (server/analysis/worker.ts).
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { connectBodySchema } from '../../../common/schema/official.ts';
import { accountOf, requireSubscriber } from '../../auth/guard.ts';
import { analyses, officialTokens, users } from '../../db/schema.ts';
import { accountLimit } from '../../http/account-limits.ts';
import { beforeDeadline } from '../../http/deadline.ts';
import { validated } from '../../http/validation.ts';
import { type ServerMessage, translate } from '../../i18n/messages.ts';
import type { Services } from '../../services.ts';
import {
  authorizationUrl,
  CONSENT_TIMEOUT_MS,
  ConsentError,
  checkConsentState,
  consentState,
  exchangeCode,
} from '../../source/official/consent.ts';
import { GraphError } from '../../source/official/graph.ts';
import { sealToken } from '../../source/official/seal.ts';
import { findUserById, toUserRecord } from '../../users/record.ts';

export function officialRoutes(app: FastifyInstance, services: Services): void {
  const { db, clock, codeKey, settings } = services;
  const auth = { onRequest: requireSubscriber(db) };
  // Issue 32: the consent address and the code's exchange (calls to the platform) are counted per account.
  const connect = {
    onRequest: requireSubscriber(db),
    preHandler: accountLimit(app, settings.accountLimits, 'officialConnects'),
  };
  const refuse = (request: FastifyRequest, reply: FastifyReply, status: number, key: ServerMessage) =>
    reply.status(status).send({ message: translate(key, request.headers['accept-language']) });

  /** The authorization window's address for this session (the Connect button opens it). */
  app.get('/client/official/connect', connect, async (request, reply) => {
    const official = services.official;
    if (!official) return refuse(request, reply, 404, 'officialNotConfigured');
    const { user, token } = accountOf(request);
    // Not `url`: answers' `url` fields are media, rewritten to the media proxy (server/http/media-urls.ts).
    const state = consentState(codeKey, user.id, token, clock().getTime());
    return { authorize_url: authorizationUrl(official.settings, state) };
  });

  /** The consent page sent the owner back with a code: exchange it, keep the token sealed, mark connected. */
  app.post('/client/official/connect', { ...connect, schema: { body: connectBodySchema } }, async (request, reply) => {
    const official = services.official;
    if (!official) return refuse(request, reply, 404, 'officialNotConfigured');
    const { user, token } = accountOf(request);
    const { code, state } = validated(request.body, connectBodySchema);
    const now = clock().getTime();
    if (checkConsentState(codeKey, user.id, token, state, now) !== 'ok') {
      return refuse(request, reply, 400, 'officialConsentStale');
    }
    try {
      const granted = await exchangeCode(official.settings, code, now);
      // The owner waits on this call: 20 s, the consent exchange's deadline, not the collection's 30 s.
      const me = await beforeDeadline(CONSENT_TIMEOUT_MS, (signal) =>
        official.graph.get<{ user_id?: string; id?: string; username?: string }>(
          '/me',
          { fields: 'user_id,username' },
          granted.token,
          signal,
        ),
      );
      // The figures shown under this account's name must be its own: another account's consent is refused.
      const consented = (me.username ?? '').toLowerCase();
      if (consented !== user.username.toLowerCase()) {
        const message = translate('officialOtherAccount', request.headers['accept-language'], {
          consented,
          username: user.username,
        });
        return reply.status(409).send({ message });
      }
      const sealed = sealToken(official.tokenKey, user.id, granted.token);
      const row = { sealed, issuedAt: new Date(now), expiresAt: granted.expiresAt, scopes: granted.scopes.join(',') };
      await db.transaction(async (tx) => {
        await tx
          .insert(officialTokens)
          .values({ userId: user.id, ...row })
          .onConflictDoUpdate({ target: officialTokens.userId, set: row });
        await tx
          .update(users)
          .set({
            officialStatus: 'active',
            officialAccountId: String(me.user_id ?? me.id ?? granted.userId),
            // The app-scoped id the platform's signed requests name the owner by (issue 49).
            officialAppUserId: String(me.id ?? granted.userId),
            officialUsername: me.username ?? null,
            officialConnectedAt: new Date(now),
          })
          .where(eq(users.id, user.id));
      });
    } catch (error) {
      if (error instanceof ConsentError) {
        request.log.warn({ err: error }, 'official API consent failed');
        return refuse(
          request,
          reply,
          error.kind === 'refused' ? 400 : 503,
          error.kind === 'refused' ? 'officialConsentRefused' : 'officialUnreachable',
        );
      }
      if (error instanceof GraphError) return refuse(request, reply, 503, 'officialUnreachable');
      throw error;
    }
    const fresh = await findUserById(db, user.id);
    return { user: fresh && toUserRecord(fresh, settings) };
  });

  /** Disconnect: the token goes and collection stops; what was collected stays, with its source and date. */
  app.delete('/client/official/connection', auth, async (request) => {
    const { user } = accountOf(request);
    await db.transaction(async (tx) => {
      await tx.delete(officialTokens).where(eq(officialTokens.userId, user.id));
      await tx.update(users).set({ officialStatus: 'none' }).where(eq(users.id, user.id));
      await tx
        .update(analyses)
        .set({ cancelRequested: true })
        .where(and(eq(analyses.userId, user.id), eq(analyses.status, 'running'), eq(analyses.source, 'official')));
    });
    const fresh = await findUserById(db, user.id);
    return {
      message: translate('officialDisconnected', request.headers['accept-language']),
      user: fresh && toUserRecord(fresh, settings),
    };
  });
}
