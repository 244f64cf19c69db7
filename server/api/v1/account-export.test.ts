// GET client/account/export (issue 20): what the server holds about the account, and nothing secret.
import { describe, expect, it } from 'vitest';
import { accountExportSchema } from '../../../common/schema/account-export.ts';
import { serverPerTest } from '../../../tests/support/test-server.ts';
import { issueToken } from '../../auth/tokens.ts';
import {
  mailOutbox,
  officialDays,
  officialMedia,
  officialTokens,
  payments,
  pushSubscriptions,
  storyWatches,
  subscriptions,
  supportQueries,
  users,
} from '../../db/schema.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { loginCodeMail } from '../../mail/templates.ts';

const harness = serverPerTest();
const CARD_TOKEN = 'tok_card_4242_secret';

async function account(username: string, isSubscribed = true) {
  const [user] = await harness.app.services.db
    .insert(users)
    .values({ email: `${username}@example.com`, username, isSubscribed })
    .returning();
  if (!user) throw new Error('no user');
  const token = await issueToken(harness.app.services.db, user.id, harness.server.now());
  return { user, token, auth: { authorization: `Bearer ${token}` } };
}

const exportOf = (auth: Record<string, string>) =>
  harness.app.inject({ url: '/api/v1/client/account/export', headers: auth });

describe('account export', () => {
  it('holds the record, analyses with their snapshots, events by day, insight, payments, official figures', async () => {
    await harness.start();
    await harness.app.ready();
    const { db } = harness.app.services;
    const { user, token, auth } = await account('followscope.demo');
    const now = harness.server.now();
    await db.insert(payments).values({
      idempotencyKey: 'key-0001-export',
      kind: 'register',
      email: user.email,
      username: user.username,
      planCode: 'premium-trial',
      userId: user.id,
      paymentToken: CARD_TOKEN,
      status: 'paid',
      createdAt: now,
      updatedAt: now,
    });
    await db.insert(subscriptions).values({
      userId: user.id,
      planCode: 'premium-trial',
      gateway: 'sandbox',
      gatewayReference: 'sub-1',
      state: 'active',
      createdAt: now,
    });
    await db.insert(supportQueries).values({
      userId: user.id,
      name: 'Demo',
      email: user.email,
      query: 'Where are my lists?',
      createdAt: now,
    });
    await db.insert(storyWatches).values({ userId: user.id, storyUserId: '4242', seenUntil: now, watchedAt: now });
    await db
      .insert(officialDays)
      .values({ userId: user.id, day: '2026-11-19', follows: 4, unfollows: 1, followers: 120 });
    await db.insert(officialMedia).values({
      userId: user.id,
      mediaId: 'm1',
      shortcode: 'ABC123',
      product: 'FEED',
      mediaType: 'IMAGE',
      takenAt: now,
      likes: 10,
      comments: 2,
      permalink: 'https://example.com/p/ABC123',
      mediaUrl: 'https://example.com/m.jpg',
      thumbnailUrl: 'https://example.com/t.jpg',
      children: [],
      collectedAt: now,
    });
    await db.insert(officialTokens).values({
      userId: user.id,
      sealed: 'SEALED-TOKEN-SECRET',
      issuedAt: now,
      expiresAt: new Date(now.getTime() + 60 * 86_400_000),
      scopes: 'instagram_business_basic',
    });
    // A phone that turned notifications on (issue 33): its push address and keys are secrets.
    await db.insert(pushSubscriptions).values({
      userId: user.id,
      endpoint: 'https://fcm.googleapis.com/fcm/send/PUSH-ENDPOINT-SECRET',
      p256dh: 'PUSH-KEY-SECRET',
      auth: 'PUSH-AUTH-SECRET',
      locale: 'it',
      weeklyReminder: true,
      createdAt: now,
      updatedAt: now,
    });
    // Two analyses a day apart: a baseline and one with follow events.
    expect((await harness.app.inject({ url: '/api/v1/client/insta/start/analysis/', headers: auth })).statusCode).toBe(
      200,
    );
    harness.server.advance(86_400_000);
    expect((await harness.app.inject({ url: '/api/v1/client/insta/start/analysis/', headers: auth })).statusCode).toBe(
      200,
    );

    const response = await exportOf(auth);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const document = accountExportSchema.parse(response.json());
    expect(document.user).toMatchObject({ email: user.email, username: 'followscope.demo', data_source: 'sample' });
    expect(document.user.counts.total_followers).toBeGreaterThan(1000);
    expect(document.analyses).toHaveLength(2);
    for (const analysis of document.analyses) {
      expect(analysis).toMatchObject({ source: 'sample', status: 'complete' });
      expect(analysis.snapshot?.followers).toBeGreaterThan(1000);
      expect(Object.keys(analysis.lists).sort()).toEqual(
        ['dontFollowBack', 'followersLost', 'mutualFollowers', 'newFollowers', 'notFollowsBack', 'profileViews'].sort(),
      );
    }
    const events = document.follow_events_by_day;
    expect(events.length).toBeGreaterThan(0);
    expect(events.every((row) => /^\d{4}-\d\d-\d\d$/.test(row.day) && row.count > 0)).toBe(true);
    expect(document.payments).toEqual([
      { date: now.toISOString(), amount: 2.99, currency: 'USD', plan: 'Followscope Premium', status: 'paid' },
    ]);
    expect(document.subscriptions).toEqual([
      { started_at: now.toISOString(), plan: 'premium-trial', state: 'active', gateway: 'sandbox' },
    ]);
    expect(document.support_messages).toEqual([{ date: now.toISOString(), message: 'Where are my lists?' }]);
    expect(document.story_watches).toEqual([
      { story_user_id: '4242', seen_until: now.toISOString(), watched_at: now.toISOString() },
    ]);
    expect(document.official.days).toEqual([
      expect.objectContaining({ day: '2026-11-19', follows: 4, unfollows: 1, followers: 120 }),
    ]);
    expect(document.official.media).toEqual([expect.objectContaining({ shortcode: 'ABC123', likes: 10 })]);
    expect(document.official.token).toMatchObject({ scopes: 'instagram_business_basic' });
    expect(document.notifications).toEqual([
      { since: now.toISOString(), language: 'it', weekly_reminder: true, last_sent_at: null },
    ]);
    // Secrets are not the person's data: no card token, no sealed API token, no login token, no push address.
    for (const secret of [
      CARD_TOKEN,
      'SEALED-TOKEN-SECRET',
      token,
      'PUSH-ENDPOINT-SECRET',
      'PUSH-KEY-SECRET',
      'PUSH-AUTH-SECRET',
    ])
      expect(response.body).not.toContain(secret);
  });

  it('answers an unsubscribed account too (leaving needs no payment), and refuses without a login', async () => {
    await harness.start();
    const { auth } = await account('expired.export.sample', false);
    const response = await exportOf(auth);
    expect(response.statusCode).toBe(200);
    const document = accountExportSchema.parse(response.json());
    expect(document).toMatchObject({ analyses: [], payments: [], insight: null, follow_events_by_day: [] });
    expect(document.official).toMatchObject({ status: 'none', token: null, days: [], media: [], account: null });
    expect((await harness.app.inject({ url: '/api/v1/client/account/export' })).statusCode).toBe(401);
  });

  it('leaves out a login code’s subject and payments others made with the address (issue 32)', async () => {
    await harness.start();
    const { db } = harness.app.services;
    const { user, auth } = await account('code.in.subject');
    const now = harness.server.now();
    await enqueueMail(
      db,
      { to: user.email, kind: 'loginCode', locale: 'en', ...loginCodeMail.en({ code: '7271' }) },
      now,
    );
    // Anyone may type the address into the offer's form: such a payment names no account of ours.
    await db.insert(payments).values({
      idempotencyKey: 'key-0002-stranger',
      kind: 'register',
      email: user.email,
      username: 'someone.else',
      planCode: 'premium-trial',
      paymentToken: CARD_TOKEN,
      status: 'declined',
      createdAt: now,
      updatedAt: now,
    });
    const [queued] = await db.select({ subject: mailOutbox.subject }).from(mailOutbox);
    expect(queued?.subject).toContain('7271');

    const response = await exportOf(auth);
    const document = accountExportSchema.parse(response.json());
    expect(document.mail).toEqual([expect.objectContaining({ kind: 'loginCode', subject: null })]);
    expect(response.body).not.toContain('7271');
    expect(document.payments).toEqual([]);
  });
});
