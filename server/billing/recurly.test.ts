// Contract test: the official `recurly` client, through our gateway, against the local Recurly
// (tests/support/recurly-server.ts), which answers as Recurly's documented API v2021-02-25 does for a
// purchase, a cancel, a reactivation, a termination and an account's redaction.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type LocalRecurly,
  PAYPAL_PAYER,
  type SeenRequest,
  startLocalRecurly,
} from '../../tests/support/recurly-server.ts';
import { payments, users } from '../db/schema.ts';
import { translate } from '../i18n/messages.ts';
import { GatewayRefusal, type PurchaseRequest } from './gateway.ts';
import { recurlyGateway } from './recurly.ts';

type Seen = SeenRequest;

const API_KEY = 'private-api-key';
let recurlyApi: LocalRecurly;
let seen: Seen[];
let baseUrl: string;
/** The local Recurly's clock: the app's, once an app test has started one. */
let recurlyNow: () => Date = () => new Date();

beforeAll(async () => {
  recurlyApi = await startLocalRecurly({ apiKey: API_KEY, now: () => recurlyNow() });
  seen = recurlyApi.seen;
  baseUrl = recurlyApi.url;
});
afterAll(() => recurlyApi.close());

const purchase = (paymentToken: string, extra: Partial<PurchaseRequest> = {}): PurchaseRequest => ({
  idempotencyKey: `key-${paymentToken}-${Math.random()}`,
  account: { code: 'user-uuid-1', email: 'ana@example.com', firstName: 'Ana', lastName: 'Lima' },
  planCode: 'premium-monthly',
  currency: 'USD',
  paymentToken,
  ...extra,
});

describe('Recurly gateway (contract)', () => {
  it('sends a documented purchase request: versioned Accept, Basic auth, idempotency key, snake_case body', async () => {
    const gateway = recurlyGateway(API_KEY, baseUrl);
    const outcome = await gateway.purchase(purchase('tok-ok', { idempotencyKey: 'key-contract-1' }));
    expect(outcome).toEqual({ kind: 'paid', reference: 'sub-1' });
    const request = seen.at(-1) as Seen;
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/purchases');
    expect(request.headers.accept).toBe('application/vnd.recurly.v2021-02-25');
    expect(request.headers.authorization).toBe(`Basic ${Buffer.from(`${API_KEY}:`).toString('base64')}`);
    expect(request.headers['idempotency-key']).toBe('key-contract-1');
    expect(request.body).toEqual({
      currency: 'USD',
      account: {
        code: 'user-uuid-1',
        email: 'ana@example.com',
        first_name: 'Ana',
        last_name: 'Lima',
        billing_info: { token_id: 'tok-ok' },
      },
      subscriptions: [{ plan_code: 'premium-monthly' }],
    });
  });

  it('turns a 3-D Secure transaction error into the action token, and pays with the result token', async () => {
    const gateway = recurlyGateway(API_KEY, baseUrl);
    expect(await gateway.purchase(purchase('tok-3ds'))).toEqual({ kind: 'actionRequired', actionTokenId: 'act-123' });
    const paid = await gateway.purchase(purchase('tok-3ds', { threeDSecureResultToken: 'res-ok' }));
    expect(paid.kind).toBe('paid');
    const last = seen.at(-1) as Seen;
    expect((last.body.account as { billing_info: unknown }).billing_info).toEqual({
      token_id: 'tok-3ds',
      three_d_secure_action_result_token_id: 'res-ok',
    });
  });

  it("passes Recurly's own message on for a decline or an invalid token", async () => {
    const gateway = recurlyGateway(API_KEY, baseUrl);
    expect(await gateway.purchase(purchase('tok-declined'))).toEqual({
      kind: 'declined',
      reason: 'gateway',
      message: 'Your card was declined.',
    });
    expect(await gateway.purchase(purchase('tok-unknown'))).toMatchObject({
      kind: 'declined',
      message: 'Token is invalid',
    });
  });

  it('pays with a PayPal token as with a card: billing info from the token, the payer named by PayPal', async () => {
    const gateway = recurlyGateway(API_KEY, baseUrl);
    const code = `paypal-${Math.random()}`;
    const outcome = await gateway.purchase(
      purchase('tok-paypal', {
        idempotencyKey: 'key-paypal-1',
        account: { code, email: 'pp@example.com', firstName: '', lastName: '' },
      }),
    );
    expect(outcome.kind).toBe('paid');
    const request = seen.at(-1) as Seen;
    // No name of ours (the client would send null): Recurly keeps the one PayPal gave with the token.
    expect(request.body.account).toEqual({ code, email: 'pp@example.com', billing_info: { token_id: 'tok-paypal' } });
    expect(recurlyApi.accounts.get(code)).toMatchObject({
      firstName: PAYPAL_PAYER.firstName,
      lastName: PAYPAL_PAYER.lastName,
      paymentMethod: 'paypal_billing_agreement',
    });
    expect(await gateway.purchase(purchase('tok-paypal-declined'))).toEqual({
      kind: 'declined',
      reason: 'gateway',
      message: 'PayPal declined this payment. Please use a different payment method.',
    });
  });

  it('gets the same answer for a repeated idempotency key', async () => {
    const gateway = recurlyGateway(API_KEY, baseUrl);
    const request = purchase('tok-ok', { idempotencyKey: 'key-repeat' });
    const first = await gateway.purchase(request);
    const second = await gateway.purchase(request);
    expect(second).toEqual(first);
    expect(seen.filter((s) => s.headers['idempotency-key'] === 'key-repeat')).toHaveLength(2);
  });
});

describe('Recurly gateway: a subscription after the purchase (contract)', () => {
  /** A fresh subscription at the local Recurly, bought through the gateway. */
  async function bought(code = `user-${Math.random()}`) {
    const gateway = recurlyGateway(API_KEY, baseUrl);
    const outcome = await gateway.purchase(purchase('tok-ok', { account: { ...purchase('').account, code } }));
    if (outcome.kind !== 'paid') throw new Error('the purchase failed');
    return { gateway, reference: outcome.reference, code };
  }

  it('cancels at the next bill date with PUT cancel, and reactivates with PUT reactivate', async () => {
    const { gateway, reference } = await bought();
    const periodEnd = recurlyApi.subscriptions.get(reference)?.currentPeriodEndsAt as Date;
    const cancelled = await gateway.cancelAtPeriodEnd(reference);
    expect(cancelled).toEqual({ state: 'canceled', periodEndsAt: periodEnd, endsAt: periodEnd });
    const request = seen.at(-1) as Seen;
    expect([request.method, request.url]).toEqual(['PUT', `/subscriptions/${reference}/cancel`]);
    expect(request.body).toEqual({ timeframe: 'bill_date' });
    expect(request.headers.accept).toBe('application/vnd.recurly.v2021-02-25');

    const reactivated = await gateway.reactivate(reference);
    expect(reactivated).toEqual({ state: 'active', periodEndsAt: periodEnd, endsAt: null });
    expect([seen.at(-1)?.method, seen.at(-1)?.url]).toEqual(['PUT', `/subscriptions/${reference}/reactivate`]);
    expect(recurlyApi.subscriptions.get(reference)?.state).toBe('active');
  });

  it('answers a change already made (cancelled twice, kept twice) with the subscription as it stands', async () => {
    const { gateway, reference } = await bought();
    await gateway.cancelAtPeriodEnd(reference);
    // Recurly refuses the second cancel (422); the gateway reads the subscription and finds it cancelled.
    expect((await gateway.cancelAtPeriodEnd(reference)).state).toBe('canceled');
    expect(seen.slice(-2).map((r) => `${r.method} ${r.url}`)).toEqual([
      `PUT /subscriptions/${reference}/cancel`,
      `GET /subscriptions/${reference}`,
    ]);
    await gateway.reactivate(reference);
    expect((await gateway.reactivate(reference)).state).toBe('active');
  });

  it('tells an expired subscription (it cannot come back) and refuses an unknown one', async () => {
    const { gateway, reference } = await bought();
    await gateway.cancelAtPeriodEnd(reference);
    const atRecurly = recurlyApi.subscriptions.get(reference);
    if (atRecurly) atRecurly.expiresAt = new Date(Date.now() - 1000);
    expect((await gateway.reactivate(reference)).state).toBe('expired');
    await expect(gateway.cancelAtPeriodEnd('sub-unknown')).rejects.toMatchObject({
      reason: 'notFound',
      message: "Couldn't find Subscription with id = sub-unknown",
    });
  });

  it('terminates at once with no refund, then redacts the account (which needs no live subscription)', async () => {
    const { gateway, reference, code } = await bought();
    // Recurly will not redact an account whose subscription still runs: a refusal, not a failure.
    await expect(gateway.forgetAccount(code)).rejects.toBeInstanceOf(GatewayRefusal);
    await gateway.terminate(reference);
    expect([seen.at(-1)?.method, seen.at(-1)?.url]).toEqual(['DELETE', `/subscriptions/${reference}?refund=none`]);
    expect(recurlyApi.subscriptions.get(reference)?.state).toBe('expired');
    await gateway.terminate(reference); // ended already: fine
    await gateway.forgetAccount(code);
    expect([seen.at(-1)?.method, seen.at(-1)?.url]).toEqual(['DELETE', `/accounts/code-${code}?redact=true`]);
    expect(recurlyApi.accounts.get(code)).toMatchObject({ state: 'inactive', redacted: true, email: null });
    await gateway.forgetAccount('nobody-here'); // unknown: fine
  });

  it('lets an outage through as a failure, never as a refusal', async () => {
    const { gateway, reference } = await bought();
    recurlyApi.outage = 503;
    try {
      const failed = await gateway.cancelAtPeriodEnd(reference).catch((error: unknown) => error);
      expect(failed).toBeInstanceOf(Error);
      expect(failed).not.toBeInstanceOf(GatewayRefusal);
      await expect(gateway.terminate(reference)).rejects.not.toBeInstanceOf(GatewayRefusal);
    } finally {
      recurlyApi.outage = undefined;
    }
    expect(recurlyApi.subscriptions.get(reference)?.state).toBe('active');
  });
});

describe('Recurly gateway: the fair trial and renewals (contract, issue 34)', () => {
  const DAY = 86_400_000;

  it('buys a trial with trial_ends_at, moves it with next_bill_date (PUT /subscriptions/{id}), and reads a renewal', async () => {
    let now = new Date('2026-11-20T12:00:00.000Z');
    recurlyNow = () => now;
    try {
      const gateway = recurlyGateway(API_KEY, baseUrl);
      const latest = new Date(now.getTime() + 16 * DAY);
      const outcome = await gateway.purchase(
        purchase('tok-ok', { planCode: 'premium-trial', trialEndsAt: latest, idempotencyKey: 'key-trial-1' }),
      );
      if (outcome.kind !== 'paid') throw new Error('the purchase failed');
      const sent = seen.at(-1) as Seen;
      expect(sent.body.subscriptions).toEqual([{ plan_code: 'premium-trial', trial_ends_at: latest.toISOString() }]);
      expect(recurlyApi.subscriptions.get(outcome.reference)).toMatchObject({ trialEndsAt: latest });

      // The first figures came two days later: the trial ends 7 days after them.
      now = new Date(now.getTime() + 2 * DAY);
      const trialEnd = new Date(now.getTime() + 7 * DAY);
      expect(await gateway.postpone(outcome.reference, trialEnd)).toEqual({
        state: 'active',
        periodEndsAt: trialEnd,
        endsAt: null,
      });
      const moved = seen.at(-1) as Seen;
      expect([moved.method, moved.url, moved.body]).toEqual([
        'PUT',
        `/subscriptions/${outcome.reference}`,
        { next_bill_date: trialEnd.toISOString() },
      ]);
      expect(recurlyApi.subscriptions.get(outcome.reference)).toMatchObject({ trialEndsAt: trialEnd });
      // A date in the past is Recurly's validation error: a refusal.
      await expect(gateway.postpone(outcome.reference, new Date(now.getTime() - DAY))).rejects.toBeInstanceOf(
        GatewayRefusal,
      );

      // After the trial, Recurly renews it monthly from the trial's end.
      now = new Date(trialEnd.getTime() + 1000);
      expect(await gateway.term(outcome.reference)).toEqual({
        state: 'active',
        periodEndsAt: new Date('2026-12-29T12:00:00.000Z'),
        endsAt: null,
      });
      expect([seen.at(-1)?.method, seen.at(-1)?.url]).toEqual(['GET', `/subscriptions/${outcome.reference}`]);
      await expect(gateway.term('sub-unknown')).rejects.toMatchObject({ reason: 'notFound' });
    } finally {
      recurlyNow = () => new Date();
    }
  });
});

describe('the app on the Recurly gateway', () => {
  it('registers through Recurly when it is the gateway, with no sandbox endpoints', async () => {
    const { startTestServer, testSettings } = await import('../../tests/support/test-server.ts');
    const server = await startTestServer({
      settings: {
        ...testSettings,
        billing: { ...testSettings.billing, gateway: 'recurly', recurlyApiKey: API_KEY, recurlyApiUrl: baseUrl },
      },
    });
    try {
      expect((await server.app.inject({ method: 'POST', url: '/sandbox/tokens', payload: {} })).statusCode).toBe(404);
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/v1/client/register/',
        headers: { 'idempotency-key': 'key-app-recurly' },
        payload: {
          email: 'recurly@example.com',
          username: 'via.recurly',
          payment_token: 'tok-ok',
          plan_code: 'premium-trial',
          first_name: 'Via',
          last_name: 'Recurly',
        },
      });
      expect(response.statusCode).toBe(200);
      const sent = seen.find((s) => s.headers['idempotency-key'] === 'key-app-recurly') as Seen;
      expect((sent.body.account as { code: string }).code).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await server.close();
    }
  });
});

describe('the app on the Recurly gateway: PayPal', () => {
  it('registers with a PayPal token under the same idempotency as a card; a card still needs its name', async () => {
    const { startTestServer, testSettings } = await import('../../tests/support/test-server.ts');
    const server = await startTestServer({
      settings: {
        ...testSettings,
        billing: { ...testSettings.billing, gateway: 'recurly', recurlyApiKey: API_KEY, recurlyApiUrl: baseUrl },
      },
    });
    try {
      const { app } = server;
      // Recurly.js's PayPal window is another origin's: the page keeps it as its pop-up (Recurly's docs).
      expect((await app.inject('/api/v1/health')).headers['cross-origin-opener-policy']).toBe(
        'same-origin-allow-popups',
      );
      const email = 'paypal.recurly@example.com';
      const register = () =>
        app.inject({
          method: 'POST',
          url: '/api/v1/client/register/',
          headers: { 'idempotency-key': 'key-app-paypal' },
          payload: {
            email,
            username: 'via.paypal',
            payment_token: 'tok-paypal',
            plan_code: 'premium-trial',
            payment_method: 'paypal',
          },
        });
      expect((await register()).statusCode).toBe(200);
      // The same key is the same payment: Recurly is asked once.
      expect((await register()).statusCode).toBe(200);
      expect(seen.filter((s) => s.headers['idempotency-key'] === 'key-app-paypal')).toHaveLength(1);
      const [user] = await app.services.db.select().from(users).where(eq(users.email, email));
      expect(user?.isSubscribed).toBe(true);
      expect(recurlyApi.accounts.get(user?.id ?? '')).toMatchObject({
        firstName: PAYPAL_PAYER.firstName,
        paymentMethod: 'paypal_billing_agreement',
      });
      const [payment] = await app.services.db.select().from(payments).where(eq(payments.email, email));
      expect([payment?.firstName, payment?.lastName]).toEqual(['', '']);

      // A card still needs the cardholder's name; the renewal carries it as typed.
      const unnamed = await app.inject({
        method: 'POST',
        url: '/api/v1/client/register/',
        headers: { 'idempotency-key': 'key-app-card-unnamed' },
        payload: { email: 'card@example.com', username: 'card', payment_token: 'tok-ok', plan_code: 'premium-trial' },
      });
      expect(unnamed.statusCode).toBe(400);
      expect(seen.some((s) => s.headers['idempotency-key'] === 'key-app-card-unnamed')).toBe(false);
    } finally {
      await server.close();
    }
  });
});

describe('the app on the Recurly gateway: cancel, keep and delete', () => {
  it('cancels to the end of the period Recurly bills, keeps it, says so in an outage, and deletes the account', async () => {
    const { startTestServer, testSettings } = await import('../../tests/support/test-server.ts');
    const server = await startTestServer({
      settings: {
        ...testSettings,
        billing: { ...testSettings.billing, gateway: 'recurly', recurlyApiKey: API_KEY, recurlyApiUrl: baseUrl },
      },
    });
    recurlyNow = server.now;
    try {
      const { app } = server;
      const email = 'leaves.recurly@example.com';
      const registered = await app.inject({
        method: 'POST',
        url: '/api/v1/client/register/',
        headers: { 'idempotency-key': 'key-app-recurly-lifecycle' },
        payload: {
          email,
          username: 'leaves.recurly',
          payment_token: 'tok-ok',
          plan_code: 'premium-monthly',
          first_name: 'Ana',
          last_name: 'Lima',
        },
      });
      expect(registered.statusCode).toBe(200);
      const code = ((await app.inject(`/dev/mail?to=${email}`)).json()[0].subject as string).match(/\d{4}/)?.[0];
      const { token } = (
        await app.inject({ method: 'POST', url: '/api/v1/client/insta/validateotp/', payload: { email, otp: code } })
      ).json() as { token: string };
      const headers = { authorization: `Bearer ${token}`, 'accept-language': 'es' };
      const post = (path: string) => app.inject({ method: 'POST', url: `/api/v1/${path}`, headers });
      const [user] = await app.services.db.select().from(users).where(eq(users.email, email));
      const [atRecurly] = [...recurlyApi.subscriptions.values()].filter((sub) => sub.accountCode === user?.id);
      if (!atRecurly || !user) throw new Error('no subscription at the local Recurly');

      const cancelled = await post('client/subscription/cancel/');
      expect(cancelled.statusCode).toBe(200);
      expect(cancelled.json()).toMatchObject({
        message: translate('subscriptionCancelled', 'es'),
        plan: { status: 'active', ends_at: atRecurly.currentPeriodEndsAt.toISOString(), can_cancel: false },
      });
      expect(atRecurly.state).toBe('canceled');
      expect((await post('client/subscription/keep/')).json().plan).toMatchObject({ ends_at: null, can_cancel: true });
      expect(atRecurly.state).toBe('active');

      // Recurly down: nothing changes, here or there, and the user is told in their language.
      recurlyApi.outage = 503;
      const down = await post('client/subscription/cancel/');
      expect([down.statusCode, down.json().message]).toEqual([502, translate('gatewayUnavailable', 'es')]);
      const notDeleted = await post('client/account/delete/');
      expect([notDeleted.statusCode, notDeleted.json().message]).toEqual([502, translate('accountNotDeleted', 'es')]);
      recurlyApi.outage = undefined;
      expect(atRecurly.state).toBe('active');
      expect(await app.services.db.$count(users, eq(users.id, user.id))).toBe(1);

      const deleted = await post('client/account/delete/');
      expect([deleted.statusCode, deleted.json().message]).toEqual([200, translate('accountDeleted', 'es')]);
      expect(atRecurly.state).toBe('expired');
      expect(recurlyApi.accounts.get(user.id)).toMatchObject({ redacted: true, email: null, firstName: null });
      expect(await app.services.db.$count(users, eq(users.id, user.id))).toBe(0);
      const [kept] = await app.services.db
        .select()
        .from(payments)
        .where(eq(payments.idempotencyKey, 'key-app-recurly-lifecycle'));
      expect(kept).toMatchObject({
        email: '',
        firstName: '',
        lastName: '',
        userId: null,
        amountCents: 1999,
        currency: 'USD',
      });
    } finally {
      recurlyApi.outage = undefined;
      recurlyNow = () => new Date();
      await server.close();
    }
  });
});

describe('the CSP in Recurly mode', () => {
  it('admits Recurly.js, its API and its 3-D Secure frames, and nothing else new', async () => {
    const { policyFor, contentSecurityPolicy } = await import('../http/security.ts');
    expect(policyFor(false)).toBe(contentSecurityPolicy);
    const widened = policyFor(true);
    expect(widened['script-src']).toEqual(["'self'", "'wasm-unsafe-eval'", 'https://js.recurly.com']);
    expect(widened['frame-src']).toEqual(["'self'", 'https://*.recurly.com']);
    expect(widened['frame-ancestors']).toEqual(["'none'"]);
  });
});

describe('the app on the Recurly gateway: a Recurly that answers after the deadline (issue 35)', () => {
  it('tells the payer to try again, and the retry with the same key charges once', async () => {
    const { startTestServer, testSettings } = await import('../../tests/support/test-server.ts');
    const server = await startTestServer({
      settings: {
        ...testSettings,
        billing: { ...testSettings.billing, gateway: 'recurly', recurlyApiKey: API_KEY, recurlyApiUrl: baseUrl },
      },
      // Short, so the test does not wait the real deadline; what is asserted is the outcome, not the time.
      recurlyTimeoutMs: 2_000,
    });
    const email = 'late.recurly@example.com';
    const register = () =>
      server.app.inject({
        method: 'POST',
        url: '/api/v1/client/register/',
        headers: { 'idempotency-key': 'key-app-late', 'accept-language': 'fr' },
        payload: {
          email,
          username: 'late.recurly',
          payment_token: 'tok-ok',
          plan_code: 'premium-monthly',
          first_name: 'Late',
          last_name: 'Answer',
        },
      });
    try {
      recurlyApi.holding = true;
      const first = await register();
      // Recurly took the purchase, but its answer comes after the client gave up.
      expect(first.statusCode).toBe(500);
      expect(first.json().message).toBe(translate('serverError', 'fr'));
      recurlyApi.release();
      const charges = () => [...recurlyApi.subscriptions.values()].filter((s) => s.planCode === 'premium-monthly');
      const before = charges().length;

      const retry = await register();
      expect(retry.statusCode).toBe(200);
      const asked = seen.filter((s) => s.headers['idempotency-key'] === 'key-app-late');
      expect(asked).toHaveLength(2);
      expect(charges()).toHaveLength(before);
      const [user] = await server.app.services.db.select().from(users).where(eq(users.email, email));
      expect(user?.isSubscribed).toBe(true);
      const account = ((asked[0] as Seen).body.account as { code: string }).code;
      expect(charges().filter((s) => s.accountCode === account)).toHaveLength(1);
    } finally {
      recurlyApi.release();
      await server.close();
    }
  });
});
