// Issue 34 on the sandbox gateway, through the app: a receipt for every charge and renewal in the payer's
// language, a trial whose days count from the account's first figures (at most 9 days after paying) with
// the gateway's bill date moved with it, and Manage subscription stating the trial's end and next charge.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { importDownload } from '../../tests/support/imports.ts';
import { serverPerTest } from '../../tests/support/test-server.ts';
import { payments, sandboxSubscriptions, users } from '../db/schema.ts';
import { recordRenewals } from './renewals.ts';
import { sandboxGateway } from './sandbox.ts';
import { startWaitingTrials } from './trial.ts';

const DAY = 86_400_000;
const harness = serverPerTest();
let keys = 0;

interface Mail {
  kind: string;
  locale: string;
  subject: string;
  text: string;
}

/** Pays as a newcomer with the success card, in `lang`, and logs in with the mailed code. */
async function pay(app: FastifyInstance, email: string, username: string, lang = 'en', extra = {}) {
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
    headers: { 'idempotency-key': `trial-key-${++keys}`, 'accept-language': lang },
    payload: {
      email,
      username,
      payment_token: card.json().id,
      plan_code: 'premium-trial',
      first_name: 'Ana',
      last_name: 'Lima',
      ...extra,
    },
  });
  expect(paid.statusCode, paid.body).toBe(200);
  const mails = await mailsTo(app, email);
  const code = mails.find((mail) => mail.kind === 'loginCode')?.subject.match(/\d{4}/)?.[0];
  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/client/insta/validateotp/',
    payload: { email, otp: code },
  });
  return { answer: paid.json(), token: (login.json() as { token: string }).token };
}

/** Intl writes money and dates with no-break spaces; read as plain ones. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
const mailsTo = async (app: FastifyInstance, email: string) =>
  ((await app.inject(`/dev/mail?to=${encodeURIComponent(email)}`)).json() as Mail[]).map((mail) => ({
    ...mail,
    subject: plain(mail.subject),
    text: plain(mail.text),
  }));
const receipts = async (app: FastifyInstance, email: string) =>
  (await mailsTo(app, email)).filter((mail) => mail.kind === 'receipt');
const details = async (app: FastifyInstance, token: string) =>
  (
    await app.inject({
      url: '/api/v1/get/recurly/subscription/planDetails/',
      headers: { authorization: `Bearer ${token}` },
    })
  ).json();
const iso = (ms: number) => new Date(ms).toISOString();
const renewalDeps = (app: FastifyInstance) => ({
  ...app.services,
  gateway: sandboxGateway(app.services.db, app.services.clock),
  supportEmail: 'support@followscope.app',
});

describe('the receipt of a first charge', () => {
  it('states the amount, the method, the plan, the trial’s dates and how to cancel, in the payer’s language', async () => {
    await harness.start();
    const { app } = harness;
    const paidAt = harness.server.now().getTime();
    const { answer } = await pay(app, 'recibo@example.com', 'maria.sample', 'pt-BR', { payment_method: 'apple_pay' });
    expect(answer.receipt).toEqual({
      amount: 2.99,
      currency: 'USD',
      plan_code: 'premium-trial',
      method: 'apple_pay',
      charged_at: iso(paidAt),
      trial: { days: 7, ends_at: iso(paidAt + 16 * DAY), waits_until: iso(paidAt + 9 * DAY) },
      next_charge_at: iso(paidAt + 16 * DAY),
      next_amount: 19.99,
    });
    const [receipt, ...others] = await receipts(app, 'recibo@example.com');
    expect(others).toEqual([]);
    expect(receipt).toMatchObject({ locale: 'pt-BR', subject: 'Seu recibo do Followscope: US$ 2,99' });
    for (const part of [
      'Valor: US$ 2,99',
      'Pago com: Apple Pay',
      'Plano: Teste de 7 dias, depois Mensal',
      'no máximo até 29 de novembro de 2026',
      'Próxima cobrança: US$ 19,99 no fim do teste, no máximo até 6 de dezembro de 2026',
      'todo mês até você cancelar',
      '“Cancelar assinatura”',
      'support@followscope.test',
    ]) {
      expect(receipt?.text).toContain(part);
    }
    const [row] = await app.services.db.select().from(payments).where(eq(payments.email, 'recibo@example.com'));
    expect(row?.method).toBe('apple_pay');
  });

  it('names a card when the payload names no method, and refuses a method it does not know', async () => {
    await harness.start();
    const { app } = harness;
    const { answer } = await pay(app, 'card@example.com', 'card.sample', 'de');
    expect(answer.receipt.method).toBe('card');
    const [receipt] = await receipts(app, 'card@example.com');
    expect(receipt?.subject).toBe('Deine Followscope-Quittung: 2,99 $');
    expect(receipt?.text).toContain('Bezahlt mit: Karte');

    const refused = await app.inject({
      method: 'POST',
      url: '/api/v1/client/register/',
      headers: { 'idempotency-key': 'trial-key-bitcoin' },
      payload: {
        email: 'coins@example.com',
        username: 'coins.sample',
        payment_token: 'sbx_tok_x',
        plan_code: 'premium-trial',
        first_name: 'Ana',
        last_name: 'Lima',
        payment_method: 'bitcoin',
      },
    });
    expect(refused.statusCode).toBe(400);
    expect(await app.services.db.$count(payments, eq(payments.email, 'coins@example.com'))).toBe(0);
  });
});

describe('the fair trial', () => {
  it('counts its 7 days from the first analysis, and the gateway bills then', async () => {
    await harness.start();
    const { app } = harness;
    const paidAt = harness.server.now().getTime();
    const { token } = await pay(app, 'first.figures@example.com', 'first.sample');
    expect(await details(app, token)).toMatchObject({
      trial_ends_at: iso(paidAt + 16 * DAY),
      trial_waits_until: iso(paidAt + 9 * DAY),
      next_charge_at: iso(paidAt + 16 * DAY),
      next_amount: 19.99,
      currency: 'USD',
      plan: { code: 'monthly', plan_type: 1, interval_length: 1, trial_days: 7 },
    });

    // Two days later the first figures arrive: the trial ends 7 days after them.
    harness.server.advance(2 * DAY);
    const analysed = await app.inject({
      url: '/api/v1/client/insta/start/analysis/',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(analysed.statusCode).toBe(200);
    const trialEnd = iso(paidAt + 9 * DAY);
    await expect.poll(async () => (await details(app, token)).trial_ends_at, { timeout: 20_000 }).toBe(trialEnd);
    expect(await details(app, token)).toMatchObject({ trial_waits_until: null, next_charge_at: trialEnd });
    const [atGateway] = await app.services.db.select().from(sandboxSubscriptions);
    expect(atGateway?.billingAnchorAt?.toISOString()).toBe(trialEnd);
  });

  it('starts with an imported download, the owner’s first figures', async () => {
    await harness.start();
    const { app } = harness;
    const paidAt = harness.server.now().getTime();
    const { token } = await pay(app, 'importer@example.com', 'ana.importer');
    harness.server.advance(DAY);
    const imported = await importDownload(
      app,
      {
        owner: 'ana.importer',
        followers: [[{ name: 'bob', at: paidAt / 1000 - 400 * 86_400 }]],
        following: [{ name: 'bob', at: paidAt / 1000 - 300 * 86_400 }],
        writtenAt: paidAt / 1000,
      },
      token,
    );
    expect(imported).toMatchObject({ ok: true, status: 'imported' });
    await expect
      .poll(async () => (await details(app, token)).trial_ends_at, { timeout: 20_000 })
      .toBe(iso(paidAt + 8 * DAY));
  });

  it('starts anyway 9 days after paying when no figures came, and a renewal is receipted once', async () => {
    await harness.start();
    const { app } = harness;
    const paidAt = harness.server.now().getTime();
    const { token } = await pay(app, 'no.figures@example.com', 'nothing.sample', 'fr');
    const deps = renewalDeps(app);
    harness.server.advance(8 * DAY);
    expect(await startWaitingTrials(deps)).toBe(0);
    harness.server.advance(DAY);
    expect(await startWaitingTrials(deps)).toBe(1);
    expect(await details(app, token)).toMatchObject({
      trial_ends_at: iso(paidAt + 16 * DAY),
      trial_waits_until: null,
    });

    // Nothing is renewed before the trial's end; after it, one renewal, receipted once however often asked.
    expect(await recordRenewals(deps)).toBe(0);
    harness.server.advance(7 * DAY + 1000);
    expect(await recordRenewals(deps)).toBe(1);
    expect(await recordRenewals(deps)).toBe(0);
    const renewals = await app.services.db.select().from(payments).where(eq(payments.kind, 'renewal'));
    expect(renewals).toMatchObject([
      { amountCents: 1999, currency: 'USD', status: 'paid', method: 'card', planCode: 'premium-trial' },
    ]);
    expect(renewals[0]?.createdAt.toISOString()).toBe(iso(paidAt + 16 * DAY));
    const [renewal] = await receipts(app, 'no.figures@example.com');
    expect(renewal).toMatchObject({ locale: 'fr', subject: 'Votre reçu Followscope : 19,99 $US' });
    expect(renewal?.text).toContain('Votre abonnement Followscope a été renouvelé.');
    expect(renewal?.text).toContain('Offre : Mensuel');
    expect(renewal?.text).toContain('Prochain prélèvement : 19,99 $US le 6 janvier 2027');
    expect(await details(app, token)).toMatchObject({
      trial_ends_at: null,
      next_charge_at: '2027-01-06T12:00:00.000Z',
    });

    // Two months on, two more renewals, each with its receipt.
    harness.server.advance(62 * DAY);
    expect(await recordRenewals(deps)).toBe(2);
    expect(await receipts(app, 'no.figures@example.com')).toHaveLength(4);
  });

  it('starts at once for an account that already has figures', async () => {
    await harness.start();
    const { app } = harness;
    const { db } = app.services;
    // An account analysed before, whose subscription has lapsed, buys the trial again.
    await app.inject({
      method: 'POST',
      url: '/dev/users',
      payload: { email: 'again@example.com', username: 'again.sample', is_subscribed: true },
    });
    await app.inject({ method: 'POST', url: '/api/v1/client/insta/sendotp/', payload: { email: 'again@example.com' } });
    const code = (await mailsTo(app, 'again@example.com'))[0]?.subject.match(/\d{4}/)?.[0];
    const { token } = (
      await app.inject({
        method: 'POST',
        url: '/api/v1/client/insta/validateotp/',
        payload: { email: 'again@example.com', otp: code },
      })
    ).json() as { token: string };
    const headers = { authorization: `Bearer ${token}` };
    expect((await app.inject({ url: '/api/v1/client/insta/start/analysis/', headers })).statusCode).toBe(200);
    await db.update(users).set({ isSubscribed: false }).where(eq(users.email, 'again@example.com'));
    harness.server.advance(DAY);
    const paidAt = harness.server.now().getTime();
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
    const renewed = await app.inject({
      method: 'POST',
      url: '/api/v1/client/renew/plan/',
      headers: { ...headers, 'idempotency-key': 'trial-key-again' },
      payload: { plan_code: 'premium-trial', payment_token: card.json().id },
    });
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json().receipt.trial).toEqual({ days: 7, ends_at: iso(paidAt + 7 * DAY), waits_until: null });
    expect(await details(app, token)).toMatchObject({ trial_ends_at: iso(paidAt + 7 * DAY), trial_waits_until: null });
  });
});
