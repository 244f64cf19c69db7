// Login by email and a 4-digit code, username recovery and logout (spec §4, §7).
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Locale } from '../../../common/locales.ts';
import {
  emailRequestSchema,
  SIGN_IN_LINK_PARAM,
  signInLinkRequestSchema,
  validateOtpRequestSchema,
} from '../../../common/schema/account.ts';
import {
  type Asker,
  checkCode,
  deviceHashOf,
  inEmailsTurn,
  isGuessedAt,
  issueCode,
  sendRefusal,
  trustDevice,
  trustedFor,
  useSignInLink,
} from '../../auth/codes.ts';
import { askerOf, deviceKeyOf, ensureDeviceKey } from '../../auth/device.ts';
import { bearerToken } from '../../auth/guard.ts';
import { IP_WINDOW } from '../../auth/policy.ts';
import { issueToken, revokeToken, type UserRow } from '../../auth/tokens.ts';
import { storedLocale } from '../../billing/receipts.ts';
import { withLapsedAccessEnded } from '../../billing/subscription.ts';
import type { Database } from '../../db/client.ts';
import { subscriptions } from '../../db/schema.ts';
import { validated } from '../../http/validation.ts';
import { localeOf, type ServerMessage, translate } from '../../i18n/messages.ts';
import { enqueueMail, hasTooManyMails, type OutgoingMail } from '../../mail/outbox.ts';
import { guessedAtMail, loginCodeMail, noAccountMail, usernameMail } from '../../mail/templates.ts';
import { removeSessionSubscriptions } from '../../push/subscriptions.ts';
import type { Services } from '../../services.ts';
import { findUserByEmail, toUserRecord } from '../../users/record.ts';

export function authRoutes(app: FastifyInstance, services: Services): void {
  const { db, clock, mailer, settings } = services;
  const codes = { db, key: services.codeKey, clock };
  const sendLimit = { max: settings.limits.codeSendsPerIp, timeWindow: IP_WINDOW };
  const checkLimit = { max: settings.limits.codeChecksPerIp, timeWindow: IP_WINDOW };
  const language = (request: FastifyRequest) => request.headers['accept-language'];
  /** Where a sign-in link points: the configured address; outside production, the one asked. */
  const appAddress = (request: FastifyRequest) => settings.publicUrl ?? `${request.protocol}://${request.host}`;

  /** The request's asker (issue 48), its device trusted when the email's account has logged in on it. */
  async function askerFor(tx: Database, request: FastifyRequest, deviceKey: string | undefined, user?: UserRow) {
    const asker = askerOf(request, deviceKey);
    return { ...asker, trusted: await trustedFor(tx, user?.id, asker.deviceHash) };
  }

  /**
   * Mails an address about its account once its per-email limits allow: the same answer, and the
   * same work, whether or not the address has an account. In the email's turn, so requests sent all at
   * once are counted one after the other and get no more mail than one at a time.
   */
  async function mailAccount(
    request: FastifyRequest,
    reply: FastifyReply,
    email: string,
    refusal: (tx: Database, user: UserRow | undefined) => Promise<ServerMessage | undefined>,
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
      const user = await findUserByEmail(tx, email);
      const why = await refusal(tx, user);
      if (why) return why;
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
      // The code belongs to this browser: it is given a device key now if it has none.
      const deviceKey = ensureDeviceKey(request, reply, settings.production);
      let asker: Asker | undefined;
      return mailAccount(
        request,
        reply,
        email,
        async (tx, user) => {
          asker = await askerFor(tx, request, deviceKey, user);
          const why = await sendRefusal({ ...codes, db: tx }, email, asker);
          return why === 'lockedHere' ? 'lockedHere' : why === 'tooManyForEmail' ? 'tooManyCodesForEmail' : why;
        },
        async (tx, user, locale) => {
          const context = { ...codes, db: tx };
          // Wrong codes were tried for this address today: the mail also carries a one-time sign-in link.
          const withLink = await isGuessedAt(context, email);
          const issued = await issueCode(context, email, asker, Boolean(user), withLink);
          const link = issued.linkToken && `${appAddress(request)}/otp#${SIGN_IN_LINK_PARAM}=${issued.linkToken}`;
          return user
            ? { kind: 'loginCode', ...loginCodeMail[locale]({ code: issued.code, link }) }
            : { kind: 'noAccount', ...noAccountMail[locale]({}) };
        },
        'codeSent',
      );
    },
  );

  /** Logs the user in on this device: the token, the record, and the device remembered (issue 48). */
  async function logIn(user: UserRow, deviceKey: string | undefined) {
    await trustDevice(db, user.id, deviceKey && deviceHashOf(deviceKey), clock());
    const token = await issueToken(db, user.id, clock());
    return { token, user: toUserRecord(user, services.settings) };
  }

  app.post(
    '/client/insta/validateotp/',
    { schema: { body: validateOtpRequestSchema }, config: { rateLimit: checkLimit } },
    async (request, reply) => {
      const { email, otp } = validated(request.body, validateOtpRequestSchema);
      const found = await findUserByEmail(db, email);
      // A cancelled subscription whose period has ended logs in as expired (spec §4 Subscription).
      const user = found && (await withLapsedAccessEnded(db, found, clock()));
      const deviceKey = deviceKeyOf(request);
      const asker = await askerFor(db, request, deviceKey, user);
      const outcome = await checkCode(codes, email, otp, asker, Boolean(user));
      const lang = language(request);
      // The 10th wrong code from unknown devices today: the owner hears of it, once.
      if ((outcome.kind === 'wrong' || outcome.kind === 'dead') && outcome.tripped && user) {
        // In the owner's language (the one they paid in), not the guesser's.
        const [paid] = await db
          .select({ locale: subscriptions.locale })
          .from(subscriptions)
          .where(eq(subscriptions.userId, user.id))
          .orderBy(desc(subscriptions.createdAt))
          .limit(1);
        const locale = storedLocale(paid?.locale ?? 'en');
        await enqueueMail(db, { to: email, locale, kind: 'loginGuessed', ...guessedAtMail[locale]({}) }, clock());
        mailer.kick();
      }
      switch (outcome.kind) {
        case 'ok': {
          if (!user) throw new Error('a code cannot succeed without an account');
          return logIn(user, deviceKey);
        }
        case 'wrong':
          return reply.status(400).send({ message: translate('wrongCode', lang, { n: outcome.triesLeft }) });
        case 'dead':
          return reply.status(400).send({ message: translate('codeDead', lang) });
        case 'expired':
          return reply.status(400).send({ message: translate('codeExpired', lang) });
        case 'slowed': {
          const seconds = Math.ceil(outcome.waitMs / 1000);
          return reply
            .status(429)
            .header('retry-after', String(seconds))
            .send({ message: translate('slowedDown', lang, { n: seconds }) });
        }
        case 'lockedHere':
          return reply.status(429).send({ message: translate('lockedHere', lang) });
        case 'useLink':
          return reply.status(429).send({ message: translate('useSignInLink', lang) });
      }
    },
  );

  // Issue 48: the one-time sign-in link a code's mail carries once wrong codes were tried for the address.
  app.post(
    '/client/insta/loginlink/',
    { schema: { body: signInLinkRequestSchema }, config: { rateLimit: checkLimit } },
    async (request, reply) => {
      const { token } = validated(request.body, signInLinkRequestSchema);
      const email = await useSignInLink(codes, token);
      const found = email && (await findUserByEmail(db, email));
      const user = found && (await withLapsedAccessEnded(db, found, clock()));
      if (!user) return reply.status(400).send({ message: translate('signInLinkInvalid', language(request)) });
      return logIn(user, ensureDeviceKey(request, reply, settings.production));
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
        async (tx) => ((await hasTooManyMails(tx, email, clock())) ? 'tooManyMails' : undefined),
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
