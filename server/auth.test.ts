import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loginResponseSchema } from '../common/schema/account.ts';
import { userRecordSchema } from '../common/schema/user.ts';
import { startTestServer, type TestServer, testSettings } from '../tests/support/test-server.ts';
import { loginCodes, loginFailures, sessions, users } from './db/schema.ts';

const MINUTE = 60_000;
const DEMO = 'demo@followscope.app';
let server: TestServer;
let app: FastifyInstance;

beforeEach(async () => {
  server = await startTestServer();
  app = server.app;
});
afterEach(async () => {
  await server.close();
});

const sendCode = (email: string, lang = 'en') =>
  app.inject({
    method: 'POST',
    url: '/api/v1/client/insta/sendotp/',
    payload: { email },
    headers: { 'accept-language': lang },
  });
const checkCode = (email: string, otp: string, lang = 'en') =>
  app.inject({
    method: 'POST',
    url: '/api/v1/client/insta/validateotp/',
    payload: { email, otp },
    headers: { 'accept-language': lang },
  });

/** The newest mail to an address, from the dev outbox. */
async function newestMail(email: string) {
  const response = await app.inject(`/dev/mail?to=${encodeURIComponent(email)}`);
  return (response.json() as Array<{ kind: string; subject: string; text: string; locale: string }>)[0];
}
async function codeFor(email: string): Promise<string> {
  const mail = await newestMail(email);
  const code = mail?.subject.match(/\d{4}/)?.[0];
  if (!code || mail?.kind !== 'loginCode') throw new Error(`no code mailed to ${email}`);
  return code;
}
const wrong = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');

async function login(email = DEMO): Promise<string> {
  expect((await sendCode(email)).statusCode).toBe(200);
  const response = await checkCode(email, await codeFor(email));
  expect(response.statusCode).toBe(200);
  return loginResponseSchema.parse(response.json()).token;
}

describe('login by email and code', () => {
  it('mails a 4-digit code that logs in once, returning a token and the whole user record', async () => {
    const sent = await sendCode('  Demo@FollowScope.app ');
    expect(sent.statusCode).toBe(200);
    expect(sent.json().message).toMatch(/4-digit code/);
    const code = await codeFor(DEMO);
    expect(code).toMatch(/^\d{4}$/);

    const first = await checkCode(DEMO, code);
    expect(first.statusCode).toBe(200);
    const { token, user } = loginResponseSchema.parse(first.json());
    // Every field but `official` and `official_counts`, which an account never connected to the
    // official API leaves out (issues 18 and 36).
    const officialOnly = new Set(['official', 'official_counts']);
    const fields = Object.keys(userRecordSchema.shape).filter((field) => !officialOnly.has(field));
    expect(Object.keys(user).sort()).toEqual(fields.sort());
    expect(user).toMatchObject({ email: DEMO, username: 'followscope.demo', is_subscribed: true });

    const again = await checkCode(DEMO, code);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(/expired or was already used/);

    const detail = await app.inject({
      method: 'POST',
      url: '/api/v1/client/user/detail/',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(detail.statusCode).toBe(200);
    expect(userRecordSchema.parse(detail.json().user).email).toBe(DEMO);
  });

  it('stores codes and tokens only as hashes', async () => {
    const token = await login();
    const codeRows = await app.services.db.select().from(loginCodes);
    const code = await codeFor(DEMO);
    for (const row of codeRows) {
      // A digest, not the code (a 64-hex digest holds a given 4-digit run about once in a thousand).
      expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
      expect(row.codeHash).not.toBe(code);
    }
    const [session] = await app.services.db.select().from(sessions);
    expect(session?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(session?.tokenHash).not.toBe(token);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
  });

  it('answers an unknown email exactly as a known one, and mails it no code', async () => {
    const known = await sendCode(DEMO);
    const unknown = await sendCode('nobody@example.com');
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
    expect((await newestMail('nobody@example.com'))?.kind).toBe('noAccount');
    expect((await newestMail('nobody@example.com'))?.text).not.toMatch(/\d{4}/);
    // Every guess is wrong for an address with no account, the right one included.
    const outcomes = new Set<number>();
    for (let guess = 0; guess < 5; guess++)
      outcomes.add((await checkCode('nobody@example.com', `000${guess}`)).statusCode);
    expect([...outcomes]).toEqual([400]);
  });

  it('lets a code expire after 10 minutes', async () => {
    await sendCode(DEMO);
    const code = await codeFor(DEMO);
    server.advance(10 * MINUTE);
    const response = await checkCode(DEMO, code);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/expired/);
  });

  it('kills a code after 5 wrong tries, counting down in the caller language', async () => {
    await sendCode(DEMO);
    const code = await codeFor(DEMO);
    const messages: string[] = [];
    for (let i = 0; i < 5; i++) messages.push((await checkCode(DEMO, wrong(code), 'de')).json().message);
    expect(messages.slice(0, 4).map((m) => m.match(/\d+/)?.[0])).toEqual(['4', '3', '2', '1']);
    expect(messages[0]).toMatch(/Versuche/);
    expect(messages[4]).toMatch(/5 Fehlversuchen/);
    const right = await checkCode(DEMO, code);
    expect(right.statusCode).toBe(400);
    expect(right.json().message).toMatch(/5 wrong tries/);
  });

  it('checks an email’s guesses one at a time, so guesses sent all at once get no more tries', async () => {
    await sendCode(DEMO);
    const code = await codeFor(DEMO);
    // 30 wrong guesses at once, then the right code.
    const answers = await Promise.all(Array.from({ length: 30 }, () => checkCode(DEMO, wrong(code))));
    const messages = answers.map((answer) => answer.json().message as string);
    // Five were compared (four counted down, the fifth killed the code); the rest found it dead.
    expect(messages.filter((m) => /tries left/.test(m)).sort()).toEqual(
      [1, 2, 3, 4].map((n) => expect.stringContaining(`${n} tries`)),
    );
    expect(messages.filter((m) => /no longer works/.test(m))).toHaveLength(26);
    const failures = await app.services.db.select().from(loginFailures).where(eq(loginFailures.email, DEMO));
    expect(failures).toHaveLength(5);
    expect((await checkCode(DEMO, code)).json().message).toMatch(/no longer works/);
  });

  it('sends at most 3 codes per email per 15 minutes', async () => {
    for (let i = 0; i < 3; i++) expect((await sendCode(DEMO)).statusCode).toBe(200);
    const fourth = await sendCode(DEMO, 'es');
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().message).toMatch(/3 códigos/);
    server.advance(15 * MINUTE);
    expect((await sendCode(DEMO)).statusCode).toBe(200);
  });

  it('sends 3 codes to an email, however many are asked for at once', async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, () => sendCode(DEMO)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 200, ...Array(7).fill(429)]);
    const mails = (await app.inject(`/dev/mail?to=${encodeURIComponent(DEMO)}`)).json() as Array<{ kind: string }>;
    expect(mails.filter((mail) => mail.kind === 'loginCode')).toHaveLength(3);
  });

  it('locks an email for code login after 10 wrong tries in 24 hours, even for the right code', async () => {
    let failures = 0;
    while (failures < 10) {
      await sendCode(DEMO);
      const code = await codeFor(DEMO);
      for (let i = 0; i < 5 && failures < 10; i++, failures++) await checkCode(DEMO, wrong(code));
      server.advance(16 * MINUTE);
    }
    const locked = await sendCode(DEMO);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/up to 24 hours/);
    server.advance(24 * 60 * MINUTE);
    expect(await login()).toBeTruthy();
  });

  it('gives a guesser at most 1-in-1,000 odds a day, however they pace their tries', async () => {
    // The per-email limits alone: per-IP limits that never bite, so the guesser reaches days 2 and 3.
    await server.close();
    server = await startTestServer({
      settings: { ...testSettings, limits: { codeSendsPerIp: 1e6, codeChecksPerIp: 1e6 } },
    });
    app = server.app;
    // An attacker asks for a code whenever allowed and guesses as fast as the server lets them, for 3 days.
    const comparedAt: number[] = [];
    const answers: string[] = [];
    const end = server.now().getTime() + 3 * 24 * 60 * MINUTE;
    while (server.now().getTime() < end) {
      const sent = await sendCode(DEMO);
      // A guess is compared with the code this round's send made: every one answered "tries left",
      // and the first that kills the code or locks the email. A refused send leaves no live code.
      let live = sent.statusCode === 200;
      const round = [String(sent.statusCode)];
      // While the email is locked (the send refused), one try a round shows it stays locked.
      for (let i = 0; i < (live ? 5 : 1); i++) {
        const response = await checkCode(DEMO, String(i).padStart(4, '7'));
        const message: string = response.json().message ?? '';
        round.push(`${response.statusCode} ${message.slice(0, 24)}`);
        expect(response.statusCode, round.join(' | ')).toBeLessThan(500);
        if (live && /tries left|no longer works|Too many wrong codes/.test(message)) {
          comparedAt.push(server.now().getTime());
          live = /tries left/.test(message);
        } else live = false;
      }
      answers.push(`${new Date(server.now()).toISOString()} ${round.join(' | ')}`);
      server.advance(5 * MINUTE);
    }
    // In any 24-hour window at most 10 guesses were compared: odds of at most 10 in 10,000.
    const worstDay = Math.max(
      ...comparedAt.map((t) => comparedAt.filter((u) => u >= t && u < t + 24 * 60 * MINUTE).length),
    );
    const rounds = answers.filter((round) => !/^\S+ 429 \| 429 Too many wrong codes[^|]*$/.test(round));
    expect(worstDay, rounds.join('\n')).toBe(10);
    expect(worstDay / 10_000).toBeLessThanOrEqual(1 / 1000);
    // The guesser gets a second and a third day: the limit is per day, not for ever.
    expect(comparedAt.length).toBeGreaterThan(20);
    // About 1,500 requests: 5 s on a quiet machine, 30 s or more when two others share its cores.
  }, 240_000);

  it('limits sending and checking per IP as well', async () => {
    const tight = await startTestServer({
      settings: { ...testSettings, limits: { codeSendsPerIp: 2, codeChecksPerIp: 3 } },
    });
    try {
      const send = (email: string) =>
        tight.app.inject({ method: 'POST', url: '/api/v1/client/insta/sendotp/', payload: { email } });
      expect((await send('a@example.com')).statusCode).toBe(200);
      expect((await send('b@example.com')).statusCode).toBe(200);
      const third = await send('c@example.com');
      expect(third.statusCode).toBe(429);
      expect(third.json().message).toMatch(/Too many requests/);
      const check = () =>
        tight.app.inject({
          method: 'POST',
          url: '/api/v1/client/insta/validateotp/',
          payload: { email: 'a@example.com', otp: '1234' },
        });
      for (let i = 0; i < 3; i++) expect((await check()).statusCode).toBe(400);
      expect((await check()).statusCode).toBe(429);
    } finally {
      await tight.close();
    }
  });

  it('refuses a malformed email or code with a localised message', async () => {
    const badEmail = await sendCode('not-an-email', 'it');
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().message).toMatch(/non sono valide/);
    expect((await checkCode(DEMO, '12a4')).statusCode).toBe(400);
  });
});

describe('tokens', () => {
  const detail = (token: string) =>
    app.inject({ method: 'POST', url: '/api/v1/client/user/detail/', headers: { authorization: `Bearer ${token}` } });

  it('stop working on logout, and a 401 carries the detail text', async () => {
    const token = await login();
    expect((await detail(token)).statusCode).toBe(200);
    const out = await app.inject({ url: '/api/v1/client/logout/', headers: { authorization: `Bearer ${token}` } });
    expect(out.json().message).toBe('You are logged out.');
    const after = await detail(token);
    expect(after.statusCode).toBe(401);
    expect(after.json().detail).toBe('Please log in again.');
  });

  it('are refused when made up', async () => {
    expect((await detail('x'.repeat(43))).statusCode).toBe(401);
    expect((await detail('short')).statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url: '/api/v1/client/user/detail/' })).statusCode).toBe(401);
  });
});

describe('the account', () => {
  it('reports a username the network does not know as a 400 with its message', async () => {
    const token = await login();
    await app.services.db.update(users).set({ instaId: '0000000000' }).where(eq(users.email, DEMO));
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/client/user/detail/',
      headers: { authorization: `Bearer ${token}`, 'accept-language': 'pt-BR' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().data.message).toMatch(/Não encontramos/);
    expect(response.json().user.insta_id).toBe('0000000000');
  });

  it('formats last_updated_at as DD-MM-YYYY HH:mm:ss in UTC', async () => {
    await app.services.db
      .update(users)
      .set({ lastUpdatedAt: new Date(Date.UTC(2026, 0, 5, 7, 8, 9)) })
      .where(eq(users.email, DEMO));
    const token = await login();
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/client/user/detail/',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.json().user.last_updated_at).toBe('05-01-2026 07:08:09');
  });

  it('clears the collected data and keeps the login', async () => {
    await app.services.db.update(users).set({ newFollowers: 12, totalFollowers: 1200 }).where(eq(users.email, DEMO));
    const token = await login();
    const cleared = await app.inject({
      url: '/api/v1/client/insta/clear/data',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(cleared.json().message).toBe('Your data has been cleared.');
    expect(cleared.json().user).toMatchObject({ new_followers: 0, total_followers: 0, username: 'followscope.demo' });
    const detail = await app.inject({
      method: 'POST',
      url: '/api/v1/client/user/detail/',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(detail.statusCode).toBe(200);
  });

  it('keeps a support message and mails it to the support address', async () => {
    const token = await login();
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/client/support/query/',
      headers: { authorization: `Bearer ${token}` },
      payload: { query: 'My follower count looks wrong.' },
    });
    expect(response.statusCode).toBe(200);
    const mail = await newestMail(testSettings.supportEmail);
    expect(mail?.text).toContain('My follower count looks wrong.');
    expect(mail?.text).toContain(DEMO);
    const empty = await app.inject({
      method: 'POST',
      url: '/api/v1/client/support/query/',
      headers: { authorization: `Bearer ${token}` },
      payload: { query: '   ' },
    });
    expect(empty.statusCode).toBe(400);
  });

  it('does not disturb a login code already on its way, and limits recovery mail per address', async () => {
    await sendCode(DEMO);
    const code = await codeFor(DEMO);
    const recover = () =>
      app.inject({ method: 'POST', url: '/api/v1/client/recover/username/', payload: { email: DEMO } });
    expect((await recover()).statusCode).toBe(200);
    expect((await checkCode(DEMO, code)).statusCode).toBe(200);
    // The code mail and two recoveries make three mails in 15 minutes; the next recovery waits.
    expect((await recover()).statusCode).toBe(200);
    const refused = await recover();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/3 emails/);
  });

  it('mails a forgotten username, answering an unknown email the same way', async () => {
    const known = await app.inject({
      method: 'POST',
      url: '/api/v1/client/recover/username/',
      payload: { email: DEMO },
      headers: { 'accept-language': 'fr' },
    });
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/v1/client/recover/username/',
      payload: { email: 'ghost@example.com' },
      headers: { 'accept-language': 'fr' },
    });
    expect(unknown.json()).toEqual(known.json());
    const mail = await newestMail(DEMO);
    expect(mail).toMatchObject({ kind: 'username', locale: 'fr' });
    expect(mail?.text).toContain('@followscope.demo');
    expect((await newestMail('ghost@example.com'))?.kind).toBe('noAccount');
  });
});

describe('terms and privacy (CMS pages)', () => {
  it.each(['en', 'es', 'fr', 'de', 'it', 'pt-BR'])('state the trial, refunds and minimum age in %s', async (lang) => {
    for (const name of ['TERMS_OF_SERVICE', 'PRIVACY_POLICY']) {
      const response = await app.inject({ url: `/api/v1/cms/pages/${name}/`, headers: { 'accept-language': lang } });
      expect(response.statusCode).toBe(200);
      expect(response.json().locale).toBe(lang);
      const text = JSON.stringify(response.json().value);
      if (name === 'TERMS_OF_SERVICE') for (const figure of ['7', '14', '16']) expect(text).toContain(figure);
      expect(text).toContain('support@followscope.app');
    }
  });

  it('refuses an unknown page', async () => {
    expect((await app.inject('/api/v1/cms/pages/SECRETS/')).statusCode).toBe(400);
  });
});

describe('dev endpoints', () => {
  it('are not served in production', async () => {
    const production = await startTestServer({ settings: { ...testSettings, production: true } });
    try {
      expect((await production.app.inject('/dev/mail?to=demo@followscope.app')).statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });
});
