import { createHmac } from 'node:crypto';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it, onTestFinished } from 'vitest';
import { startInstances } from '../tests/support/test-instances.ts';
import { openTestDatabase, serverPerTest, testSettings } from '../tests/support/test-server.ts';
import { REPLAY_RETENTION_MS, sweepCaptchaReplays } from './billing/captcha.ts';
import { reconcileStalePayments } from './billing/checkout.ts';
import { takeAttempt } from './billing/limits.ts';
import { sandboxChargeCount, sandboxGateway } from './billing/sandbox.ts';
import { captchaReplays, mailOutbox, paymentAttempts, subscriptions, users } from './db/schema.ts';

const MINUTE = 60_000;
const harness = serverPerTest();
const start = harness.start;

let keys = 0;
const newKey = () => `test-key-${Date.now()}-${++keys}`;

async function tokenFor(number: string, lang = 'en') {
  const response = await harness.app.inject({
    method: 'POST',
    url: '/sandbox/tokens',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': lang },
    payload: new URLSearchParams({
      number,
      month: '12',
      year: '30',
      cvv: '123',
      first_name: 'A',
      last_name: 'B',
    }).toString(),
  });
  return response;
}

async function register(
  email: string,
  number: string,
  options: { key?: string; lang?: string; captcha?: string; username?: string } = {},
) {
  const token = (await tokenFor(number)).json().id as string;
  return harness.app.inject({
    method: 'POST',
    url: '/api/v1/client/register/',
    headers: { 'idempotency-key': options.key ?? newKey(), 'accept-language': options.lang ?? 'en' },
    payload: {
      email,
      username: options.username ?? 'new.user',
      payment_token: token,
      plan_code: 'premium-trial',
      first_name: 'Ana',
      last_name: 'Lima',
      captcha_token: options.captcha,
    },
  });
}

const account = async (email: string) =>
  (await harness.app.services.db.select().from(users).where(eq(users.email, email)))[0];

describe('sandbox card tokens', () => {
  it('refuse a malformed card with a message, and give a token for a good one', async () => {
    await start();
    const bad = await tokenFor('4111 1111', 'fr');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/numéro de carte/);
    const good = await tokenFor('4111 1111 1111 1111');
    expect(good.json().id).toMatch(/^sbx_tok_/);
  });
});

describe('register (spec §4 Payment)', () => {
  it('subscribes a new user on the success card and mails a login code', async () => {
    await start();
    const response = await register('fresh@example.com', '4111111111111111');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: expect.stringMatching(/4-digit code/),
      email: 'fresh@example.com',
      receipt: expect.objectContaining({ amount: 2.99, currency: 'USD', method: 'card' }),
    });
    expect((await account('fresh@example.com'))?.isSubscribed).toBe(true);
    const mail = (await harness.app.inject('/dev/mail?to=fresh@example.com')).json();
    expect(mail.map((sent: { kind: string }) => sent.kind).sort()).toEqual(['loginCode', 'receipt']);
  });

  it.each([
    ['4000000000000002', /declined/],
    ['4000000000009995', /insufficient funds/],
    ['5555555555554444', /test cards/],
  ])('declines %s with the reason, subscribing no one', async (card, message) => {
    await start();
    const response = await register('poor@example.com', card);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(message);
    // Nobody subscribed: the account the register made went with the decline (issue 48).
    expect(await account('poor@example.com')).toBeUndefined();
  });

  it('asks for 3-D Secure, then subscribes after a passed challenge', async () => {
    await start();
    const first = await register('secure@example.com', '4000000000003220');
    const action = first.json();
    expect(action).toMatchObject({
      three_d_secure_action_token_id: expect.stringMatching(/^sbx_act_/),
      plan_code: 'premium-trial',
      payment_token: expect.any(String),
      id: expect.any(String),
      renew_code: expect.any(String),
    });
    const passed = await harness.app.inject({
      method: 'POST',
      url: `/sandbox/3ds/${action.three_d_secure_action_token_id}`,
      payload: { outcome: 'pass' },
    });
    const result = passed.json().result_token_id as string;
    const retry = await harness.app.inject({
      method: 'POST',
      url: '/api/v1/client/initial/payment/',
      payload: { ...action, three_d_secure_action_result_token_id: result },
    });
    expect(retry.statusCode).toBe(200);
    expect(retry.json().email).toBe('secure@example.com');
    expect((await account('secure@example.com'))?.isSubscribed).toBe(true);
  });

  it('refuses a failed 3-D Secure challenge with the bank message', async () => {
    await start();
    const action = (await register('unsure@example.com', '4000000000003220')).json();
    const failed = await harness.app.inject({
      method: 'POST',
      url: `/sandbox/3ds/${action.three_d_secure_action_token_id}`,
      payload: { outcome: 'fail' },
    });
    expect(failed.statusCode).toBe(400);
    expect(failed.json().error.message).toMatch(/3-D Secure/);
    const forged = await harness.app.inject({
      method: 'POST',
      url: '/api/v1/client/initial/payment/',
      payload: { ...action, three_d_secure_action_result_token_id: 'sbx_3ds_made_up' },
    });
    expect(forged.statusCode).toBe(400);
    expect(await account('unsure@example.com')).toBeUndefined();
  });

  it('leaves an existing account as it was when a register for its address fails or is abandoned (issue 32)', async () => {
    await start();
    const { db } = harness.app.services;
    const [lapsed] = await db
      .insert(users)
      .values({ email: 'lapsed@example.com', username: 'the.owner', isSubscribed: false })
      .returning();
    await db.insert(subscriptions).values({
      userId: lapsed?.id ?? '',
      planCode: 'premium-monthly',
      gateway: 'sandbox',
      gatewayReference: 'sub-lapsed',
      state: 'expired',
      createdAt: new Date(harness.server.now().getTime() - 60 * 86_400_000),
    });
    const declined = await register('lapsed@example.com', '4000000000000002', { username: 'someone.else' });
    expect(declined.statusCode).toBe(400);
    const abandoned = await register('lapsed@example.com', '4000000000003220', { username: 'someone.else' });
    expect(abandoned.json()).toHaveProperty('three_d_secure_action_token_id');
    expect(await account('lapsed@example.com')).toEqual(lapsed);

    // Paying for it gives the account its subscription back, under the owner's name.
    const paid = await register('lapsed@example.com', '4111111111111111', { username: 'someone.else' });
    expect(paid.statusCode).toBe(200);
    expect(await account('lapsed@example.com')).toMatchObject({ username: 'the.owner', isSubscribed: true });
  });

  it('never renames an account that existed before the payment, though it never had a subscription (issue 48)', async () => {
    await start();
    // A register abandoned at its 3-D Secure question leaves an account that never subscribed.
    const abandoned = await register('never@example.com', '4000000000003220', { username: 'the.owner' });
    expect(abandoned.json()).toHaveProperty('three_d_secure_action_token_id');
    const before = await account('never@example.com');
    expect(before).toMatchObject({ username: 'the.owner', isSubscribed: false });
    // A stranger who types the address and another name, and pays, gives that account a subscription
    // under its own name; the stranger's declined try before changed nothing either.
    expect((await register('never@example.com', '4000000000000002', { username: 'taken.over' })).statusCode).toBe(400);
    expect(await account('never@example.com')).toEqual(before);
    expect((await register('never@example.com', '4111111111111111', { username: 'taken.over' })).statusCode).toBe(200);
    expect(await account('never@example.com')).toMatchObject({
      id: before?.id,
      username: 'the.owner',
      isSubscribed: true,
    });
  });

  it('gives a new account the username of the register that paid, after a failed one named another', async () => {
    await start();
    await register('typo@example.com', '4000000000000002', { username: 'mispelt.name' });
    // The declined register's account went with it: the next one makes its own.
    expect(await account('typo@example.com')).toBeUndefined();
    expect((await register('typo@example.com', '4111111111111111', { username: 'spelt.name' })).statusCode).toBe(200);
    expect(await account('typo@example.com')).toMatchObject({ username: 'spelt.name', isSubscribed: true });
  });

  it('refuses an email that is already subscribed', async () => {
    await start();
    const response = await register('demo@followscope.app', '4111111111111111');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/already has an active subscription/);
  });
});

/** A server whose first charge dies after the gateway took the money, as a crashed process would. */
function startDyingAfterFirstCharge() {
  let crash = true;
  return start({
    afterCharge: () => {
      if (crash) {
        crash = false;
        throw new Error('the process died here');
      }
    },
  });
}

describe('money safety', () => {
  it('charges and subscribes once for a double-clicked submit', async () => {
    await start();
    const token = (await tokenFor('4111111111111111')).json().id;
    const key = newKey();
    const submit = () =>
      harness.app.inject({
        method: 'POST',
        url: '/api/v1/client/register/',
        headers: { 'idempotency-key': key },
        payload: {
          email: 'twice@example.com',
          username: 'twice',
          payment_token: token,
          plan_code: 'premium-trial',
          first_name: 'A',
          last_name: 'B',
        },
      });
    const answers = await Promise.all([submit(), submit()]);
    const later = await submit();
    expect(answers.map((a) => a.statusCode).sort()).toEqual(expect.arrayContaining([200]));
    expect(later.json()).toEqual(answers.find((a) => a.statusCode === 200)?.json());
    expect(await sandboxChargeCount(harness.app.services.db)).toBe(1);
    const user = await account('twice@example.com');
    expect(
      await harness.app.services.db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.userId, user?.id ?? '')),
    ).toHaveLength(1);
  });

  it('settles a stale payment once though two workers reconcile it at the same moment', async () => {
    await startDyingAfterFirstCharge();
    expect((await register('stale@example.com', '4111111111111111')).statusCode).toBe(500);
    harness.server.advance(31_000);
    const { services } = harness.app;
    const deps = { ...services, gateway: sandboxGateway(services.db, services.clock) };
    // Each run reports the stale payments it found: both find it when their reads come before either charge,
    // one alone when the other has settled it first (PostgreSQL under load). Either way it is settled once.
    const found = await Promise.all([reconcileStalePayments(deps), reconcileStalePayments(deps)]);
    expect(found.every((count) => count === 0 || count === 1) && found.includes(1)).toBe(true);
    const user = await account('stale@example.com');
    expect(user?.isSubscribed).toBe(true);
    expect(await sandboxChargeCount(services.db)).toBe(1);
    const subscribed = await services.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, user?.id ?? ''));
    expect(subscribed).toHaveLength(1);
    const mailed = await services.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'stale@example.com'));
    expect(mailed.filter((mail) => mail.kind === 'loginCode')).toHaveLength(1);
  });

  it('never loses a charge whose request failed after the gateway took the money', async () => {
    await startDyingAfterFirstCharge();
    const key = newKey();
    const first = await register('lost@example.com', '4111111111111111', { key });
    expect(first.statusCode).toBe(500);
    expect((await account('lost@example.com'))?.isSubscribed).toBe(false);
    // The client retries with the same key once the payment counts as stale: finished, charged once.
    harness.server.advance(31_000);
    const token = (await tokenFor('4111111111111111')).json().id;
    const retry = await harness.app.inject({
      method: 'POST',
      url: '/api/v1/client/register/',
      headers: { 'idempotency-key': key },
      payload: {
        email: 'lost@example.com',
        username: 'x',
        payment_token: token,
        plan_code: 'premium-trial',
        first_name: 'A',
        last_name: 'B',
      },
    });
    expect(retry.statusCode).toBe(200);
    expect((await account('lost@example.com'))?.isSubscribed).toBe(true);
    expect(await sandboxChargeCount(harness.app.services.db)).toBe(1);
  });

  it('refuses the sixth payment attempt from one IP in 10 minutes, then lets it through later', async () => {
    await start();
    for (let i = 0; i < 5; i++)
      expect((await register(`try${i}@example.com`, '4000000000000002')).statusCode).toBe(400);
    const sixth = await register('try5@example.com', '4111111111111111', { lang: 'es' });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toBe('Acceso restringido por actividad excesiva.');
    // Refused means nothing charged and no one subscribed.
    expect(await sandboxChargeCount(harness.app.services.db)).toBe(0);
    expect((await account('try5@example.com'))?.isSubscribed).toBeFalsy();
    harness.server.advance(10 * MINUTE);
    expect((await register('try6@example.com', '4111111111111111')).statusCode).toBe(200);
  });
});

describe('the human check', () => {
  async function solvedPayload(): Promise<string> {
    const challenge = (await harness.app.inject('/api/v1/captcha/challenge/')).json();
    const solution = await solveChallenge({ challenge, deriveKey });
    return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  }

  it('is asked for after a failed attempt, and a solved challenge lets the next payment through once', async () => {
    await start({ settings: { ...testSettings, billing: { ...testSettings.billing, captcha: 'auto' } } });
    expect((await harness.app.inject('/api/v1/check/captcha/')).json()).toEqual({ to_show: false });
    await register('first@example.com', '4000000000000002');
    expect((await harness.app.inject('/api/v1/check/captcha/')).json()).toEqual({ to_show: true });
    const withoutCheck = await register('second@example.com', '4111111111111111');
    expect(withoutCheck.statusCode).toBe(400);
    expect(withoutCheck.json().message).toMatch(/human check/);
    expect(await sandboxChargeCount(harness.app.services.db)).toBe(0);
    expect(await account('second@example.com')).toBeUndefined();

    const payload = await solvedPayload();
    const validated = await harness.app.inject({
      method: 'POST',
      url: '/api/v1/captcha/validate/',
      payload: { token: payload },
    });
    expect(validated.json()).toHaveProperty('captcha_token');
    expect(validated.statusCode).toBe(200);
    const pass = validated.json().captcha_token as string;
    // A solution works once.
    expect(
      (await harness.app.inject({ method: 'POST', url: '/api/v1/captcha/validate/', payload: { token: payload } }))
        .statusCode,
    ).toBe(400);
    const paid = await register('second@example.com', '4111111111111111', { captcha: pass });
    expect(paid.json()).toMatchObject({ email: 'second@example.com' });
    expect((await register('third@example.com', '4111111111111111', { captcha: pass })).statusCode).toBe(400);
  });

  it('refuses a payload that does not solve the challenge', async () => {
    await start();
    const challenge = (await harness.app.inject('/api/v1/captcha/challenge/')).json();
    const forged = Buffer.from(JSON.stringify({ challenge, solution: { counter: 1, derivedKey: '00' } })).toString(
      'base64',
    );
    expect(
      (await harness.app.inject({ method: 'POST', url: '/api/v1/captcha/validate/', payload: { token: forged } }))
        .statusCode,
    ).toBe(400);
  });
});

describe('limits across API processes', () => {
  it('grant exactly 5 of 12 simultaneous payment attempts from one IP, whichever instance takes them', async () => {
    const { apps, now } = await startInstances(2);
    const [a, b] = apps;
    if (!a || !b) throw new Error('two instances');
    const ip = '203.0.113.9';
    const granted = await Promise.all(
      Array.from({ length: 12 }, (_, i) => takeAttempt((i % 2 ? b : a).services.db, ip, now(), 5)),
    );
    expect(granted.filter(Boolean)).toHaveLength(5);
    const { db } = a.services;
    expect(await db.$count(paymentAttempts, eq(paymentAttempts.ip, ip))).toBe(5);
    // Another IP has its own five.
    expect(await takeAttempt(db, '203.0.113.10', now(), 5)).toBe(true);
  });

  async function solvedOn(app: FastifyInstance): Promise<string> {
    const challenge = (await app.inject('/api/v1/captcha/challenge/')).json();
    const solution = await solveChallenge({ challenge, deriveKey });
    return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  }
  const validate = (app: FastifyInstance, token: string) =>
    app.inject({ method: 'POST', url: '/api/v1/captcha/validate/', payload: { token } });

  it('accept a solved human check once, on whichever instance sees it first', async () => {
    const { apps, database } = await startInstances(2);
    const [a, b] = apps;
    if (!a || !b) throw new Error('two instances');
    const payload = await solvedOn(a);
    expect((await validate(a, payload)).statusCode).toBe(200);
    const replayed = await validate(b, payload);
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().message).toMatch(/human check/i);
    // B takes A's challenges (one secret, in the database): it refused the replay, not the challenge.
    expect((await validate(b, await solvedOn(a))).statusCode).toBe(200);
    // Sent to both at once, one solution still passes once.
    const raced = await solvedOn(b);
    const answers = await Promise.all([validate(a, raced), validate(b, raced), validate(a, raced)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
    // Each claim is kept past any challenge's life, by the database's clock.
    const claims = await database.db
      .select({ left: sql<number>`extract(epoch from (${captchaReplays.expiresAt} - now())) * 1000` })
      .from(captchaReplays);
    expect(claims).toHaveLength(3);
    for (const { left } of claims) {
      expect(Number(left)).toBeGreaterThan(REPLAY_RETENTION_MS - 60_000);
      expect(Number(left)).toBeLessThanOrEqual(REPLAY_RETENTION_MS);
    }
  });

  it('forget claimed human checks once kept long enough', async () => {
    const database = await openTestDatabase();
    onTestFinished(() => database.close());
    const { db } = database;
    await db.insert(captchaReplays).values([
      { challenge: 'old', expiresAt: sql`now() - interval '1 second'` },
      { challenge: 'recent', expiresAt: sql`now() + interval '1 hour'` },
    ]);
    expect(await sweepCaptchaReplays(db)).toBe(1);
    expect((await db.select().from(captchaReplays)).map((r) => r.challenge)).toEqual(['recent']);
  });
});

describe('renewal and the plan', () => {
  async function loginToken(email: string): Promise<string> {
    await harness.app.inject({ method: 'POST', url: '/api/v1/client/insta/sendotp/', payload: { email } });
    const code = (await harness.app.inject(`/dev/mail?to=${email}`)).json()[0].subject.match(/\d{4}/)[0];
    return (
      await harness.app.inject({
        method: 'POST',
        url: '/api/v1/client/insta/validateotp/',
        payload: { email, otp: code },
      })
    ).json().token;
  }

  it('renews an expired user and shows the plan as active', async () => {
    await start();
    const token = await loginToken('expired@followscope.app');
    const headers = { authorization: `Bearer ${token}` };
    expect(
      (await harness.app.inject({ url: '/api/v1/get/recurly/subscription/planDetails/', headers })).json(),
    ).toMatchObject({
      status: 'inactive',
    });
    const payment = (await tokenFor('4111111111111111')).json().id;
    const renewed = await harness.app.inject({
      method: 'POST',
      url: '/api/v1/client/renew/plan/',
      headers: { ...headers, 'idempotency-key': newKey() },
      payload: { plan_code: 'premium-monthly', payment_token: payment },
    });
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json().user).toMatchObject({ email: 'expired@followscope.app', is_subscribed: true });
    expect(
      (await harness.app.inject({ url: '/api/v1/get/recurly/subscription/planDetails/', headers })).json(),
    ).toMatchObject({
      name: 'Monthly',
      plan_code: 'premium-monthly',
      status: 'active',
      ends_at: null,
      can_cancel: true,
      plan: { code: 'monthly', plan_type: 2, interval_length: 1, trial_days: 0 },
      trial_ends_at: null,
      next_amount: 19.99,
      currency: 'USD',
    });
  });
});

describe('Recurly webhooks', () => {
  const sign = (body: string, at: number, key = 'test-webhook-key') =>
    `${at},${createHmac('sha256', key).update(`${at}.${body}`).digest('hex')}`;

  it('end a subscription only when signed with the webhook key, and recently', async () => {
    await start();
    const demo = await account('demo@followscope.app');
    const body = JSON.stringify({ object_type: 'subscription', event_type: 'expired', account_code: demo?.id });
    const post = (signature: string) =>
      harness.app.inject({
        method: 'POST',
        url: '/api/v1/webhooks/recurly',
        headers: { 'content-type': 'application/json', 'recurly-signature': signature },
        payload: body,
      });
    const now = harness.server.now().getTime();
    expect((await post(sign(body, now, 'wrong-key'))).statusCode).toBe(401);
    expect((await post(sign(body, now - 10 * MINUTE))).statusCode).toBe(401);
    expect((await account('demo@followscope.app'))?.isSubscribed).toBe(true);
    expect((await post(sign(body, now))).statusCode).toBe(204);
    expect((await account('demo@followscope.app'))?.isSubscribed).toBe(false);
  });
});
