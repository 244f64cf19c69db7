// @vitest-environment jsdom
// Every screen that shows figures says where they came from (issue 17): a table over screenSources,
// each screen rendered in the app from what the device has cached, as it paints offline.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryLocation } from 'wouter/memory-location';
import { listNames } from '../../../common/lists.ts';
import { routes } from '../../../common/routes.ts';
import type { Post } from '../../../common/schema/lists.ts';
import type { PostMetrics } from '../../../common/schema/posts.ts';
import type { Provenance } from '../../../common/schema/provenance.ts';
import type { UserRecord } from '../../../common/schema/user.ts';
import { cardScreens } from '../../../common/screens.ts';
import { db } from '../../db/db.ts';
import { clearAllLocalData, writeLogin } from '../../db/login.ts';
import { App } from '../App.tsx';
import { resetSessionForTests } from '../session.ts';
import { type DataScreen, screenSources } from './screens.ts';

// The dashboard clears the app's badge after its paint, loading that code then (ClearsAppBadge): loaded
// here first, so no module is still loading when the file's environment is torn down (a CI failure).
beforeAll(async () => {
  await import('../badge.ts');
}, 60_000);

const AT = '2026-11-20T10:42:00.000Z';
/**
 * Screens load lazily: on a loaded machine the first one of a kind can take seconds (past 15 s once at a
 * load average of 20, the module's first transform), still well inside the test's 60 s.
 */
const WAIT = { timeout: 30_000 };
const sample: Provenance = { source: 'sample', at: AT };
const download: Provenance = { source: 'download', at: '2026-11-12T08:00:00.000Z' };

function userRecord(sources: Provenance[], figures: Provenance | undefined): UserRecord {
  return {
    email: 'owner@example.com',
    username: figures?.source === 'sample' ? 'followscope.demo' : 'maria.lopez.photo',
    insta_id: '',
    insta_full_name: 'Owner',
    insta_image_url: '',
    is_subscribed: true,
    is_private: false,
    is_insight: false,
    chat_gpt_data: null,
    total_followers: figures ? 1204 : 0,
    total_following: figures ? 310 : 0,
    new_followers: 0,
    followers_lost: 0,
    not_follows_back: 0,
    dont_follow_back: 0,
    profile_views_count: 0,
    mutual_followers: 0,
    post_count: 0,
    reel_count: 0,
    stories_count: 0,
    last_updated_at: figures ? '20-11-2026 10:42:00' : null,
    latest_post_date_time: null,
    data_source: figures?.source ?? null,
    data_at: figures?.at ?? null,
    sources,
  };
}

const post: Post = {
  post_short_code: 'ABCDEFGHIJK',
  post_thumbnail: '',
  post_url: '',
  post_type: 'image',
  child_posts: [],
  value: 12,
};
const metrics = (value: number | null) =>
  Object.fromEntries(
    ['post_count', 'post_videos_count', 'post_images_count', 'last_post_days', 'post_frequency'].map((key) => [
      key,
      value,
    ]),
  ) as unknown as PostMetrics;

/** What a device holds after a visit to each screen, from one source. */
async function cacheScreens(source: Provenance) {
  const now = Date.now();
  const item = { insta_id: '1', insta_username: 'ana', insta_full_name: 'Ana', insta_image_url: '' };
  for (const list of listNames) {
    await db.listPages.put({ list, page: 1, items: [item], hasMore: false, updatedAt: now });
  }
  await db.postAnalysis.put({
    id: 'current',
    metrics: metrics(3),
    reel_metrics: metrics(1),
    updated_at: AT,
    source,
    updatedAt: now,
  });
  for (const group of ['mostLiked', 'mostCommented', 'mostEngaged'] as const) {
    for (const isReel of [0, 1] as const) {
      await db.postGroups.put({ group, isReel, post_count: 1, posts: [post], source, updatedAt: now });
    }
  }
  await db.storyPaging.put({ id: 'current', nextId: '', pages: 1, source, updatedAt: now });
}

async function openScreen(name: DataScreen) {
  const route = routes.find((candidate) => candidate.screen === name);
  if (!route) throw new Error(`no route for ${name}`);
  // View all reads its group from the query string (spec §2).
  const query = name === 'viewAllPosts' ? '?name=mostLiked&isReel=false' : '';
  const location = memoryLocation({ path: `${route.path}${query}` });
  render(<App location={location.hook} search={location.searchHook} />);
  await screen.findByRole('heading', { level: 1 }, WAIT);
}

const dataScreens = Object.keys(screenSources) as DataScreen[];
// The downloader shows figures only once it has a result: it says where results come from then.
const showsFiguresWhenCached = dataScreens.filter((name) => name !== 'downloadReel' && name !== 'downloadStories');

beforeEach(async () => {
  // Offline: every screen paints from the cache alone.
  vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
  // jsdom has no IntersectionObserver: the lists' "load more" sentinels never fire here.
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
  localStorage.clear();
  await clearAllLocalData();
  resetSessionForTests();
  await writeLogin({
    token: 't',
    email: 'owner@example.com',
    username: 'owner',
    insta_full_name: 'Owner',
    is_subscribed: true,
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// Issue 50 item 5: the download's own lists; the sample network has no such lists.
const sampleFills = (name: DataScreen) => (screenSources[name].fills as readonly string[]).includes('sample');

describe('the demo account', () => {
  it.each(showsFiguresWhenCached.filter(sampleFills))(
    '%s says its figures are the sample network’s, with the mark',
    async (name) => {
      await db.user.put({ ...userRecord([sample], sample), id: 'current', updatedAt: Date.now() });
      await cacheScreens(sample);
      await openScreen(name);
      const line = await screen.findByTestId('source-line', undefined, WAIT);
      expect(line.textContent).toMatch(/^Sample dataFrom the sample network, /);
      expect(screen.getByTestId('sample-banner').textContent).toMatch(/sample network.*invented/);
    },
  );

  it.each(dataScreens.filter((name) => !sampleFills(name)))(
    '%s says what would give it, with no source line: the sample network has no such list',
    async (name) => {
      await db.user.put({ ...userRecord([sample], sample), id: 'current', updatedAt: Date.now() });
      await cacheScreens(sample);
      await openScreen(name);
      const unavailable = await screen.findByTestId('unavailable', undefined, WAIT);
      expect(unavailable.dataset.needs).toBe('download');
      expect(screen.queryByTestId('source-line')).toBeNull();
    },
  );

  it.each(['downloadReel', 'downloadStories'] as const)('%s is marked as the sample network’s demo', async (name) => {
    await db.user.put({ ...userRecord([sample], sample), id: 'current', updatedAt: Date.now() });
    await openScreen(name);
    expect((await screen.findByTestId('sample-banner', undefined, WAIT)).textContent).toMatch(/Sample data/);
  });
});

describe('a real account with its download', () => {
  it.each(showsFiguresWhenCached)(
    '%s shows the download’s figures with their date, or what would give them',
    async (name) => {
      await db.user.put({ ...userRecord([download], download), id: 'current', updatedAt: Date.now() });
      await cacheScreens(download);
      await openScreen(name);
      expect(screen.queryByTestId('sample-mark')).toBeNull();
      const { fills, otherwise } = screenSources[name];
      if ((fills as readonly string[]).includes('download')) {
        expect((await screen.findByTestId('source-line', undefined, WAIT)).textContent).toMatch(
          /^From your download of Nov 12, 2026$/,
        );
      } else if (name === 'profileViews') {
        // Issue 34: nothing legitimate names viewers; the screen says so and points to no source.
        expect(await screen.findByTestId('profile-viewers-note', undefined, WAIT)).toBeTruthy();
        expect(screen.queryByRole('link', { name: /import/i })).toBeNull();
        expect(screen.queryByTestId('source-line')).toBeNull();
      } else {
        const unavailable = await screen.findByTestId('unavailable', undefined, WAIT);
        expect(unavailable.dataset.needs).toBe(otherwise.join(' '));
        expect(screen.queryByTestId('source-line')).toBeNull();
      }
    },
  );
});

describe('a real account with no source', () => {
  it.each(dataScreens)('%s shows no figure: it offers the data or says what would give it', async (name) => {
    await db.user.put({ ...userRecord([], undefined), id: 'current', updatedAt: Date.now() });
    await openScreen(name);
    const offer = await screen.findByTestId(/get-your-data|unavailable|profile-viewers-note/, undefined, WAIT);
    expect(offer).toBeTruthy();
    expect(screen.queryByTestId('source-line')).toBeNull();
    expect(screen.queryByTestId('sample-mark')).toBeNull();
  });

  it('sees "Get your data" on the dashboard instead of any count', async () => {
    await db.user.put({ ...userRecord([], undefined), id: 'current', updatedAt: Date.now() });
    render(<App location={memoryLocation({ path: '/home' }).hook} />);
    expect(await screen.findByTestId('get-your-data', undefined, WAIT)).toBeTruthy();
    expect(screen.queryByTestId('total-followers')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Start analysis' })).toBeNull();
    const cards = await screen.findAllByTestId('unavailable', undefined, WAIT);
    // Every card of the screens' table: spec §2's twelve, and the download's own two lists.
    expect(cards).toHaveLength(cardScreens.length);
    expect(document.querySelectorAll('.dashboard__count')).toHaveLength(0);
  });
});

// Issue 50 item 5: the download's own lists say why they show nobody, never a list that looks empty.
describe('the requests sent and the accounts unfollowed', () => {
  const official: Provenance = { source: 'official', at: AT };

  it.each(['pendingFollowRequests', 'recentlyUnfollowedProfiles'] as const)(
    '%s on an official-API account without a download says the API does not give it, and offers the import',
    async (name) => {
      await db.user.put({ ...userRecord([official], official), id: 'current', updatedAt: Date.now() });
      await openScreen(name);
      const unavailable = await screen.findByTestId('unavailable', undefined, WAIT);
      expect(unavailable.textContent).toBe(
        'The network’s official API does not give this list. Your data download does.',
      );
      expect(screen.getByRole('link', { name: 'Import your data download to see the names.' })).toBeTruthy();
      expect(screen.queryByTestId('source-line')).toBeNull();
    },
  );

  it('a download with no such file says so, not "nobody"; one with it lists its names, each opening the profile', async () => {
    await db.user.put({
      ...userRecord([download], download),
      pending_follow_requests: 1,
      recently_unfollowed_profiles: null,
      id: 'current',
      updatedAt: Date.now(),
    });
    await cacheScreens(download);
    await openScreen('recentlyUnfollowedProfiles');
    expect((await screen.findByTestId('not-in-download', undefined, WAIT)).textContent).toBe(
      'The download you imported has no such list. Import your latest download to see it.',
    );
    cleanup();
    await openScreen('pendingFollowRequests');
    const name = await screen.findByRole('link', { name: '@ana' }, WAIT);
    expect(name.getAttribute('href')).toBe('https://www.instagram.com/ana?r=nametag');
  });
});
