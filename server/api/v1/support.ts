// POST client/support/query/ (spec §7): kept, and mailed to the support address.
import type { FastifyInstance } from 'fastify';
import { supportRequestSchema } from '../../../common/schema/account.ts';
import { accountOf, requireUser } from '../../auth/guard.ts';
import { supportQueries } from '../../db/schema.ts';
import { accountGate } from '../../http/account-gates.ts';
import { idempotent } from '../../http/idempotency.ts';
import { validated } from '../../http/validation.ts';
import { translate } from '../../i18n/messages.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { supportMail } from '../../mail/templates.ts';
import type { Services } from '../../services.ts';

export function supportRoutes(app: FastifyInstance, { db, clock, mailer, settings }: Services): void {
  const once = idempotent(db, clock);
  // Issue 48: each message queues a mail, so it is gated and counted per account. The gate runs before
  // the idempotency key is claimed: a refused message is not stored as its key's answer, and the
  // outbox's resend with the same key is sent once the limit allows.
  const limited = accountGate(app, settings.accountLimits, 'support');
  app.post(
    '/client/support/query/',
    {
      onRequest: requireUser(db),
      preHandler: [limited, once.preHandler],
      onSend: once.onSend,
      schema: { body: supportRequestSchema },
    },
    async (request) => {
      const { user } = accountOf(request);
      const { query } = validated(request.body, supportRequestSchema);
      const name = user.instaFullName || user.username;
      const now = clock();
      await db.insert(supportQueries).values({ userId: user.id, name, email: user.email, query, createdAt: now });
      const text = supportMail({ name, email: user.email, username: user.username, query });
      await enqueueMail(
        db,
        { to: settings.supportEmail, replyTo: user.email, kind: 'support', locale: 'en', ...text },
        now,
      );
      mailer.kick();
      return { message: translate('supportReceived', request.headers['accept-language']) };
    },
  );
}
