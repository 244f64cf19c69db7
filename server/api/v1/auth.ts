// Login by email and a 4-digit code, username recovery and logout (spec §4, §7).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { emailRequestSchema, validateOtpRequestSchema } from '../../../src/api/schema/account.ts';
import { checkCode, hasTooManyCodes, isLocked, issueCode } from '../../auth/codes.ts';
import { bearerToken } from '../../auth/guard.ts';
import { IP_WINDOW } from '../../auth/policy.ts';
import { issueToken, revokeToken } from '../../auth/tokens.ts';
import { validated } from '../../http/validation.ts';
import { localeOf, translate } from '../../i18n/messages.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { loginCodeMail, noAccountMail, usernameMail } from '../../mail/templates.ts';
import type { Services } from '../../services.ts';
import { findUserByEmail, toUserRecord } from '../../users/record.ts';

export function authRoutes(app: FastifyInstance, services: Services): void {
  const { db, clock, mailer, settings } = services;
  const codes = { db, key: services.codeKey, clock };
  const sendLimit = { max: settings.limits.codeSendsPerIp, timeWindow: IP_WINDOW };
  const checkLimit = { max: settings.limits.codeChecksPerIp, timeWindow: IP_WINDOW };
  const language = (request: FastifyRequest) => request.headers['accept-language'];

  /** Refuses a locked email or one that had its 3 codes; the same answer whether or not it has an account. */
  async function refuseSending(email: string, request: FastifyRequest): Promise<string | undefined> {
    if (await isLocked(codes, email)) return translate('lockedToday', language(request));
    if (await hasTooManyCodes(codes, email)) return translate('tooManyCodes', language(request));
    return undefined;
  }

  app.post(
    '/client/insta/sendotp/',
    { schema: { body: emailRequestSchema }, config: { rateLimit: sendLimit } },
    async (request, reply) => {
      const { email } = validated(request.body, emailRequestSchema);
      const refusal = await refuseSending(email, request);
      if (refusal) return reply.status(429).send({ message: refusal });
      const user = await findUserByEmail(db, email);
      const code = await issueCode(codes, email, request.ip, Boolean(user));
      const locale = localeOf(language(request));
      const text = user ? loginCodeMail[locale]({ code }) : noAccountMail[locale]({});
      await enqueueMail(db, { to: email, kind: user ? 'loginCode' : 'noAccount', locale, ...text }, clock());
      mailer.kick();
      return { message: translate('codeSent', language(request)) };
    },
  );

  app.post(
    '/client/insta/validateotp/',
    { schema: { body: validateOtpRequestSchema }, config: { rateLimit: checkLimit } },
    async (request, reply) => {
      const { email, otp } = validated(request.body, validateOtpRequestSchema);
      const user = await findUserByEmail(db, email);
      const outcome = await checkCode(codes, email, otp, request.ip, Boolean(user));
      const lang = language(request);
      switch (outcome.kind) {
        case 'ok': {
          if (!user) throw new Error('a code cannot succeed without an account');
          const token = await issueToken(db, user.id, clock());
          return { token, user: toUserRecord(user) };
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
      const refusal = await refuseSending(email, request);
      if (refusal) return reply.status(429).send({ message: refusal });
      const user = await findUserByEmail(db, email);
      // Counted like a code, so recovery cannot be used to flood an inbox either.
      await issueCode(codes, email, request.ip, false);
      const locale = localeOf(language(request));
      const text = user ? usernameMail[locale]({ username: user.username }) : noAccountMail[locale]({});
      await enqueueMail(db, { to: email, kind: user ? 'username' : 'noAccount', locale, ...text }, clock());
      mailer.kick();
      return { message: translate('usernameSent', language(request)) };
    },
  );

  // spec §4 Logout: the token stops working; answering without one is fine (already logged out).
  app.get('/client/logout/', async (request) => {
    const token = bearerToken(request);
    if (token) await revokeToken(db, token, clock());
    return { message: translate('loggedOut', language(request)) };
  });
}
