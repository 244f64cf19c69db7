import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { serverPerTest, testSettings } from '../../tests/support/test-server.ts';
import { loadCoreFromDisk } from '../../wasm/node.ts';
import { buildApp } from '../app.ts';
import { issueToken } from '../auth/tokens.ts';
import { analyses, analysisChunks, followEvents, users } from '../db/schema.ts';
import { sampleNetwork } from '../source/sample.ts';

const HOUR = 3_600_000;
const harness = serverPerTest();
/** A ready server: its job worker takes analyses from the start. */
async function start(overrides?: Parameters<typeof harness.start>[0]) {
  await harness.start(overrides);
  await harness.app.ready();
}

/** A subscribed account analysing `username`, and its token. */
async function account(username: string, email = `${username}@example.com`) {
  const [user] = await harness.app.services.db
    .insert(users)
    .values({ email, username, isSubscribed: true })
    .returning();
  if (!user) throw new Error('no user');
  return {
    user,
    auth: { authorization: `Bearer ${await issueToken(harness.app.services.db, user.id, harness.server.now())}` },
  };
}

/** The network's own count, from a clean instance (the servers under test may fail on purpose). */
async function followerCount(username: string): Promise<number> {
  const found = await sampleNetwork({ clock: () => harness.server.now(), pagesPerSecond: 100_000 }).lookup(username);
  if (found.kind !== 'ok') throw new Error(`${username}: ${found.kind}`);
  return found.value.followerCount;
}

const analyse = (auth: Record<string, string>) =>
  harness.app.inject({ url: '/api/v1/client/insta/start/analysis/', headers: auth });

async function wholeList(auth: Record<string, string>, path: string): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; ; page++) {
    const items = (
      await harness.app.inject({ url: `/api/v1/client/instagram/${path}/15/?page=${page}`, headers: auth })
    ).json() as Array<{
      insta_id: string;
    }>;
    ids.push(...items.map((item) => item.insta_id));
    if (items.length < 15) return ids;
  }
}

describe('follower analysis', () => {
  it('takes a baseline, then finds exactly who came and who left a day later', async () => {
    await start();
    const { user, auth } = await account('followscope.demo', 'demo2@example.com');
    const first = await analyse(auth);
    expect(first.statusCode).toBe(200);
    const baseline = first.json().user;
    expect(baseline.total_followers).toBeGreaterThan(1_100);
    // The first analysis is the baseline: nothing to compare with yet, so new and lost are not measured (issue 51).
    expect(baseline).toMatchObject({ new_followers: null, followers_lost: null });
    expect(baseline.figure_gaps).toEqual({ new_followers: 'next_analysis', followers_lost: 'next_analysis' });
    expect(baseline.mutual_followers + baseline.dont_follow_back).toBe(baseline.total_followers);
    expect(baseline.mutual_followers + baseline.not_follows_back).toBe(baseline.total_following);
    expect(baseline.last_updated_at).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}$/);
    const from = harness.server.now();

    harness.server.advance(24 * HOUR);
    const second = (await analyse(auth)).json().user;
    const truth = harness.app.sampleNetwork.groundTruth('followscope.demo', from, harness.server.now());
    expect(second.new_followers).toBe(truth.followed.length);
    expect(second.followers_lost).toBe(truth.unfollowed.length);
    expect((await wholeList(auth, 'new/followers')).sort()).toEqual([...truth.followed].sort());
    expect((await wholeList(auth, 'follower/lost')).sort()).toEqual([...truth.unfollowed].sort());
    const events = await harness.app.services.db.select().from(followEvents).where(eq(followEvents.userId, user.id));
    expect(events).toHaveLength(truth.followed.length + truth.unfollowed.length);
  });

  it('forgets every analysis on Clear Data, so the next one is a baseline again', async () => {
    await start();
    const { user, auth } = await account('followscope.demo', 'clear@example.com');
    await analyse(auth);
    await harness.app.inject({ url: '/api/v1/client/insta/clear/data', headers: auth });
    expect(await harness.app.services.db.select().from(analyses).where(eq(analyses.userId, user.id))).toHaveLength(0);
    expect(await wholeList(auth, 'mutual/follower')).toEqual([]);
    harness.server.advance(24 * HOUR);
    expect((await analyse(auth)).json().user).toMatchObject({ new_followers: null, followers_lost: null });
  });

  it('pages lists 15 at a time with the profiles lists show', async () => {
    await start();
    const { auth } = await account('followscope.demo', 'pages@example.com');
    await analyse(auth);
    const first = (
      await harness.app.inject({ url: '/api/v1/client/instagram/mutual/follower/15/?page=1', headers: auth })
    ).json();
    const second = (
      await harness.app.inject({ url: '/api/v1/client/instagram/mutual/follower/15/?page=2', headers: auth })
    ).json();
    expect(first).toHaveLength(15);
    expect(first[0]).toEqual({
      insta_id: expect.stringMatching(/^\d+$/),
      insta_username: expect.stringMatching(/^user_/),
      insta_full_name: expect.any(String),
      insta_image_url: expect.stringMatching(
        /^\/api\/v1\/proxy\?url=https%3A%2F%2Fmedia\.sample\.followscope%2Favatars%2F\d+\.svg&sig=[\w-]+$/,
      ),
    });
    expect(second[0].insta_id).not.toBe(first[0].insta_id);
    const viewers = await wholeList(auth, 'profile/view');
    expect(viewers.length).toBeGreaterThan(0);
  });

  it('gives a private account zero stats, and blocks a username the network does not know', async () => {
    await start();
    const hidden = await account('private.rose');
    const privateAnswer = (await analyse(hidden.auth)).json().user;
    expect(privateAnswer).toMatchObject({ is_private: true, total_followers: 0, post_count: 0 });

    const missing = await account('nobody');
    const invalid = await analyse(missing.auth);
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().user.insta_id).toBe('0000000000');
    const detail = await harness.app.inject({
      method: 'POST',
      url: '/api/v1/client/user/detail/',
      headers: missing.auth,
    });
    expect(detail.statusCode).toBe(400);
  });

  it('runs one job per account: a second start joins the first', async () => {
    await start();
    const { user, auth } = await account('size.20000');
    const [a, b] = await Promise.all([analyse(auth), analyse(auth)]);
    expect(a.json().user.total_followers).toBe(b.json().user.total_followers);
    expect(await harness.app.services.db.select().from(analyses).where(eq(analyses.userId, user.id))).toHaveLength(1);
  });

  it('cancels when the client gives up, and the next start completes', async () => {
    await start({ settings: { ...testSettings, source: { pagesPerSecond: 100_000, latencyMs: 20, failureRate: 0 } } });
    const { user } = await account('size.30000');
    const controller = new AbortController();
    const running = harness.app.analysis.start(user, controller.signal);
    setTimeout(() => controller.abort(), 100);
    expect((await running).kind).toBe('cancelled');
    const [row] = await harness.app.services.db.select().from(analyses).where(eq(analyses.userId, user.id));
    expect(row?.status).toBe('cancelled');
    const again = await harness.app.analysis.start(user);
    expect(again.kind).toBe('complete');
  });

  it('resumes after a server restart from its checkpoint, and still matches the network', async () => {
    await start({ settings: { ...testSettings, source: { pagesPerSecond: 100_000, latencyMs: 15, failureRate: 0 } } });
    const { user } = await account('size.40000');
    const running = harness.app.analysis.start(user);
    // Stop mid-collection, as a server that goes down would.
    const collected = async () =>
      (await harness.app.services.db.select().from(analyses).where(eq(analyses.userId, user.id)))[0]
        ?.followersCollected ?? 0;
    await expect.poll(collected, { timeout: 10_000, interval: 20 }).toBeGreaterThan(0);
    await harness.app.analysisWorker?.stop();
    const [stopped] = await harness.app.services.db.select().from(analyses).where(eq(analyses.userId, user.id));
    expect(stopped?.status).toBe('running');
    expect(stopped?.followersCollected).toBeGreaterThan(0);
    const chunksBefore = (await harness.app.services.db.select().from(analysisChunks)).length;
    expect(chunksBefore).toBeGreaterThan(0);

    // A new server on the same database picks the job up where it stopped.
    const restarted = await buildApp({
      database: { ...harness.server.database, close: async () => undefined },
      core: await loadCoreFromDisk(),
      version: 'test',
      settings: testSettings,
      clock: () => harness.server.now(),
      logLevel: 'silent',
    });
    await restarted.ready();
    await expect
      .poll(
        async () =>
          (await restarted.services.db.select().from(analyses).where(eq(analyses.userId, user.id)))[0]?.status,
        {
          timeout: 20_000,
        },
      )
      .toBe('complete');
    const [done] = await restarted.services.db.select().from(users).where(eq(users.id, user.id));
    expect(done?.totalFollowers).toBe(await followerCount('size.40000'));
    // The request that started it was still waiting, and hears the other worker's result.
    expect((await running).kind).toBe('complete');
    const [resumed] = await restarted.services.db.select().from(analyses).where(eq(analyses.userId, user.id));
    expect(resumed?.runs).toBe(2);
    await restarted.close();
  });

  it('gets through a source that fails and rate-limits along the way', async () => {
    await start({ settings: { ...testSettings, source: { pagesPerSecond: 40, latencyMs: 0, failureRate: 0.2 } } });
    const { auth } = await account('size.8000');
    const answer = await analyse(auth);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().user.total_followers).toBe(await followerCount('size.8000'));
  });
});
