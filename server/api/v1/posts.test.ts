// Post and reel analytics, sentiment comments, insights and the follower history, through HTTP.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { serverPerTest, testSettings } from '../../../tests/support/test-server.ts';
import { METRICS } from '../../../wasm/collector.ts';
import { postMetricsReference } from '../../../wasm/reference/metrics.ts';
import { issueToken } from '../../auth/tokens.ts';
import { users } from '../../db/schema.ts';
import { sampleNetwork } from '../../source/sample.ts';

const harness = serverPerTest();

async function account(username: string, options: { subscribed?: boolean } = {}) {
  const [user] = await harness.app.services.db
    .insert(users)
    .values({ email: `${username}@example.com`, username, isSubscribed: options.subscribed ?? true })
    .returning();
  if (!user) throw new Error('no user');
  const token = await issueToken(harness.app.services.db, user.id, harness.server.now());
  return { user, headers: { authorization: `Bearer ${token}` } };
}

const get = (url: string, headers: Record<string, string>) => harness.app.inject({ url: `/api/v1/${url}`, headers });

describe('post and reel analytics', () => {
  it('computes every metric of spec §3 from the network’s posts, for posts and reels apart', async () => {
    await harness.start();
    const { headers } = await account('followscope.demo');
    const response = await get('client/postAnalysis/', headers);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body.metrics).sort()).toEqual([...METRICS].sort());

    // The same figures, from the network's own posts through the TypeScript reference.
    const network = sampleNetwork({ clock: () => harness.server.now() });
    const found = await network.posts('followscope.demo');
    if (found.kind !== 'ok') throw new Error(found.kind);
    const posts = found.value.filter((post) => !post.isReel);
    const reference = postMetricsReference(
      {
        likes: Float64Array.from(posts, (p) => p.likes),
        comments: Float64Array.from(posts, (p) => p.comments),
        views: Float64Array.from(posts, (p) => p.views ?? 0),
        takenAt: Float64Array.from(posts, (p) => p.takenAt),
        isVideo: Float64Array.from(posts, (p) => (p.type === 'video' ? 1 : 0)),
      },
      harness.server.now().getTime() / 1000,
      0,
    );
    METRICS.forEach((name, i) => {
      expect(body.metrics[name]).toBeCloseTo(reference[i] ?? Number.NaN, 2);
    });
    expect(body.metrics.post_count).toBeGreaterThan(3);
    expect(body.reel_metrics.post_count).toBe(found.value.length - posts.length);
    expect(body.reel_metrics.post_images_count).toBe(0);
  });

  it('returns each group most valued first, with spec §3 Post fields', async () => {
    await harness.start();
    const { headers } = await account('followscope.demo');
    for (const [group, isReel] of [
      ['mostLiked', 'false'],
      ['mostCommented', 'true'],
      ['mostEngaged', 'false'],
    ] as const) {
      const response = await get(`client/posts/${group}/${isReel}/`, headers);
      expect(response.statusCode).toBe(200);
      const { data } = response.json();
      expect(data.id).toBe(group);
      expect(data.post_count).toBe(data.posts.length);
      const values = data.posts.map((post: { value: number }) => post.value);
      expect(values).toEqual([...values].sort((a, b) => b - a));
      expect(data.posts[0]).toEqual({
        post_short_code: expect.stringMatching(/^[\w-]{11}$/),
        post_thumbnail: expect.stringMatching(
          /^\/api\/v1\/proxy\?url=https%3A%2F%2Fmedia\.sample\.followscope%2Fposts%2F/,
        ),
        post_url: expect.any(String),
        post_type: expect.stringMatching(/^(image|video)$/),
        child_posts: expect.any(Array),
        value: expect.any(Number),
      });
      if (isReel === 'true')
        expect(data.posts.every((post: { post_type: string }) => post.post_type === 'video')).toBe(true);
    }
    expect((await get('client/posts/mostShared/false/', headers)).statusCode).toBe(400);
  });

  it('answers the first posts of a group when asked for a limit, counting the whole group', async () => {
    await harness.start();
    const { headers } = await account('followscope.demo');
    const whole = (await get('client/posts/mostEngaged/false/', headers)).json().data;
    expect(whole.posts.length).toBeGreaterThan(3);
    const first = (await get('client/posts/mostEngaged/false/?limit=3', headers)).json().data;
    expect(first.post_count).toBe(whole.post_count);
    expect(first.posts).toEqual(whole.posts.slice(0, 3));
    expect(first.source).toEqual(whole.source);
    for (const bad of ['0', '-1', '2.5', 'three', '1001'])
      expect((await get(`client/posts/mostEngaged/false/?limit=${bad}`, headers)).statusCode).toBe(400);
  });

  it('keeps analytics to subscribers, and comments to the owner’s own posts', async () => {
    await harness.start();
    const expired = await account('expired.one', { subscribed: false });
    expect((await get('client/postAnalysis/', expired.headers)).statusCode).toBe(403);
    expect((await get('client/postAnalysis/', {})).statusCode).toBe(401);

    const { headers } = await account('followscope.demo');
    const mine = (await get('client/posts/mostCommented/false/', headers)).json().data.posts[0].post_short_code;
    const comments = await get(`client/posts/comments/${mine}/`, headers);
    expect(comments.statusCode).toBe(200);
    expect(comments.json().comments.length).toBeGreaterThan(0);

    const other = await account('another.sample');
    expect((await get(`client/posts/comments/${mine}/`, other.headers)).statusCode).toBe(404);
    // A real account's comments come only from the official API: the sample network never answers for it.
    const real = await account('maria.lopez.photo');
    const refused = await get(`client/posts/comments/${mine}/`, real.headers);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/official API/);
  });

  it('says "high traffic" (sentiment variant) when the network refuses the comments', async () => {
    await harness.start({ settings: { ...testSettings, source: { pagesPerSecond: 1, latencyMs: 0, failureRate: 0 } } });
    const { headers } = await account('followscope.demo');
    const busy = [];
    for (let i = 0; i < 4; i++) busy.push(await get('client/posts/comments/AAAAAAAAAAA/', headers));
    const refused = busy.find((response) => response.statusCode === 503);
    expect(refused?.json()).toEqual({
      status: false,
      message: 'We are experiencing high traffic at the moment. Please try again later.',
    });
  });
});

describe('insights', () => {
  // The counts spec §7 sends; the insight reads the stored figures instead, whose source is known.
  const counts = {
    new_followers_count: 12,
    lost_followers_count: 30,
    not_follows_back_count: 150,
    i_do_not_follow_back_count: 40,
    profile_view_count: 90,
    mutual_following_count: 200,
  };

  it('answers popup false with a reason before any analysis', async () => {
    await harness.start();
    const { headers } = await account('followscope.demo');
    const popup = (await get('client/check/insight/popup/', { ...headers, 'accept-language': 'es' })).json();
    expect(popup).toEqual({ popup: false, message: expect.stringMatching(/análisis/) });
  });

  /** Gives the account's stored figures the values of `counts`, as an analysis would have left them. */
  const storeCounts = (userId: string) =>
    harness.app.services.db
      .update(users)
      .set({
        newFollowers: counts.new_followers_count,
        followersLost: counts.lost_followers_count,
        notFollowsBack: counts.not_follows_back_count,
        doNotFollowsBack: counts.i_do_not_follow_back_count,
        profileViewsCount: counts.profile_view_count,
        mutualFollowers: counts.mutual_following_count,
      })
      .where(eq(users.id, userId));
  const zeros = Object.fromEntries(Object.keys(counts).map((name) => [name, 0]));

  it('writes a summary from the account’s stored figures, says their source, in the caller’s language, and stores it', async () => {
    await harness.start();
    const { user, headers } = await account('followscope.demo');
    await harness.app.inject({ url: '/api/v1/client/insta/start/analysis/', headers });
    await storeCounts(user.id);
    expect((await get('client/check/insight/popup/', headers)).json()).toEqual({ popup: true, message: '' });
    const post = (language: string) =>
      harness.app.inject({
        method: 'POST',
        url: '/api/v1/insta/chat/gpt/generate/actionable/insights/',
        headers: { ...headers, 'accept-language': language },
        // What the client sends is not what the insight is written from.
        payload: zeros,
      });
    const english = (await post('en')).json();
    expect(english.summary).toContain('you gained 12 followers and lost 30: a net loss of 18');
    expect(english.summary).toMatch(/Written from the sample network’s figures of .*: a demo, not a real account\.$/);
    expect(english.source).toEqual({ source: 'sample', at: harness.server.now().toISOString() });
    const lines = english.actionable_insights.split('\n');
    expect(lines.length).toBeGreaterThanOrEqual(2);
    expect(lines[0]).toMatch(/lost more followers than you gained/);
    expect(english.actionable_insights).toContain('150 accounts that do not follow you back');

    const german = (await post('de')).json();
    expect(german.summary).not.toEqual(english.summary);
    expect(german.summary).toContain('12');
    const [stored] = await harness.app.services.db.select().from(users).where(eq(users.id, user.id));
    expect(stored?.isInsight).toBe(true);
    expect(stored?.chatGptData).toMatchObject({ summary: german.summary, writer: 'rules', count: 2 });
  });

  it('refuses bad counts and stops at the daily limit with a clear message', async () => {
    await harness.start({ settings: { ...testSettings, insights: { openai: undefined, perDay: 1 } } });
    const { headers } = await account('followscope.demo');
    await harness.app.inject({ url: '/api/v1/client/insta/start/analysis/', headers });
    const post = (payload: unknown) =>
      harness.app.inject({
        method: 'POST',
        url: '/api/v1/insta/chat/gpt/generate/actionable/insights/',
        headers,
        payload: payload as Record<string, number>,
      });
    expect((await post({ ...counts, new_followers_count: -1 })).statusCode).toBe(400);
    expect((await post(counts)).statusCode).toBe(200);
    const again = await post(counts);
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toMatch(/try again tomorrow/);
    expect((await get('client/check/insight/popup/', headers)).json().popup).toBe(false);
  });

  it('asks an OpenAI-compatible model when configured, and falls back to the rules when it fails', async () => {
    const requests: Array<{ auth: string | undefined; body: { model: string; messages: { content: string }[] } }> = [];
    let reply: 'ok' | 'broken' = 'ok';
    const model = createServer(async (request: IncomingMessage, response) => {
      let text = '';
      for await (const chunk of request) text += chunk;
      requests.push({ auth: request.headers.authorization, body: JSON.parse(text) });
      if (request.url !== '/v1/chat/completions' || reply === 'broken') {
        response.writeHead(500).end('{"error":{"message":"overloaded"}}');
        return;
      }
      const content = JSON.stringify({
        summary: 'Model summary of your account.',
        actionable_insights: ['Post a reel on Tuesday.', 'Answer comments within an hour.'],
      });
      response.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          id: 'chatcmpl-1',
          object: 'chat.completion',
          choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
        }),
      );
    });
    await new Promise<void>((resolve) => model.listen(0, '127.0.0.1', resolve));
    const { port } = model.address() as AddressInfo;
    try {
      await harness.start({
        settings: {
          ...testSettings,
          insights: {
            openai: { baseUrl: `http://127.0.0.1:${port}/v1`, apiKey: 'sk-test', model: 'gpt-test' },
            perDay: 5,
          },
        },
      });
      const { user, headers } = await account('followscope.demo');
      await harness.app.inject({ url: '/api/v1/client/insta/start/analysis/', headers });
      await storeCounts(user.id);
      const post = () =>
        harness.app.inject({
          method: 'POST',
          url: '/api/v1/insta/chat/gpt/generate/actionable/insights/',
          headers: { ...headers, 'accept-language': 'fr' },
          payload: counts,
        });
      expect((await post()).json()).toEqual({
        status: true,
        // The model's words, then where the figures came from, which the model is not trusted to say.
        summary: expect.stringMatching(
          /^Model summary of your account\. Rédigé à partir des chiffres du réseau d’exemple/,
        ),
        actionable_insights: 'Post a reel on Tuesday.\nAnswer comments within an hour.',
        source: { source: 'sample', at: harness.server.now().toISOString() },
      });
      expect(requests[0]?.auth).toBe('Bearer sk-test');
      expect(requests[0]?.body.model).toBe('gpt-test');
      expect(requests[0]?.body.messages[0]?.content).toContain('French');
      expect(requests[0]?.body.messages[1]?.content).toContain('"lost_followers_count":30');

      reply = 'broken';
      const fallback = (await post()).json();
      expect(fallback.summary).toContain('12');
      expect(fallback.summary).not.toMatch(/^Model summary/);
    } finally {
      model.close();
    }
  });
});

describe('follower history', () => {
  it('has a point per committed analysis, with who came and who left', async () => {
    await harness.start();
    const { headers } = await account('followscope.demo');
    const analyse = () => harness.app.inject({ url: '/api/v1/client/insta/start/analysis/', headers });
    await analyse();
    harness.server.advance(30 * 3_600_000);
    const second = (await analyse()).json().user;
    const { points } = (await get('client/followers/history/', headers)).json();
    expect(points).toHaveLength(2);
    expect(points[1]).toMatchObject({
      followers: second.total_followers,
      following: second.total_following,
      gained: second.new_followers,
      lost: second.followers_lost,
    });
    expect(Date.parse(points[1].at)).toBeGreaterThan(Date.parse(points[0].at));
  });
});
