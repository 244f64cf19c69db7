// Delete my account (issue 20): an account with a row in every table that can hold one is deleted, and
// the development report proves by database queries that nothing about it is left but its payments'
// records, which name no one. On both databases.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { serverPerTest } from '../../tests/support/test-server.ts';
import {
  analyses,
  analysisChunks,
  exportSlots,
  followerRenames,
  importChunks,
  loginFailures,
  officialAccount,
  officialDays,
  officialMedia,
  officialTokens,
  pushSubscriptions,
  sandboxSubscriptions,
  storyPages,
  storyWatches,
  users,
} from '../db/schema.ts';
import { translate } from '../i18n/messages.ts';
import { countedTables, schemaTables, tablesAboutNoAccount } from './account-rows.ts';

const DAY = 86_400_000;
const harness = serverPerTest();

interface Report {
  user_id: string | null;
  counts: Record<string, number>;
  analysis_ids: string[];
  mail_kinds: string[];
  payments: Array<Record<string, unknown>>;
}

async function report(query: Record<string, string>): Promise<Report> {
  const answer = await harness.app.inject({ url: `/dev/account/rows?${new URLSearchParams(query)}` });
  expect(answer.statusCode).toBe(200);
  return answer.json();
}

/** A subscriber who used every part of the app that keeps something on the server. */
async function busyAccount(app: FastifyInstance, email: string, username: string) {
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
  const registered = await app.inject({
    method: 'POST',
    url: '/api/v1/client/register/',
    headers: { 'idempotency-key': `delete-test-${username.replace(/\W/g, '-')}` },
    payload: {
      email,
      username,
      payment_token: card.json().id,
      plan_code: 'premium-trial',
      first_name: 'Ana',
      last_name: 'Lima',
    },
  });
  expect(registered.statusCode).toBe(200);
  const code = ((await app.inject(`/dev/mail?to=${email}`)).json()[0].subject as string).match(/\d{4}/)?.[0];
  // One wrong try first: a login failure.
  const wrong = String((Number(code) + 1) % 10_000).padStart(4, '0');
  await app.inject({ method: 'POST', url: '/api/v1/client/insta/validateotp/', payload: { email, otp: wrong } });
  // From a browser holding a device key (issue 48): the device is remembered for the account.
  const { token } = (
    await app.inject({
      method: 'POST',
      url: '/api/v1/client/insta/validateotp/',
      payload: { email, otp: code },
      headers: { cookie: `fs_device=${'d'.repeat(43)}` },
    })
  ).json() as { token: string };
  const headers = { authorization: `Bearer ${token}` };

  // Two analyses a day apart: snapshots, parts, lists and follow events.
  expect((await app.inject({ url: '/api/v1/client/insta/start/analysis/', headers })).statusCode).toBe(200);
  harness.server.advance(DAY);
  expect((await app.inject({ url: '/api/v1/client/insta/start/analysis/', headers })).statusCode).toBe(200);
  // A support message sent with an Idempotency-Key (the app's outbox does).
  await app.inject({
    method: 'POST',
    url: '/api/v1/client/support/query/',
    headers: { ...headers, 'idempotency-key': `support-${username.replace(/\W/g, '-')}` },
    payload: { query: `Hello, this is ${email}` },
  });

  // What the import, the official API and the stories list keep, written as they write it.
  const db = app.services.db;
  const [user] = await db.select().from(users).where(eq(users.email, email));
  if (!user) throw new Error('no user');
  const now = harness.server.now();
  const [imported] = await db
    .insert(analyses)
    .values({ userId: user.id, username, status: 'running', source: 'download', startedAt: now, updatedAt: now })
    .returning();
  if (!imported) throw new Error('no import');
  const bytes = Buffer.from([1, 2, 3]);
  await db.insert(analysisChunks).values({ analysisId: imported.id, list: 'followers', seq: 0, ids: bytes });
  await db.insert(importChunks).values({
    analysisId: imported.id,
    list: 'followers',
    seq: 0,
    data: bytes,
    count: 1,
    firstId: '1',
    lastId: '1',
  });
  // A follower who changed username between two imports (issue 50).
  await db
    .insert(followerRenames)
    .values({ analysisId: imported.id, userId: user.id, fromName: 'old.name', toName: 'new.name', followedAt: now });
  await db
    .insert(officialTokens)
    .values({ userId: user.id, sealed: 'sealed', issuedAt: now, expiresAt: now, scopes: 'basic' });
  await db.insert(officialMedia).values({
    userId: user.id,
    mediaId: 'm1',
    shortcode: 'CODE1',
    product: 'FEED',
    mediaType: 'IMAGE',
    takenAt: now,
    likes: 1,
    comments: 1,
    permalink: 'https://example.com/p/1',
    mediaUrl: 'https://example.com/m/1.jpg',
    thumbnailUrl: 'https://example.com/t/1.jpg',
    children: [],
    collectedAt: now,
  });
  await db.insert(officialDays).values({ userId: user.id, day: '2026-11-20', follows: 1 });
  await db.insert(officialAccount).values({ userId: user.id, stories: [], collectedAt: now });
  await db.insert(storyPages).values({ userId: user.id, cursor: '', size: 10, users: [], fetchedAt: now });
  await db.insert(storyWatches).values({ userId: user.id, storyUserId: '42', seenUntil: now, watchedAt: now });
  // An export running on some API process (issue 32).
  await db.insert(exportSlots).values({ userId: user.id, holder: crypto.randomUUID(), expiresAt: now });
  // A phone that turned notifications on (issue 33).
  await db.insert(pushSubscriptions).values({
    userId: user.id,
    endpoint: `https://fcm.googleapis.com/fcm/send/${user.id}`,
    p256dh: 'key',
    auth: 'secret',
    locale: 'en',
    createdAt: now,
    updatedAt: now,
  });
  return { user, token, headers };
}

describe('delete my account', () => {
  it('removes every row about the account but its payments’ records, which name no one', async () => {
    await harness.start();
    const { app } = harness;
    const email = 'leaving.for.good@example.com';
    const { user, headers } = await busyAccount(app, email, 'leaving.sample');
    const bystander = await busyAccount(app, 'staying@example.com', 'staying.sample');
    const before = await report({ email, user_id: user.id });
    // The account has rows in every table the report counts, so the zeros below prove something.
    for (const table of countedTables) expect(before.counts[table], table).toBeGreaterThan(0);
    const bystanderBefore = await report({ email: 'staying@example.com', user_id: bystander.user.id });
    const paidAt = before.payments[0]?.created_at;

    const deleted = await app.inject({
      method: 'POST',
      url: '/api/v1/client/account/delete/',
      headers: { ...headers, 'accept-language': 'it' },
    });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: translate('accountDeleted', 'it') });

    const after = await report({
      email,
      user_id: user.id,
      analysis_ids: before.analysis_ids.join(','),
      payment_ids: before.payments.map((payment) => payment.id).join(','),
    });
    // Only the confirmation is left, which mail to the address needs (over SMTP it goes once sent).
    expect(after.counts).toEqual({ ...Object.fromEntries(countedTables.map((table) => [table, 0])), mail_outbox: 1 });
    expect(after.mail_kinds).toEqual(['accountDeleted']);
    expect(after.payments).toEqual([
      {
        id: before.payments[0]?.id,
        kind: 'register',
        email: '',
        username: '',
        first_name: '',
        last_name: '',
        user_id: null,
        payment_token: '',
        action_token_id: null,
        three_ds_result_token: null,
        response: null,
        plan_code: 'premium-trial',
        amount_cents: 299,
        currency: 'USD',
        status: 'paid',
        created_at: paidAt,
        detached_at: harness.server.now().toISOString(),
      },
    ]);
    const [mail] = (await app.inject(`/dev/mail?to=${email}`)).json() as Array<{ subject: string; text: string }>;
    expect(mail?.subject).toBe('Il tuo account Followscope è eliminato');
    expect(mail?.text).not.toContain('leaving.sample');

    // The subscription ended at the gateway at once, and the token no longer works.
    const ended = await app.services.db.select().from(sandboxSubscriptions);
    expect(ended.filter((row) => row.state === 'expired')).toHaveLength(1);
    expect((await app.inject({ method: 'POST', url: '/api/v1/client/user/detail/', headers })).statusCode).toBe(401);
    // Someone else's rows are untouched.
    expect(await report({ email: 'staying@example.com', user_id: bystander.user.id })).toEqual(bystanderBefore);
  });

  it('deletes also an account that never paid, and its login failures by email', async () => {
    await harness.start();
    const { app } = harness;
    await app.inject({
      method: 'POST',
      url: '/dev/users',
      payload: { email: 'free@example.com', username: 'free.one' },
    });
    await app.inject({ method: 'POST', url: '/api/v1/client/insta/sendotp/', payload: { email: 'free@example.com' } });
    const code = ((await app.inject('/dev/mail?to=free@example.com')).json()[0].subject as string).match(/\d{4}/)?.[0];
    const { token } = (
      await app.inject({
        method: 'POST',
        url: '/api/v1/client/insta/validateotp/',
        payload: { email: 'free@example.com', otp: code },
      })
    ).json() as { token: string };
    await app.services.db.insert(loginFailures).values({ email: 'free@example.com', at: harness.server.now() });
    const deleted = await app.inject({
      method: 'POST',
      url: '/api/v1/client/account/delete/',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(deleted.statusCode).toBe(200);
    const after = await report({ email: 'free@example.com' });
    expect(Object.entries(after.counts).filter(([, count]) => count > 0)).toEqual([['mail_outbox', 1]]);
    expect(after.payments).toEqual([]);
  });

  it('refuses without a live token, deleting nothing', async () => {
    await harness.start();
    const refused = await harness.app.inject({
      method: 'POST',
      url: '/api/v1/client/account/delete/',
      headers: { authorization: 'Bearer not-a-token', 'accept-language': 'fr' },
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe(translate('unauthorized', 'fr'));
    expect(await harness.app.services.db.$count(users)).toBe(2);
  });
});

describe('the account report', () => {
  it('counts every table of the schema, or says why a table holds nothing about an account', () => {
    const named = [...countedTables, ...Object.keys(tablesAboutNoAccount)];
    expect([...schemaTables()].sort()).toEqual([...named].sort());
    expect(new Set(named).size).toBe(named.length);
  });
});
