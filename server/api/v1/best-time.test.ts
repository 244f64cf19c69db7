// Best time to post through HTTP: online followers from the official API, else the owner's posts'
// engagement (official or the sample network's), else "not available yet".
import { describe, expect, it } from 'vitest';
import { serverPerTest } from '../../../tests/support/test-server.ts';
import { issueToken } from '../../auth/tokens.ts';
import { officialAccount, officialMedia, users } from '../../db/schema.ts';
import { sampleNetwork } from '../../source/sample.ts';

const harness = serverPerTest();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

async function account(username: string, options: { subscribed?: boolean; collectedAt?: Date } = {}) {
  const [user] = await harness.app.services.db
    .insert(users)
    .values({
      email: `${username}@example.com`,
      username,
      isSubscribed: options.subscribed ?? true,
      officialCollectedAt: options.collectedAt ?? null,
      officialStatus: options.collectedAt ? 'active' : 'none',
      dataSource: options.collectedAt ? 'official' : 'none',
    })
    .returning();
  if (!user) throw new Error('no user');
  const token = await issueToken(harness.app.services.db, user.id, harness.server.now());
  return { user, headers: { authorization: `Bearer ${token}` } };
}

/** Stores one of the owner's media as an official collection would, published `ago` ms before now. */
function media(userId: string, index: number, ago: number, likes: number, comments: number) {
  const now = harness.server.now();
  return harness.app.services.db.insert(officialMedia).values({
    userId,
    mediaId: `media-${index}`,
    shortcode: `SHORTCODE${String(index).padStart(2, '0')}`,
    product: 'FEED',
    mediaType: 'IMAGE',
    takenAt: new Date(now.getTime() - ago),
    likes,
    comments,
    permalink: `https://example.com/p/${index}`,
    mediaUrl: `https://example.com/m/${index}.jpg`,
    thumbnailUrl: `https://example.com/t/${index}.jpg`,
    children: [],
    collectedAt: now,
  });
}

const get = (headers: Record<string, string>) =>
  harness.app.inject({ url: '/api/v1/client/posts/best-time/', headers });

describe('best time to post', () => {
  it('answers from the followers online per UTC hour when the official API gave them', async () => {
    await harness.start();
    const collectedAt = new Date(harness.server.now().getTime() - 2 * HOUR);
    const { user, headers } = await account('maria.lopez.photo', { collectedAt });
    const online = Array.from({ length: 24 }, (_, hour) => (hour === 17 ? 900 : 100 + hour));
    await harness.app.services.db
      .insert(officialAccount)
      .values({ userId: user.id, stories: null, onlineFollowers: online, collectedAt });
    // Posts too: the online followers win over them.
    for (let i = 0; i < 6; i++) await media(user.id, i, (i + 1) * DAY, 5000, 0);

    const response = await get(headers);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: true,
      basis: 'online_followers',
      hours: online,
      best_hour_utc: 17,
      source: { source: 'official', at: collectedAt.toISOString() },
    });
  });

  it('falls back to the engagement of the official posts of the last year', async () => {
    await harness.start();
    const collectedAt = new Date(harness.server.now().getTime() - HOUR);
    const { user, headers } = await account('maria.lopez.photo', { collectedAt });
    await harness.app.services.db
      .insert(officialAccount)
      .values({ userId: user.id, stories: null, onlineFollowers: null, collectedAt });
    // Now is 12:00 UTC: a day ago at 12:00, two days ago at 09:00 (3 h earlier), and so on.
    await media(user.id, 1, DAY, 90, 10); // 12:00 → 100
    await media(user.id, 2, 2 * DAY, 200, 50); // 12:00 → 250
    await media(user.id, 3, 3 * DAY + 3 * HOUR, 40, 0); // 09:00 → 40
    await media(user.id, 4, 4 * DAY - 6 * HOUR, 300, 0); // 18:00 → 300
    await media(user.id, 5, 5 * DAY - 6 * HOUR, 500, 20); // 18:00 → 520
    await media(user.id, 6, 400 * DAY - 6 * HOUR, 99_999, 0); // over a year ago: left out

    const body = (await get(headers)).json();
    const hours: (number | null)[] = new Array(24).fill(null);
    hours[9] = 40;
    hours[12] = 175;
    hours[18] = 410;
    expect(body).toEqual({
      status: true,
      basis: 'engagement',
      hours,
      best_hour_utc: 18,
      posts_counted: 5,
      source: { source: 'official', at: collectedAt.toISOString() },
    });
  });

  it('says "not available yet" with the official API for an official account of fewer than 5 recent posts', async () => {
    await harness.start();
    const { user, headers } = await account('maria.lopez.photo', { collectedAt: harness.server.now() });
    for (let i = 0; i < 4; i++) await media(user.id, i, (i + 1) * DAY, 10, 1);
    await media(user.id, 9, 500 * DAY, 10, 1);
    expect((await get(headers)).json()).toEqual({ status: true, basis: null, unavailable: { needs: ['official'] } });
  });

  it('answers the demo account from the sample network’s posts', async () => {
    await harness.start();
    const { headers } = await account('followscope.demo');
    const response = await get(headers);
    expect(response.statusCode).toBe(200);
    const body = response.json();

    const now = harness.server.now();
    const network = sampleNetwork({ clock: () => now });
    const found = await network.posts('followscope.demo');
    if (found.kind !== 'ok') throw new Error(found.kind);
    // The same averages worked out here: the network's posts of the last year, grouped by UTC hour.
    const recent = found.value.filter((post) => post.takenAt > now.getTime() / 1000 - 365 * 86_400);
    const byHour = new Map<number, number[]>();
    for (const post of recent) {
      const hour = new Date(post.takenAt * 1000).getUTCHours();
      byHour.set(hour, [...(byHour.get(hour) ?? []), post.likes + post.comments]);
    }
    const hours = Array.from({ length: 24 }, (_, hour) => {
      const values = byHour.get(hour);
      return values ? Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 100) / 100 : null;
    });
    expect(recent.length).toBeGreaterThanOrEqual(5);
    expect(body).toEqual({
      status: true,
      basis: 'engagement',
      hours,
      best_hour_utc: hours.indexOf(Math.max(...hours.map((value) => value ?? -1))),
      posts_counted: recent.length,
      source: { source: 'sample', at: now.toISOString() },
    });
  });

  it('invents nothing for an account with neither, and keeps it to subscribers', async () => {
    await harness.start();
    const { headers } = await account('real.person');
    expect((await get(headers)).json()).toEqual({ status: true, basis: null, unavailable: { needs: ['official'] } });

    const expired = await account('expired.person', { subscribed: false });
    expect((await get(expired.headers)).statusCode).toBe(403);
    expect((await get({})).statusCode).toBe(401);
  });
});
