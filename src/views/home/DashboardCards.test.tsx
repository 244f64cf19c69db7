// @vitest-environment jsdom
// The dashboard's official-API cards (issue 36): each count says which days it counts, to the newest day
// the API reported ("7 days to Nov 24"), and a count the API left out says why instead of showing 0.
// Issue 49: profile visits are unavailable with their reason, and a legacy count that is null reads so.
// Issue 50 item 5: the official API gives no list of requests sent or of accounts unfollowed, and says so.
import { I18nProvider } from '@lingui/react';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { OfficialCounts, UserRecord } from '../../../common/schema/user.ts';
import { i18n } from '../../i18n/index.ts';
import { DashboardCards } from './DashboardCards.tsx';

const AT = '2026-11-26T12:00:00.000Z';
const window = (days: number, counts: { follows: number | null; unfollows: number | null; visits: number | null }) => ({
  days,
  counted: days === 7 ? 7 : 28,
  from: days === 7 ? '2026-11-18' : '2026-10-26',
  through: '2026-11-24',
  ...counts,
});

function record(counts: OfficialCounts): UserRecord {
  return {
    email: 'owner@example.com',
    username: 'tiny.bakery',
    insta_id: '1',
    insta_image_url: '',
    is_subscribed: true,
    is_private: false,
    is_insight: false,
    chat_gpt_data: null,
    total_followers: 80,
    total_following: 95,
    new_followers: 0,
    followers_lost: 0,
    not_follows_back: 0,
    dont_follow_back: 0,
    profile_views_count: 12,
    mutual_followers: 0,
    post_count: 12,
    reel_count: 0,
    stories_count: 0,
    last_updated_at: '26-11-2026 12:00:00',
    latest_post_date_time: null,
    data_source: 'official',
    data_at: AT,
    sources: [{ source: 'official', at: AT }],
    official: { status: 'active', username: 'tiny.bakery', connected_at: AT, collected_at: AT },
    official_counts: counts,
  };
}

const show = (user: UserRecord) =>
  render(
    <I18nProvider i18n={i18n}>
      <DashboardCards user={user} subscribed={false} />
    </I18nProvider>,
  );
const card = (name: string) => document.querySelector(`[data-card="${name}"]`) as HTMLElement;

afterEach(cleanup);

describe('the official API on the dashboard', () => {
  it('names the days a count covers, to the newest day reported', () => {
    show(
      record({
        week: window(7, { follows: 42, unfollows: 5, visits: 1234 }),
        month: window(30, { follows: 180, unfollows: 20, visits: 5000 }),
        follows_unavailable: null,
        visits_unavailable: null,
      }),
    );
    expect(card('newFollowers').textContent).toBe('New followers7 days to Nov 2442');
    expect(card('followersLost').textContent).toBe('Lost followers7 days to Nov 245');
    expect(card('profileViews').textContent).toBe('Profile visits7 days to Nov 241.2K');
  });

  it('says a count is unavailable, and why, where the API said nothing: never 0', () => {
    show(
      record({
        week: window(7, { follows: null, unfollows: null, visits: 12 }),
        month: window(30, { follows: null, unfollows: null, visits: 40 }),
        follows_unavailable: 'under_100_followers',
        visits_unavailable: null,
      }),
    );
    for (const name of ['newFollowers', 'followersLost']) {
      expect(card(name).querySelector('.dashboard__count')).toBeNull();
      expect(card(name).textContent).toContain('Unavailable · The network counts follows from 100 followers.');
    }
    expect(screen.getAllByTestId('unavailable').map((element) => element.dataset.gap)).toContain('under_100_followers');
    expect(card('profileViews').textContent).toContain('12');
  });

  it('says profile visits are no longer reported by the network (issue 49), never a 0', () => {
    show({
      ...record({
        week: window(7, { follows: 42, unfollows: 5, visits: null }),
        month: window(30, { follows: 180, unfollows: 20, visits: null }),
        follows_unavailable: null,
        visits_unavailable: 'not_listed',
      }),
      profile_views_count: null,
    });
    expect(card('profileViews').querySelector('.dashboard__count')).toBeNull();
    expect(card('profileViews').textContent).toContain('Unavailable · The network no longer reports profile visits.');
    expect(card('newFollowers').textContent).toBe('New followers7 days to Nov 2442');
  });

  it('reads a legacy count the API gave none of (null on the wire) as unavailable, not 0', () => {
    const user = { ...record(undefined as unknown as OfficialCounts), new_followers: null, followers_lost: null };
    delete user.official_counts;
    show(user);
    for (const name of ['newFollowers', 'followersLost']) {
      expect(card(name).querySelector('.dashboard__count')).toBeNull();
      expect(card(name).textContent).toContain('Unavailable');
    }
  });
});

// Issue 51 item 4: a 0 is shown only where a source said 0.
describe('a figure its source has not measured', () => {
  const base = record(undefined as unknown as OfficialCounts);
  delete base.official_counts;
  delete base.official;
  const sampleBefore: UserRecord = {
    ...base,
    username: 'followscope.demo',
    new_followers: 0,
    followers_lost: 0,
    profile_views_count: 0,
    post_count: 0,
    reel_count: 0,
    last_updated_at: null,
    data_source: null,
    data_at: null,
    sources: [{ source: 'sample', at: null }],
  };

  it('reads "—" on every counted card of a sample account before its first analysis, read aloud as such', () => {
    show(sampleBefore);
    for (const name of ['newFollowers', 'followersLost', 'notFollowsBack', 'profileViews', 'postAnalytics']) {
      expect(card(name).querySelector('.dashboard__count'), name).toBeNull();
      expect(card(name).querySelector('[aria-hidden="true"]')?.textContent, name).toBe('—');
      expect(card(name).textContent, name).toContain('No analysis yet');
    }
    // A card without a count stays as it was.
    expect(card('downloadStories').querySelector('[data-gap]')).toBeNull();
  });

  it('reads new and lost "after your next analysis" after a sample account’s first one, the rest measured', () => {
    show({
      ...sampleBefore,
      new_followers: null,
      followers_lost: null,
      not_follows_back: 0,
      post_count: 14,
      data_source: 'sample',
      data_at: AT,
      sources: [{ source: 'sample', at: AT }],
      figure_gaps: { new_followers: 'next_analysis', followers_lost: 'next_analysis' },
    });
    expect(card('newFollowers').textContent).toBe('New followersAfter your next analysisSample data');
    expect(card('followersLost').textContent).toContain('After your next analysis');
    // A measured 0 stays a 0.
    expect(card('notFollowsBack').querySelector('.dashboard__count')?.textContent).toBe('0');
    expect(card('postAnalytics').querySelector('.dashboard__count')?.textContent).toBe('14');
  });

  it('reads new and lost "after your next download" and posts "not in your download" after a first import', () => {
    show({
      ...base,
      new_followers: null,
      followers_lost: null,
      profile_views_count: null,
      post_count: null,
      reel_count: null,
      data_source: 'download',
      data_at: AT,
      sources: [{ source: 'download', at: AT }],
      figure_gaps: {
        new_followers: 'next_download',
        followers_lost: 'next_download',
        post_count: 'not_in_download',
        reel_count: 'not_in_download',
      },
    });
    expect(card('newFollowers').textContent).toBe('New followersAfter your next download');
    expect(card('followersLost').textContent).toBe('Lost followersAfter your next download');
    expect(card('postAnalytics').textContent).toBe('Post analyticsNot in your download');
    expect(card('reelAnalytics').textContent).toBe('Reel analyticsNot in your download');
    expect(card('mutualFollowers').querySelector('.dashboard__count')?.textContent).toBe('0');
  });

  it('shows the second import’s counts, 0s included, once they are measured', () => {
    show({
      ...base,
      new_followers: 3,
      followers_lost: 0,
      post_count: 0,
      reel_count: 2,
      data_source: 'download',
      data_at: AT,
      sources: [{ source: 'download', at: AT }],
    });
    expect(card('newFollowers').querySelector('.dashboard__count')?.textContent).toBe('3');
    expect(card('followersLost').querySelector('.dashboard__count')?.textContent).toBe('0');
    expect(card('postAnalytics').querySelector('.dashboard__count')?.textContent).toBe('0');
    expect(screen.queryAllByTestId('unavailable').filter((element) => element.dataset.gap)).toHaveLength(0);
  });
});

// Issue 50 item 5: the download's own lists, requests sent and accounts unfollowed recently.
describe('the requests sent and the accounts unfollowed', () => {
  const counts = {
    week: window(7, { follows: 42, unfollows: 5, visits: null }),
    month: window(30, { follows: 180, unfollows: 20, visits: null }),
    follows_unavailable: null,
    visits_unavailable: 'not_listed' as const,
  };

  it('say on an official-API account’s cards that the API does not give them, and what does', () => {
    show({ ...record(counts), pending_follow_requests: null, recently_unfollowed_profiles: null });
    for (const name of ['pendingFollowRequests', 'recentlyUnfollowedProfiles']) {
      expect(card(name).querySelector('.dashboard__count')).toBeNull();
      expect(card(name).querySelector('[data-testid="unavailable"]')?.textContent).toBe(
        'Not in the official API · your download',
      );
    }
    expect(card('pendingFollowRequests').textContent).toMatch(/^Requests you sent, not accepted yet/);
    expect(card('recentlyUnfollowedProfiles').textContent).toMatch(/^Accounts you unfollowed recently/);
  });

  it('count the download’s lists, a list it has no file of being unknown rather than 0', () => {
    const download = { source: 'download' as const, at: AT };
    const user = record(counts);
    delete user.official;
    delete user.official_counts;
    show({
      ...user,
      data_source: 'download',
      sources: [download],
      pending_follow_requests: 7,
      recently_unfollowed_profiles: null,
    });
    expect(card('pendingFollowRequests').querySelector('.dashboard__count')?.textContent).toBe('7');
    expect(card('recentlyUnfollowedProfiles').querySelector('.dashboard__count')).toBeNull();
    expect(card('recentlyUnfollowedProfiles').textContent).toContain('Not in your download');
  });
});
