// The official API end to end on the server (issue 18): consent through the local fake's real protocol,
// a collection through the analysis queue, every screen's route answering from it with its source, the
// platform's throttling and failures, resumption after a stop, an expired or revoked token, disconnect.
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { allowAs } from '../../../tests/support/official/environment.ts';
import { type FakeInstagram, fakeAccount, startFakeInstagram } from '../../../tests/support/official/fake-api.ts';
import { startTestServer, type TestServer, testSettings } from '../../../tests/support/test-server.ts';
import { issueToken } from '../../auth/tokens.ts';
import { analyses, officialMedia, officialTokens, users } from '../../db/schema.ts';
import { collectOfficial } from './collect.ts';
import { MEDIA_METRICS, type MediaMetricRule } from './metrics.ts';
import { queueDueCollections } from './schedule.ts';
import type { OfficialSettings } from './settings.ts';

const kindOf = (media: { media_product_type: string; media_type: string }) =>
  `${media.media_product_type}/${media.media_type}`;

const NOW = Date.UTC(2026, 10, 20, 12, 0, 0);
const REDIRECT = 'https://app.followscope.test/connected';
const APP = { appId: '990602627938098', appSecret: 'fake-secret' };

let fake: FakeInstagram | undefined;
let server: TestServer | undefined;
let clock = NOW;

/** The server and fake of the test that is running. */
function running(): { server: TestServer; fake: FakeInstagram } {
  if (!server || !fake) throw new Error('start() first');
  return { server, fake };
}

afterEach(async () => {
  await server?.close();
  await fake?.close();
  server = undefined;
  fake = undefined;
});

const lumenOptions = { username: 'lumen.studio', seed: 11, followers: 12_400, follows: 310, media: 130, now: NOW };

async function start(media = 130) {
  clock = NOW;
  const lumen = fakeAccount({ ...lumenOptions, media, commentsPerMedia: 4, stories: 3 });
  fake = await startFakeInstagram({
    ...APP,
    redirectUris: [REDIRECT],
    accounts: [lumen],
    now: () => clock,
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
    pace: { throttleWaitMs: 20, retryBaseMs: 5 },
  };
  server = await startTestServer({ settings: { ...testSettings, official } });
  const db = server.app.services.db;
  const [user] = await db
    .insert(users)
    .values({ email: 'owner@example.com', username: 'lumen.studio', isSubscribed: true })
    .returning();
  if (!user) throw new Error('no user');
  const token = await issueToken(db, user.id, server.now());
  return { user, lumen, headers: { authorization: `Bearer ${token}` }, token };
}

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: Record<string, string>, payload?: object) =>
  (server as TestServer).app.inject({ method, url: `/api/v1/${url}`, headers, ...(payload && { payload }) });

async function connect(headers: Record<string, string>) {
  const asked = await call('GET', 'client/official/connect', headers);
  expect(asked.statusCode).toBe(200);
  const back = await allowAs(asked.json().authorize_url, 'lumen.studio');
  expect(back.origin + back.pathname).toBe(REDIRECT);
  const code = back.searchParams.get('code') ?? '';
  const state = back.searchParams.get('state') ?? '';
  return call('POST', 'client/official/connect', headers, { code, state });
}

describe('connecting a professional account', () => {
  it('goes through consent to a sealed long-lived token and a connected record', async () => {
    const { user, headers } = await start();
    const connected = await connect(headers);
    expect(connected.statusCode).toBe(200);
    expect(connected.json().user.official).toMatchObject({
      status: 'active',
      username: 'lumen.studio',
      collected_at: null,
    });

    const [row] = await running()
      .server.app.services.db.select()
      .from(officialTokens)
      .where(eq(officialTokens.userId, user.id));
    // The token the fake issued never appears in the database in the clear.
    const issued = running().fake.requests.find((request) => request.path === '/access_token')?.query.access_token;
    const longLived = running().fake.requests.find((request) => request.path.endsWith('/me'))?.token ?? '';
    expect(issued).toBeTruthy();
    expect(longLived.length).toBeGreaterThan(10);
    expect(row?.sealed).not.toContain(longLived);
    expect(row?.scopes.split(',')).toContain('instagram_business_manage_comments');
    expect(row?.expiresAt.getTime()).toBeGreaterThan(NOW + 59 * 24 * 3600_000);
  });

  it('refuses a consent started by another session, and a code spent already', async () => {
    const { user, headers } = await start();
    const asked = await call('GET', 'client/official/connect', headers);
    const back = await allowAs(asked.json().authorize_url, 'lumen.studio');
    const body = { code: back.searchParams.get('code'), state: back.searchParams.get('state') };
    const other = await issueToken(running().server.app.services.db, user.id, running().server.now());
    const stolen = await call('POST', 'client/official/connect', { authorization: `Bearer ${other}` }, body);
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().message).toMatch(/another session/);
    expect((await call('POST', 'client/official/connect', headers, body)).statusCode).toBe(200);
    const again = await call('POST', 'client/official/connect', headers, body);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(/did not accept/);
  });

  it("refuses another account's consent, so no one's figures show under another name", async () => {
    const { user, headers } = await start();
    const { db } = running().server.app.services;
    await db.update(users).set({ username: 'maria.lopez' }).where(eq(users.id, user.id));
    const refused = await connect(headers);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'You said yes as @lumen.studio, but this Followscope account is for @maria.lopez. Log in to the network as @maria.lopez and connect again.',
    );
    expect(await db.select().from(officialTokens).where(eq(officialTokens.userId, user.id))).toHaveLength(0);
    const [after] = await db.select().from(users).where(eq(users.id, user.id));
    expect(after?.officialStatus).toBe('none');
  });

  it('is not offered when the server has no official-API app', async () => {
    server = await startTestServer();
    const db = server.app.services.db;
    const [user] = await db
      .insert(users)
      .values({ email: 'x@example.com', username: 'x.y', isSubscribed: true })
      .returning();
    if (!user) throw new Error('no user');
    const headers = { authorization: `Bearer ${await issueToken(db, user.id, server.now())}` };
    expect((await call('GET', 'client/official/connect', headers)).statusCode).toBe(404);
    const detail = await call('POST', 'client/user/detail/', headers);
    expect(detail.json().user.official).toBeUndefined();
    // The offer does not list what only the official API gives (issue 34).
    expect((await call('GET', 'list/plans/', {})).json().official_api).toBe(false);
  });

  it('is listed in the offer where the server has an official-API app (issue 34)', async () => {
    await start(0);
    expect((await call('GET', 'list/plans/', {})).json().official_api).toBe(true);
  });
});

describe('a collection and the screens it fills', () => {
  it('fills every screen the API gives with true figures, each saying so', async () => {
    const { headers, lumen } = await start();
    await connect(headers);
    // The platform throttles twice and fails once: the collection waits, retries and completes.
    running().fake.throttle(2);
    running().fake.fail(1);
    const collected = await call('GET', 'client/insta/start/analysis/', headers);
    expect(collected.statusCode).toBe(200);
    const record = collected.json().user;
    expect(record).toMatchObject({
      total_followers: lumen.followers_count,
      total_following: lumen.follows_count,
      data_source: 'official',
      official: { status: 'active' },
    });
    const media = Array.from({ length: lumen.media_count }, (_, i) => lumen.media(i));
    const feed = media.filter((m) => m.media_product_type === 'FEED');
    expect(record.post_count).toBe(feed.length);
    expect(record.reel_count).toBe(media.length - feed.length);
    expect(record.stories_count).toBe(3);
    // New and lost followers and profile visits: the API's counts over the last 7 days.
    const days = lumen.days();
    const dayAt = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    expect(record.new_followers).toBeGreaterThan(0);
    expect(record.sources).toContainEqual({ source: 'official', at: new Date(NOW).toISOString() });

    const analysis = (await call('GET', 'client/postAnalysis/', headers)).json();
    expect(analysis.source).toEqual({ source: 'official', at: new Date(NOW).toISOString() });
    expect(analysis.metrics.post_count).toBe(feed.length);
    const avgLikes = feed.reduce((sum, m) => sum + m.like_count, 0) / feed.length;
    expect(analysis.metrics.avg_post_likes).toBeCloseTo(avgLikes, 1);
    expect(analysis.metrics.most_post_likes).toBe(Math.max(...feed.map((m) => m.like_count)));

    const liked = (await call('GET', 'client/posts/mostLiked/false/', headers)).json().data;
    expect(liked.source.source).toBe('official');
    expect(liked.posts[0].value).toBe(Math.max(...feed.map((m) => m.like_count)));
    expect(liked.post_count).toBe(feed.length);

    // The comments' and replies' text of one of the owner's posts, for the worker's sentiment.
    const commented = media.find((m) => m.comments_count > 0);
    if (!commented) throw new Error('no commented media');
    const comments = (await call('GET', `client/posts/comments/${commented.shortcode}/`, headers)).json();
    expect(comments.source.source).toBe('official');
    expect(comments.comments).toHaveLength(commented.comments_count);
    expect(comments.comments).toContain(lumen.comments(commented.index)[0]?.text);
    expect((await call('GET', 'client/posts/comments/AAAAAAAAAAA/', headers)).statusCode).toBe(404);

    // The owner's own stories with their insights; nobody else's.
    const stories = (await call('GET', 'client/stories/12/0/', headers)).json();
    expect(stories.source.source).toBe('official');
    expect(stories.stories).toHaveLength(1);
    const active = lumen.stories().filter((story) => story.takenAt > NOW - 24 * 3600_000);
    expect(stories.stories[0].items).toHaveLength(active.length);
    expect(stories.stories[0].items[0].insights.reach).toBe(active[0]?.insights.reach);

    // The downloader takes the owner's own post, and refuses another account's.
    const own = await call('POST', 'client/download/stories/reel/', headers, { post_url: commented.permalink });
    expect(own.statusCode).toBe(200);
    expect(own.json().posts.length).toBeGreaterThan(0);
    const theirs = await call('POST', 'client/download/stories/reel/', headers, { username: 'someone.else' });
    expect(theirs.statusCode).toBe(404);

    // A point per day: the last is today's followers; each earlier one follows from the daily counts.
    const history = (await call('GET', 'client/followers/history/', headers)).json().points;
    const official = history.filter((point: { source: string }) => point.source === 'official');
    expect(official.length).toBeGreaterThan(7);
    expect(official.at(-1)).toMatchObject({ followers: lumen.followers_count, following: lumen.follows_count });
    const last = official.at(-1);
    const before = official.at(-2);
    expect(before.followers).toBe(last.followers - (last.gained - last.lost));
    expect(dayAt(Date.parse(last.at))).toBe(dayAt(NOW));
    expect(days.length).toBeGreaterThan(0);

    // The insight is written from these figures and says so.
    const insight = await call('POST', 'insta/chat/gpt/generate/actionable/insights/', headers, {
      new_followers_count: 0,
      lost_followers_count: 0,
      not_follows_back_count: 0,
      i_do_not_follow_back_count: 0,
      profile_view_count: 0,
      mutual_following_count: 0,
    });
    expect(insight.statusCode).toBe(200);
    expect(insight.json().summary).toMatch(/In the last 7 days .* followed you/);
    expect(insight.json().summary).toMatch(/official API/);
    expect(insight.json().summary).not.toMatch(/follow each other/);
  });

  it('collects every connected account daily, without anyone waiting for it', async () => {
    const { user, headers } = await start(40);
    await connect(headers);
    const { server } = running();
    const { db, clock: now } = server.app.services;
    const collectedAt = async () =>
      (await db.select().from(users).where(eq(users.id, user.id)))[0]?.officialCollectedAt ?? null;
    expect(await queueDueCollections(db, now, server.app.analysis)).toBe(1);
    await expect.poll(collectedAt, { timeout: 50_000 }).not.toBeNull();
    expect(await queueDueCollections(db, now, server.app.analysis)).toBe(0);
    server.advance(25 * 3600_000);
    clock += 25 * 3600_000;
    const asked = running().fake.requests.length;
    expect(await queueDueCollections(db, now, server.app.analysis)).toBe(1);
    await expect.poll(async () => (await collectedAt())?.getTime(), { timeout: 50_000 }).toBe(server.now().getTime());
    // A day later: one page of media carries every post's insights and comments (field expansion), asked
    // again once for each metric the API refuses on some of its media (shares on images, views on albums:
    // metrics.ts), and only the day the API reported since is asked for its follows; no call is made for
    // a single media.
    const lumen = running().fake.account('lumen.studio');
    const media = new Set(Array.from({ length: lumen.media_count }, (_, i) => lumen.media(i).id));
    const later = running().fake.requests.slice(asked);
    expect(later.filter((request) => media.has(request.path.split('/')[2] ?? ''))).toEqual([]);
    const kinds = new Set(Array.from({ length: lumen.media_count }, (_, i) => lumen.media(i)).map(kindOf));
    const refusedInPractice = Object.values(MEDIA_METRICS as Record<string, MediaMetricRule>).filter(
      (rule) => rule.refusedFor && kinds.has(`${rule.refusedFor.product}/${rule.refusedFor.media}`),
    ).length;
    expect(later.filter((request) => request.path.endsWith('/media'))).toHaveLength(1 + refusedInPractice);
    expect(later.filter((request) => request.query.metric === 'follows_and_unfollows').length).toBeLessThanOrEqual(2);
  });

  it('resumes a stopped collection at the next media page, not from the start', async () => {
    const { user, headers } = await start(450);
    await connect(headers);
    const db = running().server.app.services.db;
    const deps = running().server.app.services.official;
    if (!deps) throw new Error('the official API is not configured');
    const [analysis] = await db
      .insert(analyses)
      .values({
        userId: user.id,
        username: 'lumen.studio',
        status: 'running',
        source: 'official',
        startedAt: new Date(NOW),
        updatedAt: new Date(NOW),
        leaseOwner: 'test-worker',
        // Leases run on the database's clock, not the test's: an hour from the test's NOW is long past
        // there, and the server's worker took the analysis over whenever it polled first (CI, loaded).
        leaseUntil: sql`now() + interval '1 hour'`,
      })
      .returning();
    if (!analysis) throw new Error('no analysis');
    const stop = new AbortController();
    const pages = () => running().fake.requests.filter((request) => /\/media$/.test(request.path));
    // Stop as the collection goes for the second page of media (the first page after its cursor; the
    // first page may be asked again without a refused metric), the first one saved with its cursor:
    // deterministic, whatever the machine's load.
    const graph = deps.graph;
    const stopping: typeof graph = {
      ...graph,
      page<T>(path: string, params: Record<string, string>, token: string, signal: AbortSignal) {
        const url = new URL(path, 'http://x');
        if (/\/media$/.test(url.pathname) && url.searchParams.has('after')) stop.abort('shutdown');
        return graph.page<T>(path, params, token, signal);
      },
    };
    const interrupted = collectOfficial({ ...deps, graph: stopping }, analysis.id, user.id, 'test-worker', stop.signal);
    await expect(interrupted).rejects.toThrow();
    const [checkpoint] = await db.select().from(analyses).where(eq(analyses.id, analysis.id));
    expect(checkpoint?.mediaCursor).toMatch(/after=/);
    expect(checkpoint?.mediaCursor).not.toMatch(/access_token/);
    const saved = await db
      .select({ id: officialMedia.mediaId })
      .from(officialMedia)
      .where(eq(officialMedia.userId, user.id));
    expect(saved.length).toBeGreaterThanOrEqual(100);

    const asked = pages().length;
    await collectOfficial(deps, analysis.id, user.id, 'test-worker', new AbortController().signal);
    const resumed = pages().slice(asked);
    expect(resumed[0]?.query.after).toBeTruthy();
    const all = await db
      .select({ id: officialMedia.mediaId })
      .from(officialMedia)
      .where(eq(officialMedia.userId, user.id));
    expect(all).toHaveLength(450);
  });

  it('asks to reconnect when the owner removed the app, and loses nothing', async () => {
    const { headers } = await start();
    await connect(headers);
    expect((await call('GET', 'client/insta/start/analysis/', headers)).statusCode).toBe(200);
    running().fake.revoke('lumen.studio');
    const again = await call('GET', 'client/insta/start/analysis/', headers);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/Connect your account again/);
    expect(again.json().user).toMatchObject({
      official: { status: 'revoked' },
      total_followers: 12_400,
      data_source: 'official',
    });
    const analysis = (await call('GET', 'client/postAnalysis/', headers)).json();
    expect(analysis.metrics.post_count).toBeGreaterThan(0);
  });

  it('refreshes the token in a collection once it is within 30 days of expiring, before it can run out', async () => {
    const { user, headers } = await start(20);
    await connect(headers);
    const { server } = running();
    const tokenRow = async () =>
      (await server.app.services.db.select().from(officialTokens).where(eq(officialTokens.userId, user.id)))[0];
    const first = await tokenRow();
    expect((await call('GET', 'client/insta/start/analysis/', headers)).statusCode).toBe(200);
    expect(running().fake.requests.some((request) => request.path.endsWith('/refresh_access_token'))).toBe(false);
    server.advance(35 * 24 * 3600_000);
    clock += 35 * 24 * 3600_000;
    expect((await call('GET', 'client/insta/start/analysis/', headers)).statusCode).toBe(200);
    expect(running().fake.requests.some((request) => request.path.endsWith('/refresh_access_token'))).toBe(true);
    const refreshed = await tokenRow();
    expect(refreshed?.sealed).not.toBe(first?.sealed);
    expect(refreshed?.expiresAt.getTime()).toBeGreaterThan(server.now().getTime() + 59 * 24 * 3600_000);
  });

  it('says the token expired once it ran out, and Disconnect forgets it but keeps the figures', async () => {
    const { user, headers } = await start();
    await connect(headers);
    expect((await call('GET', 'client/insta/start/analysis/', headers)).statusCode).toBe(200);
    running().server.advance(61 * 24 * 3600_000);
    clock += 61 * 24 * 3600_000;
    const expired = await call('GET', 'client/insta/start/analysis/', headers);
    expect(expired.statusCode).toBe(409);
    expect(expired.json().user.official.status).toBe('expired');

    const gone = await call('DELETE', 'client/official/connection', headers);
    expect(gone.statusCode).toBe(200);
    expect(gone.json().user).toMatchObject({
      official: { status: 'none' },
      data_source: 'official',
      total_followers: 12_400,
    });
    const tokens = await running()
      .server.app.services.db.select()
      .from(officialTokens)
      .where(eq(officialTokens.userId, user.id));
    expect(tokens).toHaveLength(0);
    // Not connected any more: nothing starts a collection.
    expect((await call('GET', 'client/insta/start/analysis/', headers)).statusCode).toBe(409);
  });
});
