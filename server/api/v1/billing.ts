// Plans and payments (spec §4 Payment, §7): the human check, register, the 3-D Secure retry,
// renewals (the plan shown on /managesubscription is in subscription.ts).
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import type { Locale } from '../../../common/locales.ts';
import {
  IDEMPOTENCY_HEADER,
  initialPaymentRequestSchema,
  registerRequestSchema,
  renewRequestSchema,
} from '../../../common/schema/billing.ts';
import { TEXT_MAX, text } from '../../../common/schema/text.ts';
import { accountOf, requireUser } from '../../auth/guard.ts';
import type { CaptchaService } from '../../billing/captcha.ts';
import {
  beginPayment,
  type CheckoutAnswer,
  type CheckoutDeps,
  charge,
  findPlan,
  type NewPayment,
  replay,
} from '../../billing/checkout.ts';
import { captchaWanted, issueCaptchaPass, spendCaptchaPass, takeAttempt } from '../../billing/limits.ts';
import { withLapsedAccessEnded } from '../../billing/subscription.ts';
import { payments, users } from '../../db/schema.ts';
import { accountGate } from '../../http/account-gates.ts';
import { validated } from '../../http/validation.ts';
import { localeOf, type ServerMessage, translate } from '../../i18n/messages.ts';
import { findUserByEmail } from '../../users/record.ts';

const idempotencyKey = z.string().check(z.regex(/^[\w-]{8,100}$/));
const paymentId = z.uuid();

export function billingRoutes(
  app: FastifyInstance,
  deps: CheckoutDeps,
  captcha: CaptchaService,
  limits: { attemptsPerIp: number; captcha: 'auto' | 'always' | 'never' },
): void {
  const { db, clock } = deps;
  const auth = { onRequest: requireUser(db) };
  const locale = (request: FastifyRequest): Locale => localeOf(request.headers['accept-language']);
  const refuse = (reply: FastifyReply, request: FastifyRequest, status: number, key: ServerMessage) =>
    reply.status(status).send({ message: translate(key, request.headers['accept-language']) });
  const answer = (reply: FastifyReply, result: CheckoutAnswer) => reply.status(result.status).send(result.body);
  const keyOf = (request: FastifyRequest) => idempotencyKey.safeParse(request.headers[IDEMPOTENCY_HEADER]).data;

  /** A key seen before answers as it did (or resumes a payment that died), without a new attempt. */
  async function replayed(request: FastifyRequest, key: string): Promise<CheckoutAnswer | undefined> {
    const [row] = await db.select().from(payments).where(eq(payments.idempotencyKey, key));
    if (!row) return undefined;
    const stored = replay(row, clock(), locale(request));
    return stored === 'resume' ? charge(deps, row, locale(request), row.threeDsResultToken ?? undefined) : stored;
  }

  /**
   * The per-IP attempt limit and, when asked for, a spent human-check pass. Returns why to refuse, or
   * undefined. (Never a reply: Fastify's reply is thenable, so awaiting one yields undefined.)
   */
  async function gate(
    request: FastifyRequest,
    captchaToken: string | undefined,
  ): Promise<{ status: 400 | 429; key: ServerMessage } | undefined> {
    const now = clock();
    if (await captchaWanted(db, request.ip, now, limits.captcha)) {
      if (!(await spendCaptchaPass(db, captchaToken, request.ip, now))) return { status: 400, key: 'captchaRequired' };
    }
    if (!(await takeAttempt(db, request.ip, now, limits.attemptsPerIp)))
      return { status: 429, key: 'excessiveActivity' };
    return undefined;
  }

  async function pay(request: FastifyRequest, reply: FastifyReply, payment: NewPayment) {
    const { row, fresh } = await beginPayment(db, payment, clock());
    if (!fresh) {
      const stored = replay(row, clock(), locale(request));
      if (stored !== 'resume') return answer(reply, stored);
    }
    return answer(reply, await charge(deps, row, locale(request)));
  }

  /** Completes a payment after its 3-D Secure challenge. */
  async function afterChallenge(
    request: FastifyRequest,
    reply: FastifyReply,
    id: string,
    resultToken: string,
    userId?: string,
  ) {
    // Payment ids are UUIDs: anything else is no payment of ours (and would be a database error).
    if (!paymentId.safeParse(id).success) return refuse(reply, request, 400, 'paymentNotFound');
    const [row] = await db.select().from(payments).where(eq(payments.id, id));
    if (!row || (userId !== undefined && row.userId !== userId)) return refuse(reply, request, 400, 'paymentNotFound');
    if (row.status !== 'action_required') {
      const stored = replay(row, clock(), locale(request));
      return stored === 'resume' ? refuse(reply, request, 409, 'paymentInProgress') : answer(reply, stored);
    }
    await db
      .update(payments)
      .set({ status: 'processing', threeDsResultToken: resultToken, updatedAt: clock() })
      .where(eq(payments.id, row.id));
    return answer(reply, await charge(deps, { ...row, threeDsResultToken: resultToken }, locale(request), resultToken));
  }

  app.get('/check/captcha/', async (request) => ({
    to_show: await captchaWanted(db, request.ip, clock(), limits.captcha),
  }));

  app.get('/captcha/challenge/', async (_request, reply) =>
    reply.header('cache-control', 'no-store').send(await captcha.challenge()),
  );

  app.post(
    '/captcha/validate/',
    { schema: { body: z.object({ token: text(TEXT_MAX.captcha) }) } },
    async (request, reply) => {
      const { token } = request.body as { token: string };
      if (!(await captcha.verify(token))) return refuse(reply, request, 400, 'captchaFailed');
      return { captcha_token: await issueCaptchaPass(db, request.ip, clock()) };
    },
  );

  app.post('/client/register/', { schema: { body: registerRequestSchema } }, async (request, reply) => {
    const key = keyOf(request);
    if (!key) return refuse(reply, request, 400, 'invalidRequest');
    const body = validated(request.body, registerRequestSchema);
    const previous = await replayed(request, key);
    if (previous) return answer(reply, previous);
    if (!(await findPlan(db, body.plan_code))) return refuse(reply, request, 400, 'unknownPlan');
    const existing = await findUserByEmail(db, body.email);
    if (existing && (await withLapsedAccessEnded(db, existing, clock())).isSubscribed) {
      return refuse(reply, request, 400, 'alreadySubscribed');
    }
    const refusal = await gate(request, body.captcha_token);
    if (refusal) return refuse(reply, request, refusal.status, refusal.key);
    // The account exists (not subscribed) before the charge, so the gateway knows it by our id. An
    // account that exists is left as it is, its username included: anyone can type its address here
    // (issues 32 and 48). One this request makes has the typed name, and goes again if the card is declined.
    const [made] = await db
      .insert(users)
      .values({ email: body.email, username: body.username })
      .onConflictDoNothing()
      .returning({ id: users.id });
    const account = made ?? (await findUserByEmail(db, body.email));
    return pay(request, reply, {
      kind: 'register',
      userId: account?.id,
      createdAccount: Boolean(made),
      idempotencyKey: key,
      email: body.email,
      username: body.username,
      // As typed (spec §5), or none from a wallet: the gateway keeps the name its sheet or window gave.
      firstName: body.first_name ?? '',
      lastName: body.last_name ?? '',
      planCode: body.plan_code,
      paymentToken: body.payment_token,
      method: body.payment_method,
    });
  });

  app.post('/client/initial/payment/', { schema: { body: initialPaymentRequestSchema } }, async (request, reply) => {
    const body = validated(request.body, initialPaymentRequestSchema);
    return afterChallenge(request, reply, body.id, body.three_d_secure_action_result_token_id);
  });

  // Issue 48: a renewal calls the payment gateway, so it takes the billing routes' turn and rate
  // (subscription.ts), on top of the per-address attempts and the human check every payment has.
  const billingGate = accountGate(app, deps.settings.accountLimits, 'billing');
  app.post(
    '/client/renew/plan/',
    { ...auth, preHandler: billingGate, schema: { body: renewRequestSchema } },
    async (request, reply) => {
      const { user } = accountOf(request);
      const body = validated(request.body, renewRequestSchema);
      if (body.renew_code && body.three_d_secure_action_result_token_id) {
        return afterChallenge(request, reply, body.renew_code, body.three_d_secure_action_result_token_id, user.id);
      }
      const key = keyOf(request);
      if (!key) return refuse(reply, request, 400, 'invalidRequest');
      const previous = await replayed(request, key);
      if (previous) return answer(reply, previous);
      if (!(await findPlan(db, body.plan_code))) return refuse(reply, request, 400, 'unknownPlan');
      const refusal = await gate(request, body.captcha_token);
      if (refusal) return refuse(reply, request, refusal.status, refusal.key);
      return pay(request, reply, {
        kind: 'renew',
        idempotencyKey: key,
        email: user.email,
        username: user.username,
        firstName: body.first_name ?? '',
        lastName: body.last_name ?? '',
        planCode: body.plan_code,
        paymentToken: body.payment_token,
        userId: user.id,
        method: body.payment_method,
      });
    },
  );
}
