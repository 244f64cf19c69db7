// Notifications on a device (issue 33): the key to subscribe with, and turning them on and off. What a
// device sends is kept and never sent back; its push service must be one the server may post to.
import { createECDH } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { pushSubscribeSchema, pushUnsubscribeSchema } from '../../../common/schema/push.ts';
import { accountOf, requireUser } from '../../auth/guard.ts';
import { validated } from '../../http/validation.ts';
import { localeOf, translate } from '../../i18n/messages.ts';
import { endpointRefusal } from '../../push/hosts.ts';
import { removeSubscription, saveSubscription, sessionHashOf } from '../../push/subscriptions.ts';
import type { Services } from '../../services.ts';

/** Whether a device's key is a point on P-256 with a 16-byte secret: else no message could be encrypted for it. */
function usableKeys(keys: { p256dh: string; auth: string }): boolean {
  try {
    const ours = createECDH('prime256v1');
    ours.generateKeys();
    ours.computeSecret(Buffer.from(keys.p256dh, 'base64url'));
    return Buffer.from(keys.auth, 'base64url').length === 16;
  } catch {
    return false;
  }
}

/** Registers the key, subscription and unsubscription routes. */
export function pushRoutes(app: FastifyInstance, services: Services): void {
  const { db, clock } = services;
  const signedIn = requireUser(db);

  app.get('/client/push/key/', { onRequest: signedIn }, async () => {
    const push = services.push;
    return { enabled: Boolean(push), public_key: push?.publicKey ?? null };
  });

  // Notifications are a subscriber's; a lapsed account keeps its devices until it logs out (they hear nothing).
  app.post(
    '/client/push/subscription/',
    { onRequest: signedIn, schema: { body: pushSubscribeSchema } },
    async (request, reply) => {
      const language = request.headers['accept-language'];
      const push = services.push;
      if (!push) return reply.status(409).send({ message: translate('pushUnavailable', language) });
      const body = validated(request.body, pushSubscribeSchema);
      if (endpointRefusal(body.endpoint, push.allowedHosts)) {
        return reply.status(422).send({ code: 'pushService', message: translate('pushServiceRefused', language) });
      }
      if (!usableKeys(body.keys)) {
        return reply.status(422).send({ code: 'pushKeys', message: translate('pushBadSubscription', language) });
      }
      const { user, token } = accountOf(request);
      const saved = await saveSubscription(db, user.id, body, {
        locale: localeOf(language),
        sessionHash: sessionHashOf(token),
        now: clock(),
      });
      if (saved.held) {
        return reply.status(409).send({ code: 'pushHeld', message: translate('pushHeldElsewhere', language) });
      }
      return { message: translate('pushOn', language), weekly_reminder: saved.weeklyReminder };
    },
  );

  app.post(
    '/client/push/unsubscribe/',
    { onRequest: signedIn, schema: { body: pushUnsubscribeSchema } },
    async (request) => {
      const { endpoint } = validated(request.body, pushUnsubscribeSchema);
      await removeSubscription(db, accountOf(request).user.id, endpoint);
      return { message: translate('pushOff', request.headers['accept-language']) };
    },
  );
}
