// The cardholder's name and PayPal at the server (issue 36): the sandbox's PayPal window and its
// tokens, a PayPal payment registering and renewing as a card's does (the same idempotency, the same
// per-IP limit), and the name rule of spec §5 refusing what it must and keeping what was typed.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { serverPerTest } from '../../tests/support/test-server.ts';
import { sandboxChargeCount } from '../billing/sandbox.ts';
import { paymentAttempts, payments, users } from '../db/schema.ts';
import { translate } from '../i18n/messages.ts';

const harness = serverPerTest();
let keys = 0;
const newKey = () => `paypal-test-${Date.now()}-${++keys}`;

async function approve(firstName: string, lastName: string, lang = 'en') {
  return harness.app.inject({
    method: 'POST',
    url: '/sandbox/paypal/tokens',
    headers: { 'accept-language': lang },
    payload: { first_name: firstName, last_name: lastName },
  });
}

async function cardToken(firstName: string, lastName: string) {
  return harness.app.inject({
    method: 'POST',
    url: '/sandbox/tokens',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'de' },
    payload: new URLSearchParams({
      number: '4111111111111111',
      month: '12',
      year: '30',
      cvv: '123',
      first_name: firstName,
      last_name: lastName,
    }).toString(),
  });
}

function register(payload: Record<string, unknown>, key = newKey()) {
  return harness.app.inject({
    method: 'POST',
    url: '/api/v1/client/register/',
    headers: { 'idempotency-key': key, 'accept-language': 'en' },
    payload: { username: 'pay.pal', plan_code: 'premium-trial', ...payload },
  });
}

const paymentOf = async (email: string) =>
  (await harness.app.services.db.select().from(payments).where(eq(payments.email, email)))[0];

describe('the sandbox PayPal window', () => {
  it('is a page in the asked language with Approve and Cancel, its script and style from our own origin', async () => {
    await harness.start();
    const page = await harness.app.inject('/sandbox/paypal.html?amount=2.99&currency=USD&plan=Trial&lang=fr');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('<html lang="fr">');
    expect(page.body).toContain(translate('paypalApprove', 'fr'));
    expect(page.body).toContain(translate('paypalCancel', 'fr'));
    expect(page.body).toContain('2,99');
    expect(page.body).toContain('src="/sandbox/paypal.js"');
    // The app's CSP allows no inline script: the window's behaviour is a file.
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self'/);
    // The sandbox's window is our own origin: the strict opener policy stays.
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect((await harness.app.inject('/sandbox/paypal.js')).body).toContain('followscope-sandbox-paypal');
    const odd = await harness.app.inject('/sandbox/paypal.html?plan=%3Cscript%3Ealert(1)%3C%2Fscript%3E');
    expect(odd.body).not.toContain('<script>alert');
  });

  it('approves with a token and the account holder’s name as typed, and refuses a name PayPal would not hold', async () => {
    await harness.start();
    const good = await approve('Zoë', 'Ångström-Li');
    expect(good.statusCode).toBe(200);
    expect(good.json()).toEqual({
      id: expect.stringMatching(/^sbx_pp_/),
      type: 'paypal',
      first_name: 'Zoë',
      last_name: 'Ångström-Li',
    });
    const bad = await approve('R2', 'D2', 'es');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: { message: translate('paypalRefused', 'es') } });
  });
});

describe('paying with PayPal', () => {
  it('registers with a PayPal token and the name the window gave, once per idempotency key', async () => {
    await harness.start();
    const token = (await approve('Μαρία', 'O’Neil')).json();
    const key = newKey();
    const body = {
      email: 'paypal@example.com',
      payment_token: token.id,
      payment_method: 'paypal',
      first_name: token.first_name,
      last_name: token.last_name,
    };
    const [first, second] = await Promise.all([register(body, key), register(body, key)]);
    expect([first.statusCode, second.statusCode]).toContain(200);
    expect((await register(body, key)).json()).toMatchObject({ email: 'paypal@example.com' });
    expect(await sandboxChargeCount(harness.app.services.db)).toBe(1);
    expect(await paymentOf('paypal@example.com')).toMatchObject({ firstName: 'Μαρία', lastName: 'O’Neil' });
    const [user] = await harness.app.services.db.select().from(users).where(eq(users.email, 'paypal@example.com'));
    expect(user?.isSubscribed).toBe(true);
  });

  it('counts a PayPal payment against the per-IP limit as a card payment', async () => {
    await harness.start();
    const token = (await approve('Ana', 'Lima')).json().id as string;
    await register({ email: 'limit@example.com', payment_token: token, payment_method: 'paypal' });
    expect(await harness.app.services.db.select().from(paymentAttempts)).toHaveLength(1);
  });

  it('renews an expired user with PayPal, and a renewal by card carries the name as typed', async () => {
    await harness.start();
    const email = 'expired@followscope.app';
    await harness.app.inject({ method: 'POST', url: '/api/v1/client/insta/sendotp/', payload: { email } });
    const code = (await harness.app.inject(`/dev/mail?to=${email}`)).json()[0].subject.match(/\d{4}/)[0];
    const login = await harness.app.inject({
      method: 'POST',
      url: '/api/v1/client/insta/validateotp/',
      payload: { email, otp: code },
    });
    const headers = { authorization: `Bearer ${login.json().token}`, 'idempotency-key': newKey() };
    const paypal = (await approve('Li', 'Wei')).json().id as string;
    const renewed = await harness.app.inject({
      method: 'POST',
      url: '/api/v1/client/renew/plan/',
      headers,
      payload: { plan_code: 'premium-monthly', payment_token: paypal, payment_method: 'paypal' },
    });
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json().user).toMatchObject({ email, is_subscribed: true });

    const card = (await cardToken('李', 'Ångström-Li')).json().id as string;
    const byCard = await harness.app.inject({
      method: 'POST',
      url: '/api/v1/client/renew/plan/',
      headers: { ...headers, 'idempotency-key': newKey() },
      payload: { plan_code: 'premium-monthly', payment_token: card, first_name: '李', last_name: 'Ångström-Li' },
    });
    expect(byCard.statusCode).toBe(200);
    const rows = await harness.app.services.db.select().from(payments).where(eq(payments.email, email));
    expect(rows.map((row) => [row.firstName, row.lastName])).toEqual(
      expect.arrayContaining([
        ['', ''],
        ['李', 'Ångström-Li'],
      ]),
    );
  });
});

describe('the cardholder’s name (spec §5)', () => {
  it('is asked by the sandbox’s tokenisation as Recurly.js asks it, in the caller’s language', async () => {
    await harness.start();
    expect((await cardToken('Ana', 'Lima')).statusCode).toBe(200);
    const refused = await cardToken('Ana', 'L1ma');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: { message: translate('payerNameInvalid', 'de') } });
    expect((await cardToken('', 'Lima')).statusCode).toBe(400);
  });

  it('is required with a card and refused with a digit or a symbol, writing nothing', async () => {
    await harness.start();
    const token = (await cardToken('Ana', 'Lima')).json().id as string;
    const base = { email: 'named@example.com', payment_token: token };
    for (const names of [
      {},
      { first_name: 'Ana' },
      { first_name: 'Ana', last_name: 'L1ma' },
      { first_name: 'A$', last_name: 'Lima' },
    ]) {
      const refused = await register({ ...base, ...names });
      expect(refused.statusCode, JSON.stringify(names)).toBe(400);
      expect(typeof refused.json().message).toBe('string');
    }
    expect(await paymentOf('named@example.com')).toBeUndefined();
    const paid = await register({ ...base, first_name: '  Zoë ', last_name: "O'Neil" });
    expect(paid.statusCode).toBe(200);
    expect(await paymentOf('named@example.com')).toMatchObject({ firstName: 'Zoë', lastName: "O'Neil" });
  });
});
