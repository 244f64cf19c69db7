// Cancel in one click, keep until the end, and access that ends with the period (issue 20), through the
// app on the sandbox gateway, on both databases.
import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { serverPerTest } from '../../tests/support/test-server.ts';
import { sandboxSubscriptions, subscriptions, users } from '../db/schema.ts';
import { translate } from '../i18n/messages.ts';
import { addMonths, currentPeriodEnd } from './periods.ts';
import { endLapsedSubscriptions } from './subscription.ts';

const DAY = 86_400_000;
const harness = serverPerTest();
let keys = 0;

/** Pays for `plan` with the success card as a newcomer, then logs in with the mailed code. */
async function subscribe(app: FastifyInstance, email: string, plan = 'premium-trial') {
  const card = await app.inject({
    method: 'POST',
    url: '/sandbox/tokens',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      number: '4111111111111111',
      month: '12',
      year: '30',
      cvv: '123',
      first_name: 'Ana',
      last_name: 'Lima',
    }).toString(),
  });
  const paid = await app.inject({
    method: 'POST',
    url: '/api/v1/client/register/',
    headers: { 'idempotency-key': `lifecycle-key-${++keys}` },
    payload: {
      email,
      username: 'leaving.sample',
      payment_token: card.json().id,
      plan_code: plan,
      first_name: 'Ana',
      last_name: 'Lima',
    },
  });
  expect(paid.statusCode).toBe(200);
  return login(app, email, false);
}

/** Logs in with the newest mailed code; `ask` asks for a new one first (the checkout mails the first). */
async function login(app: FastifyInstance, email: string, ask = true) {
  if (ask) await app.inject({ method: 'POST', url: '/api/v1/client/insta/sendotp/', payload: { email } });
  const mails = (await app.inject(`/dev/mail?to=${email}`)).json() as Array<{ kind: string; subject: string }>;
  const code = mails.find((mail) => mail.kind === 'loginCode')?.subject.match(/\d{4}/)?.[0];
  const answer = await app.inject({
    method: 'POST',
    url: '/api/v1/client/insta/validateotp/',
    payload: { email, otp: code },
  });
  return answer.json() as { token: string; user: { is_subscribed: boolean } };
}

const as = (token: string, lang = 'en') => ({ authorization: `Bearer ${token}`, 'accept-language': lang });
const plan = (token: string) =>
  harness.app.inject({ url: '/api/v1/get/recurly/subscription/planDetails/', headers: as(token) });
const cancel = (token: string, lang = 'en') =>
  harness.app.inject({ method: 'POST', url: '/api/v1/client/subscription/cancel/', headers: as(token, lang) });
const keep = (token: string, lang = 'en') =>
  harness.app.inject({ method: 'POST', url: '/api/v1/client/subscription/keep/', headers: as(token, lang) });
const mailsTo = async (email: string) =>
  (await harness.app.inject(`/dev/mail?to=${email}`)).json() as Array<{ kind: string; subject: string; text: string }>;

describe('billing periods', () => {
  const monthly = { code: 'monthly', intervalLength: 1, metaInfo: {} };
  const start = new Date('2026-01-31T10:00:00Z');

  it('keep the start day where a month has it and its last day where not', () => {
    expect(addMonths(start, 1).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addMonths(start, 2).toISOString()).toBe('2026-03-31T10:00:00.000Z');
    expect(currentPeriodEnd(monthly, start, new Date('2026-03-01T00:00:00Z')).toISOString()).toBe(
      '2026-03-31T10:00:00.000Z',
    );
  });

  it('start with the trial, then count whole intervals from its end', () => {
    const trial = { code: 'monthly', intervalLength: 1, metaInfo: { trial_days: 7 } };
    expect(currentPeriodEnd(trial, start, start).toISOString()).toBe('2026-02-07T10:00:00.000Z');
    expect(currentPeriodEnd(trial, start, new Date('2026-02-07T10:00:00Z')).toISOString()).toBe(
      '2026-03-07T10:00:00.000Z',
    );
    const weekly = { code: 'weekly', intervalLength: 1, metaInfo: {} };
    expect(currentPeriodEnd(weekly, start, new Date(start.getTime() + 8 * DAY)).toISOString()).toBe(
      '2026-02-14T10:00:00.000Z',
    );
    const quarterly = { code: 'quarterly', intervalLength: 3, metaInfo: {} };
    expect(currentPeriodEnd(quarterly, start, start).toISOString()).toBe('2026-04-30T10:00:00.000Z');
  });
});

describe('cancel in one click (sandbox)', () => {
  it('ends the subscription at the end of the trial paid for, mails it, and Keep undoes it', async () => {
    await harness.start();
    const email = 'leaving@example.com';
    const paidAt = harness.server.now();
    const { token } = await subscribe(harness.app, email);
    // A new account has no figures yet: its 7-day trial waits for them up to 9 days (issue 34), so the
    // period paid for runs 16 days at most.
    const trialEnd = new Date(paidAt.getTime() + 16 * DAY).toISOString();
    expect((await plan(token)).json()).toMatchObject({
      name: 'Followscope Premium',
      plan_code: 'premium-trial',
      status: 'active',
      ends_at: null,
      can_cancel: true,
      trial_ends_at: trialEnd,
      trial_waits_until: new Date(paidAt.getTime() + 9 * DAY).toISOString(),
      next_charge_at: trialEnd,
    });

    harness.server.advance(2 * DAY);
    const cancelled = await cancel(token, 'fr');
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({
      message: translate('subscriptionCancelled', 'fr'),
      plan: {
        name: 'Followscope Premium',
        plan_code: 'premium-trial',
        status: 'active',
        ends_at: trialEnd,
        can_cancel: false,
        next_charge_at: null,
        next_amount: null,
      },
    });
    const mail = (await mailsTo(email)).find((sent) => sent.kind === 'subscriptionCancelled');
    expect(mail).toMatchObject({ kind: 'subscriptionCancelled', subject: 'Votre abonnement Followscope est résilié' });
    expect(mail?.text).toContain('6 décembre 2026 à 12:00 UTC');

    // A second click answers the same and mails nothing more.
    expect((await cancel(token)).json().plan.ends_at).toBe(trialEnd);
    expect((await mailsTo(email)).filter((m) => m.kind === 'subscriptionCancelled')).toHaveLength(1);

    const kept = await keep(token, 'de');
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({
      message: translate('subscriptionKept', 'de'),
      plan: { status: 'active', ends_at: null, can_cancel: true },
    });
    expect((await keep(token)).statusCode).toBe(200);
    const db = harness.app.services.db;
    const [row] = await db.select().from(subscriptions);
    expect(row).toMatchObject({ state: 'active', cancelledAt: null, endsAt: null });
    const [atGateway] = await db.select().from(sandboxSubscriptions);
    expect(atGateway).toMatchObject({ state: 'active', expiresAt: null });
  });

  it('ends access when the period paid for ends, by the server clock, and then cannot be kept', async () => {
    await harness.start();
    const email = 'lapsing@example.com';
    const { token } = await subscribe(harness.app, email, 'premium-monthly');
    harness.server.advance(40 * DAY);
    const endsAt = (await cancel(token)).json().plan.ends_at as string;
    // Monthly from 20 Nov: the second period ends on 20 Jan.
    expect(endsAt).toBe('2027-01-20T12:00:00.000Z');

    harness.server.advance(new Date(endsAt).getTime() - harness.server.now().getTime() - 1000);
    expect((await plan(token)).json()).toMatchObject({ status: 'active', ends_at: endsAt });
    expect(
      (await harness.app.inject({ url: '/api/v1/client/followers/history/', headers: as(token) })).statusCode,
    ).toBe(200);

    harness.server.advance(1000);
    expect((await plan(token)).json()).toMatchObject({ status: 'inactive', ends_at: null, can_cancel: false });
    const detail = await harness.app.inject({ method: 'POST', url: '/api/v1/client/user/detail/', headers: as(token) });
    expect(detail.json().user.is_subscribed).toBe(false);
    expect(
      (await harness.app.inject({ url: '/api/v1/client/followers/history/', headers: as(token) })).statusCode,
    ).toBe(403);
    const late = await keep(token, 'it');
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe(translate('nothingToKeep', 'it'));
    expect((await harness.app.services.db.select().from(subscriptions))[0]?.state).toBe('expired');
    // A new login meets the expired user's drawer (spec §4).
    expect((await login(harness.app, email)).user.is_subscribed).toBe(false);
  });

  it('refuses, in the caller’s language, to cancel an account with no subscription sold here', async () => {
    await harness.start();
    await harness.app.inject({
      method: 'POST',
      url: '/dev/users',
      payload: { email: 'handmade@example.com', username: 'hand.made' },
    });
    const { token } = await login(harness.app, 'handmade@example.com');
    expect((await plan(token)).json()).toMatchObject({ status: 'active', can_cancel: false, ends_at: null });
    for (const lang of ['en', 'es', 'pt-BR']) {
      const refused = await cancel(token, lang);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(translate('nothingToCancel', lang));
    }
    expect((await plan(token)).json().status).toBe('active');
  });

  it('ends every lapsed subscription in one sweep, leaving the others', async () => {
    await harness.start();
    const ending = await subscribe(harness.app, 'first@example.com');
    const staying = await subscribe(harness.app, 'second@example.com');
    await cancel(ending.token);
    const db = harness.app.services.db;
    expect(await endLapsedSubscriptions(db, harness.server.now())).toEqual([]);
    // A trial that waits for the account's first figures ends 16 days after paying at the latest.
    harness.server.advance(17 * DAY);
    const ended = await endLapsedSubscriptions(db, harness.server.now());
    expect(ended).toHaveLength(1);
    const rows = await db.select({ email: users.email, subscribed: users.isSubscribed }).from(users);
    expect(rows.find((row) => row.email === 'first@example.com')?.subscribed).toBe(false);
    expect(rows.find((row) => row.email === 'second@example.com')?.subscribed).toBe(true);
    expect((await plan(staying.token)).json().status).toBe('active');
  });
});

describe('Recurly webhooks and a cancelled subscription', () => {
  const post = (event: Record<string, unknown>) => {
    const body = JSON.stringify({ object_type: 'subscription', ...event });
    const at = harness.server.now().getTime();
    const signature = `${at},${createHmac('sha256', 'test-webhook-key').update(`${at}.${body}`).digest('hex')}`;
    return harness.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks/recurly',
      headers: { 'content-type': 'application/json', 'recurly-signature': signature },
      payload: body,
    });
  };

  it('keep access on "canceled" (it runs to its end), end it on "expired", restore it on "reactivated"', async () => {
    await harness.start();
    const { token } = await subscribe(harness.app, 'hooked@example.com');
    await cancel(token);
    const db = harness.app.services.db;
    const [user] = await db.select().from(users).where(eq(users.email, 'hooked@example.com'));
    const accountCode = user?.id;

    expect((await post({ event_type: 'canceled', account_code: accountCode })).statusCode).toBe(204);
    expect((await plan(token)).json()).toMatchObject({ status: 'active', ends_at: expect.any(String) });

    await post({ event_type: 'reactivated', account_code: accountCode });
    expect((await plan(token)).json()).toMatchObject({ status: 'active', ends_at: null });
    expect((await db.select().from(subscriptions))[0]?.state).toBe('active');

    await cancel(token);
    await post({ event_type: 'expired', account_code: accountCode });
    expect((await plan(token)).json()).toMatchObject({ status: 'inactive', ends_at: null });
    expect((await db.select().from(subscriptions))[0]?.state).toBe('expired');
  });
});
