// Issue 35's fault suite, the outside services' half: each service fails as it does in life, against the
// real server and a local server speaking its protocol, and what "nothing lost" means for it is asserted.
// The figures (how long others wait, when the code arrives) are `npm run bench -- faults` (bench/faults.ts).
// Covered elsewhere, and named in docs/benchmarks.md "Faults": a Recurly that answers after the deadline
// (server/billing/recurly.test.ts), the SMTP and Graph deadlines themselves (server/mail/dispatcher.test.ts,
// server/source/official/graph.test.ts). Nothing here asserts a time: a request that had to wait for the
// hung service would wait for the whole hang, which the test holds until it has seen every answer.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { allowAs } from '../tests/support/official/environment.ts';
import { type FakeInstagram, fakeAccount, startFakeInstagram } from '../tests/support/official/fake-api.ts';
import { type LocalRecurly, startLocalRecurly } from '../tests/support/recurly-server.ts';
import { type LocalSmtp, startLocalSmtp } from '../tests/support/smtp-server.ts';
import { serverPerTest, subscribedAccount, testSettings } from '../tests/support/test-server.ts';
import { mailOutbox, officialMedia, payments, users } from './db/schema.ts';
import { translate } from './i18n/messages.ts';
import type { OfficialSettings } from './source/official/settings.ts';

const harness = serverPerTest();
let smtp: LocalSmtp | undefined;
let recurly: LocalRecurly | undefined;
let fake: FakeInstagram | undefined;
afterEach(async () => {
  await smtp?.close();
  await recurly?.close();
  await fake?.close();
  [smtp, recurly, fake] = [undefined, undefined, undefined];
});

/** Another account's user detail, `count` times 50 ms apart, each answer awaited: every status. */
async function othersAsk(authorization: string, count = 20): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) {
    const [answer] = await Promise.all([
      harness.app.inject({ method: 'POST', url: '/api/v1/client/user/detail/', headers: { authorization } }),
      new Promise((resolve) => setTimeout(resolve, 50)),
    ]);
    statuses.push(answer.statusCode);
  }
  return statuses;
}

const askCode = (email: string) =>
  harness.app.inject({ method: 'POST', url: '/api/v1/client/insta/sendotp/', payload: { email } });
const outboxRow = async (email: string) =>
  (await harness.app.services.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email)))[0];
/** The code in the mail the mail server received for `email`, and whether it logs in. */
async function deliveredCodeLogsIn(email: string): Promise<boolean> {
  const mails = (smtp as LocalSmtp).inbox.filter((mail) => mail.to.includes(email));
  expect(mails).toHaveLength(1);
  const otp = mails[0]?.raw.match(/Subject: .*?(\d{4})/)?.[1];
  const login = await harness.app.inject({
    method: 'POST',
    url: '/api/v1/client/insta/validateotp/',
    payload: { email, otp },
  });
  return login.statusCode === 200;
}

describe('fault: the mail server hangs', () => {
  it('answers another account every time while a login code waits on it, and sends the code when it answers', async () => {
    smtp = await startLocalSmtp();
    smtp.hanging = true;
    // Deadlines longer than the test: the send still waits on the hung server when the others are answered.
    const long = { connectionTimeout: 60_000, greetingTimeout: 60_000, socketTimeout: 60_000 };
    await harness.start({ settings: { ...testSettings, smtpUrl: smtp.url }, smtpTimeouts: long });
    const other = await subscribedAccount(harness.server, 'other.account');
    const email = 'hung.mail@example.com';
    await subscribedAccount(harness.server, 'hung.mail');

    const held = smtp.nextHeld();
    expect((await askCode(email)).statusCode).toBe(200);
    await held;
    expect(await othersAsk(other.authorization)).toEqual(Array(20).fill(200));
    // Every answer came while the send was still waiting on the mail server: none waited for it.
    expect(smtp.held()).toBe(1);
    expect(await outboxRow(email)).toMatchObject({ sentAt: null, attempts: 0 });

    // The mail server answers the conversation it left waiting: the code goes at once, once, and logs in.
    smtp.answerHeld();
    await harness.app.services.mailer.drain();
    expect((await outboxRow(email))?.sentAt).not.toBeNull();
    expect(await deliveredCodeLogsIn(email)).toBe(true);
  });
});

describe('fault: the mail server refuses', () => {
  it('answers the code request, keeps the code, and sends it at the retry once the server takes mail again', async () => {
    smtp = await startLocalSmtp();
    await harness.start({ settings: { ...testSettings, smtpUrl: smtp.url } });
    const other = await subscribedAccount(harness.server, 'other.account');
    const refusals: Array<{ name: string; refuse(s: LocalSmtp): Promise<void>; restore(s: LocalSmtp): Promise<void> }> =
      [
        { name: 'port.closed', refuse: (s) => s.stopListening(), restore: (s) => s.listenAgain() },
        ...[421, 554].map((code) => ({
          name: `greets.${code}`,
          refuse: async (s: LocalSmtp) => {
            s.rejecting = code;
          },
          restore: async (s: LocalSmtp) => {
            s.rejecting = undefined;
          },
        })),
      ];
    for (const refusal of refusals) {
      const email = `${refusal.name}@example.com`;
      await subscribedAccount(harness.server, refusal.name);
      await refusal.refuse(smtp);
      expect((await askCode(email)).statusCode).toBe(200);
      await harness.app.services.mailer.drain();
      const failed = await outboxRow(email);
      expect(failed).toMatchObject({ sentAt: null, attempts: 1 });
      expect(failed?.lastError).toMatch(
        refusal.name === 'port.closed' ? /ECONNREFUSED/ : String(refusal.name.slice(-3)),
      );
      expect(await othersAsk(other.authorization, 3)).toEqual([200, 200, 200]);

      // Back: the retry after its 30 s backoff sends the code, which still logs in.
      await refusal.restore(smtp);
      harness.server.advance(30_000);
      await harness.app.services.mailer.drain();
      expect((await outboxRow(email))?.sentAt).not.toBeNull();
      expect(await deliveredCodeLogsIn(email)).toBe(true);
    }
  });
});

describe('fault: Recurly answers 5xx', () => {
  it('tells the payer to try again in their language, and the retry charges once', async () => {
    recurly = await startLocalRecurly({ apiKey: 'private-api-key' });
    const billing = {
      ...testSettings.billing,
      gateway: 'recurly' as const,
      recurlyApiKey: 'private-api-key',
      recurlyApiUrl: recurly.url,
    };
    await harness.start({ settings: { ...testSettings, billing } });
    for (const status of [500, 503]) {
      const email = `outage.${status}@example.com`;
      const register = () =>
        harness.app.inject({
          method: 'POST',
          url: '/api/v1/client/register/',
          headers: { 'idempotency-key': `key-outage-${status}`, 'accept-language': 'de' },
          payload: {
            email,
            username: `outage.${status}`,
            payment_token: 'tok-ok',
            plan_code: 'premium-monthly',
            first_name: 'Out',
            last_name: 'Age',
          },
        });
      /** Subscriptions the local Recurly made for this payment's account: its charges. */
      const charges = () => {
        const asked = (recurly as LocalRecurly).seen.find(
          (s) => s.headers['idempotency-key'] === `key-outage-${status}`,
        );
        const code = (asked?.body.account as { code?: string } | undefined)?.code;
        return [...(recurly as LocalRecurly).subscriptions.values()].filter((sub) => sub.accountCode === code).length;
      };
      recurly.outage = status;
      const refused = await register();
      expect([refused.statusCode, refused.json().message]).toEqual([500, translate('serverError', 'de')]);
      expect(charges()).toBe(0);
      const [payment] = await harness.app.services.db.select().from(payments).where(eq(payments.email, email));
      expect(payment?.status).toBe('processing');

      // Back: the payer presses again (the same key), and is charged once.
      recurly.outage = undefined;
      const paid = await register();
      expect(paid.statusCode).toBe(200);
      const [user] = await harness.app.services.db.select().from(users).where(eq(users.email, email));
      expect(user?.isSubscribed).toBe(true);
      expect(charges()).toBe(1);
      // Pressing once more after it succeeded gives the same answer, and charges nothing more.
      expect((await register()).statusCode).toBe(200);
      expect(charges()).toBe(1);
    }
  });
});

describe('fault: the Graph API hangs mid-collection', () => {
  const NOW = Date.UTC(2026, 10, 20, 12, 0, 0);
  const REDIRECT = 'https://app.followscope.test/connected';
  const APP = { appId: '990602627938098', appSecret: 'fake-secret' };
  const lumen = () =>
    // One comment a media keeps each page light, so only the hang, never a slow page, meets the deadline.
    fakeAccount({
      username: 'lumen.studio',
      seed: 11,
      followers: 12_400,
      follows: 310,
      media: 250,
      commentsPerMedia: 1,
      now: NOW,
    });

  /** A server whose Graph calls give up after 2 s, the owner connected; the collection's request, to start. */
  async function connected() {
    fake = await startFakeInstagram({
      ...APP,
      redirectUris: [REDIRECT],
      accounts: [lumen()],
      now: () => NOW,
      callsPerHour: 1e6,
    });
    const official: OfficialSettings = {
      ...APP,
      redirectUri: REDIRECT,
      authUrl: `${fake.url}/oauth/authorize`,
      tokenUrl: `${fake.url}/oauth/access_token`,
      graphUrl: fake.url,
      version: 'v24.0',
      tokenKey: randomBytes(32),
      // Seven tries of 2 s, 5 ms of backoff doubling between them: the whole retry budget is about 14.3 s.
      pace: { throttleWaitMs: 20, retryBaseMs: 5, callTimeoutMs: 2_000 },
    };
    await harness.start({ settings: { ...testSettings, official } });
    const owner = await subscribedAccount(harness.server, 'lumen.studio');
    const headers = { authorization: owner.authorization };
    const asked = await harness.app.inject({ url: '/api/v1/client/official/connect', headers });
    const back = await allowAs(asked.json().authorize_url, 'lumen.studio');
    const payload = { code: back.searchParams.get('code'), state: back.searchParams.get('state') };
    const done = await harness.app.inject({ method: 'POST', url: '/api/v1/client/official/connect', headers, payload });
    expect(done.statusCode).toBe(200);
    const collect = () => harness.app.inject({ url: '/api/v1/client/insta/start/analysis/', headers });
    return { owner, collect };
  }

  const mediaAsked = () => (fake as FakeInstagram).requests.filter((request) => /\/media$/.test(request.path));
  const pageOf = (request: { query: Record<string, string> }) => request.query.after ?? 'first';
  /** The third page of media, however often the first two were asked: two are saved with their cursor by then. */
  const thirdMediaPage = (request: { path: string; query: Record<string, string> }) =>
    /\/media$/.test(request.path) && new Set([...mediaAsked().map(pageOf)]).size === 3;
  /** The owner's figures are the platform's: every follower count and every post and reel. */
  function expectComplete(record: Record<string, unknown>) {
    const account = lumen();
    expect(record).toMatchObject({
      total_followers: account.followers_count,
      total_following: account.follows_count,
      data_source: 'official',
    });
    expect(Number(record.post_count) + Number(record.reel_count)).toBe(account.media_count);
  }

  it('a hang shorter than the retries: the same collection goes on at the call that hung', async () => {
    const { collect } = await connected();
    const hung = (fake as FakeInstagram).hangAt(thirdMediaPage);
    const collecting = collect();
    await hung;
    // The client gave up on the call at its deadline and asked again: then the platform is back.
    await expect
      .poll(() => mediaAsked().filter((request) => request.injected === 'held').length, { timeout: 20_000 })
      .toBeGreaterThanOrEqual(2);
    (fake as FakeInstagram).recover();
    const answer = await collecting;
    expect(answer.statusCode).toBe(200);
    expectComplete(answer.json().user);
    // From the hang on, only the page that hung is asked again: no page before it.
    const asked = mediaAsked();
    const hungAt = asked.findIndex((request) => request.injected === 'held');
    const before = new Set(asked.slice(0, hungAt).map(pageOf));
    const hungPage = pageOf(asked[hungAt] as (typeof asked)[number]);
    expect(
      asked.slice(hungAt).filter((request) => pageOf(request) !== hungPage && before.has(pageOf(request))),
    ).toEqual([]);
    expect(new Set(asked.map(pageOf)).size).toBe(3);
  });

  it('a hang past the retries: the owner is told to try again, nothing saved is lost, and the next collection completes', async () => {
    const { owner, collect } = await connected();
    const hung = (fake as FakeInstagram).hangAt(thirdMediaPage);
    const collecting = collect();
    await hung;
    const failed = await collecting;
    expect([failed.statusCode, failed.json().message]).toEqual([503, translate('serverError', 'en')]);
    const saved = await harness.app.services.db
      .select({ id: officialMedia.mediaId })
      .from(officialMedia)
      .where(eq(officialMedia.userId, owner.user.id));
    expect(saved).toHaveLength(200);

    (fake as FakeInstagram).recover();
    const again = await collect();
    expect(again.statusCode).toBe(200);
    expectComplete(again.json().user);
    const all = await harness.app.services.db
      .select({ id: officialMedia.mediaId })
      .from(officialMedia)
      .where(eq(officialMedia.userId, owner.user.id));
    expect(all).toHaveLength(250);
  });
});
