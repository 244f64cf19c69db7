// Honest sources (issue 17): a real account is never given a sample figure, through any call; the demo's
// figures say they are the sample network's; SAMPLE_NETWORK=off gives nobody a sample figure; and sample
// figures an account may not have are forgotten at start, its download's figures standing instead.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { importDownload } from '../../tests/support/imports.ts';
import { serverPerTest, testSettings } from '../../tests/support/test-server.ts';
import { issueToken } from '../auth/tokens.ts';
import { analyses, storyPages, users } from '../db/schema.ts';
import { forgetSampleData } from './forget-sample.ts';
import { isSampleAccount } from './sample.ts';

const harness = serverPerTest();
const NOW = Date.UTC(2026, 10, 20, 12);

async function account(username: string) {
  const [user] = await harness.app.services.db
    .insert(users)
    .values({ email: `${username}@example.com`, username, isSubscribed: true })
    .returning();
  if (!user) throw new Error('no user');
  const token = await issueToken(harness.app.services.db, user.id, harness.server.now());
  return { user, token, headers: { authorization: `Bearer ${token}` } };
}

const call = (url: string, headers: Record<string, string>, payload?: object) =>
  harness.app.inject({ method: payload ? 'POST' : 'GET', url: `/api/v1/${url}`, headers, payload });

/** Every call that could carry a figure, as a real account's app makes them. */
async function everyFigureCall(headers: Record<string, string>) {
  const detail = (await call('client/user/detail/', headers, {})).json();
  return {
    detail,
    analysis: await call('client/insta/start/analysis/', headers),
    lists: await Promise.all(
      [
        'new/followers',
        'follower/lost',
        'not/following/back',
        'dont/follow/back',
        'mutual/follower',
        'profile/view',
      ].map((path) => call(`client/instagram/${path}/15/?page=1`, headers)),
    ),
    postAnalysis: await call('client/postAnalysis/', headers),
    groups: await Promise.all(
      ['mostLiked/false', 'mostCommented/true', 'mostEngaged/false'].map((path) =>
        call(`client/posts/${path}/`, headers),
      ),
    ),
    comments: await call('client/posts/comments/AAAAAAAAAAA/', headers),
    stories: await call('client/stories/6/0/', headers),
    downloadStories: await call('client/download/stories/reel/', headers, {
      username: 'followscope.demo',
      post_url: '',
    }),
    insightPopup: await call('client/check/insight/popup/', headers),
    history: await call('client/followers/history/', headers),
  };
}

/** Asserts that nothing in the answers is a figure: no counts, no lists, no posts, no stories. */
function expectNoFigures(answers: Awaited<ReturnType<typeof everyFigureCall>>) {
  const { user } = answers.detail;
  expect(user.data_source).toBeNull();
  expect(user.data_at).toBeNull();
  for (const field of ['total_followers', 'new_followers', 'profile_views_count', 'post_count', 'stories_count']) {
    expect(user[field], field).toBe(0);
  }
  expect(answers.analysis.statusCode).toBe(409);
  expect(answers.analysis.json().message).toMatch(/never logs in as you/);
  for (const list of answers.lists) expect(list.json()).toEqual([]);
  const metrics = answers.postAnalysis.json();
  expect(Object.values(metrics.metrics).every((value) => value === null)).toBe(true);
  expect(metrics.source).toBeNull();
  expect(metrics.unavailable).toEqual({ needs: ['download', 'official'] });
  for (const group of answers.groups) expect(group.json().data).toMatchObject({ posts: [], unavailable: true });
  expect(answers.comments.statusCode).toBe(409);
  expect(answers.stories.statusCode).toBe(404);
  expect(answers.stories.json().message).toMatch(/no legitimate source/);
  expect(answers.downloadStories.statusCode).toBe(409);
  expect(answers.insightPopup.json().popup).toBe(false);
  expect(answers.history.json().points).toEqual([]);
}

describe('the sample network', () => {
  it('knows its own names and the reserved form, and no real username', () => {
    for (const name of ['followscope.demo', 'followscope.expired', 'private.rose', 'nobody', 'ghost.x', 'size.5000']) {
      expect(isSampleAccount(name), name).toBe(true);
    }
    expect(isSampleAccount('maria.sample')).toBe(true);
    expect(isSampleAccount('Test.Account.SAMPLE')).toBe(true);
    for (const name of ['maria.lopez.photo', 'sample', 'followscope', 'size.large', 'sample.maria', 'natgeo']) {
      expect(isSampleAccount(name), name).toBe(false);
    }
  });
});

describe('a real account', () => {
  it('is never given a sample figure by any call, and is offered its download instead', async () => {
    await harness.start();
    const { headers } = await account('maria.lopez.photo');
    const answers = await everyFigureCall(headers);
    expectNoFigures(answers);
    expect(answers.detail.user.sources).toEqual([]);
    expect(answers.insightPopup.json().message).toMatch(/import your data download/);
  });

  it('shows its download’s figures, each saying where they came from', async () => {
    await harness.start();
    const { token, headers } = await account('maria.lopez.photo');
    const writtenAt = NOW / 1000 - 86_400;
    const follows = (names: string[]) => names.map((name, i) => ({ name, at: writtenAt - 1000 + i }));
    const imported = await importDownload(
      harness.app,
      {
        owner: 'maria.lopez.photo',
        followers: [follows(['ana', 'bea', 'cai'])],
        following: follows(['ana']),
        writtenAt,
      },
      token,
    );
    expect(imported.ok).toBe(true);
    const at = new Date(writtenAt * 1000).toISOString();
    const { user } = (await call('client/user/detail/', headers, {})).json();
    expect(user).toMatchObject({ data_source: 'download', data_at: at, sources: [{ source: 'download', at }] });
    expect(user.total_followers).toBe(3);
    const list = await call('client/instagram/mutual/follower/15/?page=1', headers);
    expect(list.headers['x-source']).toBe('download');
    expect(list.headers['x-source-at']).toBe(at);
    expect(list.json().map((item: { insta_username: string }) => item.insta_username)).toEqual(['ana']);
    // Still nothing from the simulation: no analysis, no stories, no comments.
    expect((await call('client/insta/start/analysis/', headers)).statusCode).toBe(409);
    expect((await call('client/stories/6/0/', headers)).statusCode).toBe(404);
    expect((await call('client/posts/comments/AAAAAAAAAAA/', headers)).statusCode).toBe(409);
    const insight = await call('insta/chat/gpt/generate/actionable/insights/', headers, {
      new_followers_count: 0,
      lost_followers_count: 0,
      not_follows_back_count: 0,
      i_do_not_follow_back_count: 0,
      profile_view_count: 0,
      mutual_following_count: 0,
    });
    expect(insight.json().summary).toMatch(/Written from your data download of /);
    expect(insight.json().source).toEqual({ source: 'download', at });
  });
});

describe('the demo account', () => {
  it('has the sample network as its source, and every figure says so', async () => {
    await harness.start();
    const { headers } = await account('followscope.demo');
    const before = (await call('client/user/detail/', headers, {})).json().user;
    expect(before.sources).toEqual([{ source: 'sample', at: null }]);
    const analysed = (await call('client/insta/start/analysis/', headers)).json().user;
    const at = harness.server.now().toISOString();
    expect(analysed).toMatchObject({ data_source: 'sample', data_at: at, sources: [{ source: 'sample', at }] });
    expect(analysed.total_followers).toBeGreaterThan(1000);
    expect((await call('client/instagram/new/followers/15/?page=1', headers)).headers['x-source']).toBe('sample');
    expect((await call('client/postAnalysis/', headers)).json().source).toEqual({ source: 'sample', at });
    expect((await call('client/stories/6/0/', headers)).json().source).toEqual({ source: 'sample', at });
    expect((await call('client/posts/mostLiked/false/', headers)).json().data.source).toEqual({ source: 'sample', at });
  });

  it('is refused a real account’s stories in the downloader', async () => {
    await harness.start();
    const { headers } = await account('followscope.demo');
    const refused = await call('client/download/stories/reel/', headers, { username: 'natgeo', post_url: '' });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toMatch(/only a demo on the sample network/);
  });
});

describe('SAMPLE_NETWORK=off', () => {
  it('gives even the demo account no sample figure, and serves none of the sample network’s pictures', async () => {
    await harness.start({ settings: { ...testSettings, sampleNetwork: false } });
    const { headers } = await account('followscope.demo');
    const answers = await everyFigureCall(headers);
    expectNoFigures(answers);
    expect(answers.detail.user.sources).toEqual([]);
    expect((await harness.app.inject('/source/avatars/1.svg')).statusCode).toBe(404);
    expect((await harness.app.inject('/dev/source/account?username=followscope.demo')).statusCode).toBe(404);
  });
});

describe('forgetting sample figures at start', () => {
  it('takes them from an account that is not on the sample network, leaving its download’s figures', async () => {
    await harness.start();
    const { db } = harness.app.services;
    // An account that once had both: a download, then a sample analysis (before issue 17, or renamed).
    const { user, token, headers } = await account('maria.sample');
    const writtenAt = NOW / 1000 - 86_400;
    const follows = (names: string[]) => names.map((name, i) => ({ name, at: writtenAt - 1000 + i }));
    await importDownload(
      harness.app,
      { owner: 'maria.sample', followers: [follows(['ana', 'bea'])], following: [], writtenAt },
      token,
    );
    await call('client/insta/start/analysis/', headers);
    await call('client/stories/6/0/', headers);
    expect((await call('client/user/detail/', headers, {})).json().user.data_source).toBe('sample');
    await db.update(users).set({ username: 'maria.lopez.photo' }).where(eq(users.id, user.id));

    expect(await forgetSampleData(db, testSettings)).toBe(1);
    const { user: after } = (await call('client/user/detail/', headers, {})).json();
    expect(after).toMatchObject({
      data_source: 'download',
      total_followers: 2,
      // Its one download compared nothing: new and lost are not measured, never a 0 (issue 51).
      new_followers: null,
      followers_lost: null,
      insta_full_name: '',
      insta_image_url: '',
      sources: [{ source: 'download', at: new Date(writtenAt * 1000).toISOString() }],
    });
    const left = await db.select({ source: analyses.source }).from(analyses).where(eq(analyses.userId, user.id));
    expect(left.map((row) => row.source)).toEqual(['download']);
    expect(await db.select().from(storyPages).where(eq(storyPages.userId, user.id))).toEqual([]);
    // The demo keeps its own, and a second start has nothing to do.
    expect(await forgetSampleData(db, testSettings)).toBe(0);
  });

  it('takes them from every account once the sample network is off', async () => {
    await harness.start();
    const { db } = harness.app.services;
    const { headers } = await account('followscope.demo');
    await call('client/insta/start/analysis/', headers);
    expect(await forgetSampleData(db, { sampleNetwork: false })).toBe(1);
    const [row] = await db.select().from(users).where(eq(users.username, 'followscope.demo'));
    expect(row).toMatchObject({ dataSource: 'none', totalFollowers: 0, lastUpdatedAt: null });
    expect(await db.select().from(analyses).where(eq(analyses.source, 'sample'))).toEqual([]);
  });
});
