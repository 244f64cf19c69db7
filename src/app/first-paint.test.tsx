// @vitest-environment jsdom
// A subscriber's screen paints once, with what the device has cached (issue 31): the first time its
// heading is in the page, its data is there too. A MutationObserver, set before the first render, reads
// the page after every change React makes.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryLocation } from 'wouter/memory-location';
import type { Post } from '../../common/schema/lists.ts';
import type { PostMetrics } from '../../common/schema/posts.ts';
import type { Provenance } from '../../common/schema/provenance.ts';
import type { UserRecord } from '../../common/schema/user.ts';
import { db } from '../db/db.ts';
import { clearAllLocalData, writeLogin } from '../db/login.ts';
import { forgetRemembered } from '../db/remembered.ts';
import { App } from './App.tsx';
import { resetSessionForTests } from './session.ts';

/** Screens load lazily: on a loaded machine the first one of a kind can take seconds. */
const WAIT = { timeout: 15_000 };
const sample: Provenance = { source: 'sample', at: '2026-11-20T10:42:00.000Z' };
const post: Post = {
  post_short_code: 'ABCDEFGHIJK',
  post_thumbnail: '',
  post_url: '',
  post_type: 'image',
  child_posts: [],
  value: 12,
};

/** The demo's record after an analysis, with every count filled. */
function demoRecord(): UserRecord {
  const counts = { new_followers: 4, followers_lost: 2, not_follows_back: 9, dont_follow_back: 7 };
  return {
    email: 'demo@example.com',
    username: 'followscope.demo',
    insta_id: '1',
    insta_full_name: 'Demo',
    insta_image_url: '',
    is_subscribed: true,
    is_private: false,
    is_insight: false,
    chat_gpt_data: null,
    total_followers: 1204,
    total_following: 310,
    ...counts,
    profile_views_count: 3,
    mutual_followers: 250,
    post_count: 40,
    reel_count: 12,
    stories_count: 5,
    last_updated_at: '20-11-2026 10:42:00',
    latest_post_date_time: null,
    data_source: 'sample',
    data_at: sample.at,
    sources: [sample],
  };
}

/** What a device holds after a visit to each screen. */
async function cacheEverything() {
  const now = Date.now();
  await db.user.put({ ...demoRecord(), id: 'current', updatedAt: now });
  const item = { insta_id: '2', insta_username: 'bea', insta_full_name: 'Bea', insta_image_url: '' };
  await db.listPages.put({ list: 'newFollowers', page: 1, items: [item], hasMore: false, updatedAt: now });
  const metrics = { post_count: 40 } as unknown as PostMetrics;
  await db.postAnalysis.put({
    id: 'current',
    metrics,
    reel_metrics: metrics,
    updated_at: sample.at,
    source: sample,
    updatedAt: now,
  });
  for (const group of ['mostLiked', 'mostCommented', 'mostEngaged'] as const) {
    await db.postGroups.put({ group, isReel: 0, post_count: 1, posts: [post], source: sample, updatedAt: now });
  }
  // The sentiment grid sorts posts and reels together, so it waits for both groups: a device that has the
  // grid cached has both (without the reels, its first paint waited on the offline refresh failing).
  await db.postGroups.put({
    group: 'mostCommented',
    isReel: 1,
    post_count: 0,
    posts: [],
    source: sample,
    updatedAt: now,
  });
  const story = { id: '3', username: 'cai', name: 'Cai', profile_image: '', thumbnail_image: '', items: [] };
  await db.stories.put({ id: '3', position: 0, user: story, updatedAt: now });
  await db.storyPaging.put({ id: 'current', nextId: '', pages: 1, source: sample, updatedAt: now });
  await db.planDetails.put({
    id: 'current',
    name: 'Monthly',
    status: 'active',
    endsAt: null,
    canCancel: true,
    updatedAt: now,
  });
}

function open(path: string) {
  const location = memoryLocation({ path });
  render(<App location={location.hook} search={location.searchHook} />);
  return screen.findByRole('heading', { level: 1 }, WAIT);
}

/**
 * Opens a path and returns, for the first page state in which the screen's heading showed, whether each
 * selector matched then. The screen's code is loaded by an earlier visit, as on a repeat visit, so the
 * screen could render at once, before its data is read.
 */
async function firstPaintOf(path: string, selectors: string[]): Promise<Record<string, boolean>> {
  await open(path);
  cleanup();
  forgetRemembered();
  let first: Record<string, boolean> | undefined;
  const observer = new MutationObserver(() => {
    if (first || !document.querySelector('main h1')) return;
    first = Object.fromEntries(selectors.map((selector) => [selector, document.querySelector(selector) !== null]));
  });
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  await open(path);
  observer.disconnect();
  return first ?? {};
}

beforeEach(async () => {
  // Offline: what shows is what the device has.
  vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
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
    email: 'demo@example.com',
    username: 'followscope.demo',
    insta_full_name: 'Demo',
    is_subscribed: true,
  });
  await cacheEverything();
  forgetRemembered();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the first paint of a subscriber’s screen', () => {
  it.each([
    ['/home', ['[data-testid="sample-banner"]', '[data-card="newFollowers"] .dashboard__count']],
    ['/newfollowers', ['[data-testid="sample-banner"]', '[data-testid="source-line"]', '.follower-list__item']],
    [
      '/postanalytics',
      ['[data-testid="metrics"]', '[data-group="mostEngaged"] .post-tile', '[data-testid="source-line"]'],
    ],
    ['/viewAllPosts?name=mostLiked&isReel=false', ['[data-testid="view-all-grid"] .post-tile']],
    ['/sentimentalAnalysis', ['[data-testid="sentiment-grid"] .post-tile']],
    ['/stories', ['.story-card', '[data-testid="source-line"]']],
    ['/managesubscription', ['.subscription__status', '.analytics__updated']],
  ])('%s holds its cached data', async (path, selectors) => {
    const shown = await firstPaintOf(path, selectors);
    expect(shown).toEqual(Object.fromEntries(selectors.map((selector) => [selector, true])));
  });
});

describe('a screen that changes only its query', () => {
  it('stays on the page, with what it said, while the new reads run', async () => {
    // The share sheet opens /import?shared=…; the screen takes the share, drops the query and says
    // what came. Before, the new query's reads unmounted the screen and what it said was lost.
    const location = memoryLocation({ path: '/import?shared=none', record: true });
    render(<App location={location.hook} search={location.searchHook} />);
    const said = await screen.findByText(
      'Nothing arrived with the share. Share the ZIP the network sent you, or choose it below.',
      {},
      WAIT,
    );
    expect(said.getAttribute('role')).toBe('alert');
    expect(location.history.at(-1)).toBe('/import');
  });
});
