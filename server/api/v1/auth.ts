// Login by email and a 4-digit code, username recovery and logout (spec §4, §7).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Locale } from '../../../common/locales.ts';
import { emailRequestSchema, validateOtpRequestSchema } from '../../../common/schema/account.ts';
import { checkCode, hasTooManyCodes, inEmailsTurn, isLocked, issueCode } from '../../auth/codes.ts';
import { bearerToken } from '../../auth/guard.ts';
import { IP_WINDOW } from '../../auth/policy.ts';
import { issueToken, revokeToken, type UserRow } from '../../auth/tokens.ts';
import { withLapsedAccessEnded } from '../../billing/subscription.ts';
import type { Database } from '../../db/client.ts';
import { validated } from '../../http/validation.ts';
import { localeOf, type ServerMessage, translate } from '../../i18n/messages.ts';
import { enqueueMail, hasTooManyMails, type OutgoingMail } from '../../mail/outbox.ts';
import { loginCodeMail, noAccountMail, usernameMail } from '../../mail/templates.ts';
import { removeSessionSubscriptions } from '../../push/subscriptions.ts';
import type { Services } from '../../services.ts';
import { findUserByEmail, toUserRecord } from '../../users/record.ts';

export function authRoutes(app: FastifyInstance, services: Services): void {
  const { db, clock, mailer, settings } = services;
  const codes = { db, key: services.codeKey, clock };
  const sendLimit = { max: settings.limits.codeSendsPerIp, timeWindow: IP_WINDOW };
  const checkLimit = { max: settings.limits.codeChecksPerIp, timeWindow: IP_WINDOW };
  const language = (request: FastifyRequest) => request.headers['accept-language'];

  /**
   * Mails an address about its account once its per-email limits allow: the same answer, and the
   * same work, whether or not the address has an account. In the email's turn, so requests sent all at
   * once are counted one after the other and get no more mail than one at a time.
   */
  async function mailAccount(
    request: FastifyRequest,
    reply: FastifyReply,
    email: string,
    tooMany: { check: (tx: Database) => Promise<boolean>; message: ServerMessage },
    compose: (
      tx: Database,
      user: UserRow | undefined,
      locale: Locale,
    ) => Promise<Pick<OutgoingMail, 'kind' | 'subject' | 'text'>>,
    done: ServerMessage,
  ) {
    const lang = language(request);
    const locale = localeOf(lang);
    const refused = await inEmailsTurn(db, email, async (tx) => {
      if (await isLocked({ ...codes, db: tx }, email)) return 'lockedToday' as const;
      if (await tooMany.check(tx)) return tooMany.message;
      const user = await findUserByEmail(tx, email);
      await enqueueMail(tx, { to: email, locale, ...(await compose(tx, user, locale)) }, clock());
      return undefined;
    });
    if (refused) return reply.status(429).send({ message: translate(refused, lang) });
    mailer.kick();
    return { message: translate(done, lang) };
  }

  app.post(
    '/client/insta/sendotp/',
    { schema: { body: emailRequestSchema }, config: { rateLimit: sendLimit } },
    async (request, reply) => {
      const { email } = validated(request.body, emailRequestSchema);
      return mailAccount(
        request,
        reply,
        email,
        { check: (tx) => hasTooManyCodes({ ...codes, db: tx }, email), message: 'tooManyCodes' },
        async (tx, user, locale) => {
          const code = await issueCode({ ...codes, db: tx }, email, request.ip, Boolean(user));
          return user
            ? { kind: 'loginCode', ...loginCodeMail[locale]({ code }) }
            : { kind: 'noAccount', ...noAccountMail[locale]({}) };
        },
        'codeSent',
      );
    },
  );

  app.post(
    '/client/insta/validateotp/',
    { schema: { body: validateOtpRequestSchema }, config: { rateLimit: checkLimit } },
    async (request, reply) => {
      const { email, otp } = validated(request.body, validateOtpRequestSchema);
      const found = await findUserByEmail(db, email);
      // A cancelled subscription whose period has ended logs in as expired (spec §4 Subscription).
      const user = found && (await withLapsedAccessEnded(db, found, clock()));
      const outcome = await checkCode(codes, email, otp, request.ip, Boolean(user));
      const lang = language(request);
      switch (outcome.kind) {
        case 'ok': {
          if (!user) throw new Error('a code cannot succeed without an account');
          const token = await issueToken(db, user.id, clock());
          return { token, user: toUserRecord(user, services.settings) };
        }
        case 'wrong':
          return reply.status(400).send({ message: translate('wrongCode', lang, { n: outcome.triesLeft }) });
        case 'dead':
          return reply.status(400).send({ message: translate('codeDead', lang) });
        case 'expired':
          return reply.status(400).send({ message: translate('codeExpired', lang) });
        case 'locked':
          return reply.status(429).send({ message: translate('lockedToday', lang) });
      }
    },
  );

  app.post(
    '/client/recover/username/',
    { schema: { body: emailRequestSchema }, config: { rateLimit: sendLimit } },
    async (request, reply) => {
      const { email } = validated(request.body, emailRequestSchema);
      return mailAccount(
        request,
        reply,
        email,
        // Limited by the mail it sends, so recovery cannot flood an inbox (nor touch login codes).
        { check: (tx) => hasTooManyMails(tx, email, clock()), message: 'tooManyMails' },
        async (_tx, user, locale) =>
          user
            ? { kind: 'username', ...usernameMail[locale]({ username: user.username }) }
            : { kind: 'noAccount', ...noAccountMail[locale]({}) },
        'usernameSent',
      );
    },
  );

  // spec §4 Logout: the token stops working; answering without one is fine (already logged out).
  app.get('/client/logout/', async (request) => {
    const token = bearerToken(request);
    if (token) {
      await revokeToken(db, token, clock());
      // Issue 33: the devices this login turned notifications on for hear no more.
      await removeSessionSubscriptions(db, token);
    }
    return { message: translate('loggedOut', language(request)) };
  });
}
