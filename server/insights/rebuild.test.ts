// Issue 51 item 4: no 0 that was not measured. A first import leaves new and lost "after your next
// download" and a download without posts "not in your download"; a first analysis says it is one; the
// insight summary is written again after every import and analysis, from the latest figures.

import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { importDownload } from '../../tests/support/imports.ts';
import { serverPerTest, subscribedAccount } from '../../tests/support/test-server.ts';
import { analyses } from '../db/schema.ts';

const harness = serverPerTest();
const DAY = 86_400;

async function account(username: string) {
  const { user, token, authorization } = await subscribedAccount(harness.server, username);
  return { user, token, headers: { authorization, 'accept-language': 'en' } };
}

const call = (url: string, headers: Record<string, string>, payload?: object) =>
  harness.app.inject({ method: payload ? 'POST' : 'GET', url: `/api/v1/${url}`, headers, payload });

const counts = {
  new_followers_count: 0,
  lost_followers_count: 0,
  not_follows_back_count: 0,
  i_do_not_follow_back_count: 0,
  profile_view_count: 0,
  mutual_following_count: 0,
};
const askInsight = (headers: Record<string, string>) =>
  call('insta/chat/gpt/generate/actionable/insights/', headers, counts);
const detail = async (headers: Record<string, string>) => (await call('client/user/detail/', headers, {})).json().user;
const follows = (names: string[], at: number) => names.map((name, i) => ({ name, at: at - 1000 + i }));

describe('a download account', () => {
  it('reads new and lost "after your next download", posts "not in your download", and rebuilds its insight', async () => {
    await harness.start();
    const { token, headers } = await account('maria.lopez.photo');
    const first = harness.server.now().getTime() / 1000 - 8 * DAY;
    const imported = await importDownload(
      harness.app,
      {
        owner: 'maria.lopez.photo',
        followers: [follows(['ana', 'bea', 'cai'], first)],
        following: follows(['ana'], first),
        writtenAt: first,
      },
      token,
    );
    expect(imported.ok).toBe(true);
    const user = await detail(headers);
    expect(user).toMatchObject({ new_followers: null, followers_lost: null, post_count: null, reel_count: null });
    expect(user.figure_gaps).toEqual({
      new_followers: 'next_download',
      followers_lost: 'next_download',
      post_count: 'not_in_download',
      reel_count: 'not_in_download',
    });
    const analysis = (await call('client/postAnalysis/', headers)).json();
    expect(analysis.metrics.post_count).toBeNull();
    expect(analysis.metrics.post_frequency).toBeNull();
    expect(analysis.gaps).toMatchObject({ post_count: 'not_in_download', post_frequency: 'not_in_download' });

    const insight = (await askInsight(headers)).json();
    expect(insight.summary).toMatch(/This is your first download/);
    expect(insight.summary).not.toMatch(/gained 0|lost 0|0 days ago/);
    // A download account runs no analysis: no advice to run one.
    expect(insight.actionable_insights).not.toMatch(/analysis/i);
    expect(insight.actionable_insights).toMatch(/new data download/);

    // A week later: dan came, bea left; this download has the owner's posts.
    const second = first + 7 * DAY;
    const again = await importDownload(
      harness.app,
      {
        owner: 'maria.lopez.photo',
        followers: [follows(['ana', 'cai', 'dan'], second)],
        following: follows(['ana'], second),
        posts: [{ at: second - 2 * DAY, uris: ['media/posts/1.jpg'] }],
        writtenAt: second,
      },
      token,
    );
    expect(again.ok).toBe(true);
    const after = (again as { user: { chat_gpt_data: { summary: string; source: { at: string } } } }).user;
    expect(after).toMatchObject({ new_followers: 1, followers_lost: 1, post_count: 1, reel_count: 0 });
    expect((after as { figure_gaps?: unknown }).figure_gaps).toBeUndefined();
    // The stored insight is the second download's, without being asked for again.
    expect(after.chat_gpt_data.source.at).toBe(new Date(second * 1000).toISOString());
    expect(after.chat_gpt_data.summary).toMatch(/Since your previous download you gained 1 followers and lost 1/);
    expect(after.chat_gpt_data.summary).not.toMatch(/This is your first download/);
    expect((await detail(headers)).chat_gpt_data).toEqual(after.chat_gpt_data);
  });

  it('shows a measured 0 posts when the download holds its posts and there are none', async () => {
    await harness.start();
    const { token, headers } = await account('maria.lopez.photo');
    const at = harness.server.now().getTime() / 1000 - DAY;
    const imported = await importDownload(
      harness.app,
      { owner: 'maria.lopez.photo', followers: [follows(['ana'], at)], following: [], posts: [], writtenAt: at },
      token,
    );
    expect(imported.ok).toBe(true);
    const user = await detail(headers);
    expect(user.post_count).toBe(0);
    expect(user.figure_gaps).toEqual({ new_followers: 'next_download', followers_lost: 'next_download' });
    const analysis = (await call('client/postAnalysis/', headers)).json();
    expect(analysis.metrics.post_count).toBe(0);
    expect(analysis.gaps).toBeUndefined();
  });
});

describe('a sample account', () => {
  it('says its first analysis is one, and rewrites its insight after the second', async () => {
    await harness.start();
    const { headers } = await account('followscope.demo');
    const analysed = (await call('client/insta/start/analysis/', headers)).json().user;
    expect(analysed).toMatchObject({ new_followers: null, followers_lost: null });
    expect(analysed.figure_gaps).toEqual({ new_followers: 'next_analysis', followers_lost: 'next_analysis' });
    const insight = (await askInsight(headers)).json();
    expect(insight.summary).toMatch(/This is your first analysis/);
    expect(insight.summary).not.toMatch(/gained 0 followers and lost 0/);

    // An hour later, the same day (the server's clock starts at noon UTC).
    harness.server.advance(3_600_000);
    const second = (await call('client/insta/start/analysis/', headers)).json().user;
    expect(second.new_followers).toEqual(expect.any(Number));
    expect(second.figure_gaps).toBeUndefined();
    expect(second.chat_gpt_data.source.at).toBe(second.data_at);
    expect(second.chat_gpt_data.summary).not.toMatch(/This is your first analysis/);
    expect(second.chat_gpt_data.summary).toMatch(/Since your previous analysis/);
    // Rewritten, not asked for: the day's count of insights asked for stays where it was.
    expect(second.chat_gpt_data.count).toBe(1);
  });
});

describe('an analysis nobody waits for', () => {
  it('rewrites the stored insight too, in the language it was written in', async () => {
    await harness.start();
    const { user, headers } = await account('followscope.demo');
    const french = { ...headers, 'accept-language': 'fr' };
    await call('client/insta/start/analysis/', french);
    const asked = (await askInsight(french)).json();
    expect(asked.summary).toBeTruthy();
    const db = harness.app.services.db;

    // As the daily collection is queued: no request waits for it, so no route rewrites the insight.
    harness.server.advance(3_600_000);
    const id = await harness.app.analysis.queue(user);
    await expect
      .poll(async () => (await db.select().from(analyses).where(eq(analyses.id, id)))[0]?.status, { timeout: 60_000 })
      .toBe('complete');
    // Written again from the figures of the analysis just committed.
    await expect
      .poll(
        async () => {
          const user = await detail(headers);
          return user.chat_gpt_data.source.at === user.data_at;
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    const stored = (await detail(headers)).chat_gpt_data;
    expect(stored.summary).not.toBe(asked.summary);
    expect(stored.summary).toMatch(/^Depuis votre analyse précédente/);
    expect(stored.count).toBe(1);
  });
});
