// @vitest-environment jsdom
// Sentiment (spec §2, §4): Back while a fresh report is still being stored leaves the grid up, with the
// focus on the post's tile, instead of the stored report reopening the detail behind the user's back.
import { I18nProvider } from '@lingui/react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import type { Post } from '../../../common/schema/lists.ts';
import type { Sentiment as Report } from '../../../common/schema/posts.ts';
import { db } from '../../db/db.ts';
import { clearAllLocalData } from '../../db/login.ts';
import { activateLocale, i18n } from '../../i18n/index.ts';
import Sentiment from './Sentiment.tsx';

const stored = vi.hoisted(() => ({ release: () => undefined as unknown }));

vi.mock('../../app/analytics.ts', async (original) => ({
  ...(await original<typeof import('../../app/analytics.ts')>()),
  refreshPostGroup: async () => undefined,
}));
vi.mock('../../api/posts.ts', async (original) => ({
  ...(await original<typeof import('../../api/posts.ts')>()),
  analysePostSentiment: async () => ({ ok: true, data: {} }),
}));
vi.mock('../../db/posts.ts', async (original) => {
  const real = await original<typeof import('../../db/posts.ts')>();
  return {
    ...real,
    // The fresh report is stored when the test says so.
    writeSentiment: (code: string, report: Report) =>
      new Promise<void>((resolve) => {
        stored.release = () => void real.writeSentiment(code, report).then(resolve);
      }),
  };
});
vi.mock('./SentimentDetail.tsx', () => ({
  SentimentDetail: ({ onBack }: { onBack: () => void }) => (
    <button type="button" onClick={onBack}>
      Back to the grid
    </button>
  ),
}));

const post: Post = {
  post_short_code: 'ABC',
  post_thumbnail: 'https://example.com/a.jpg',
  post_url: 'https://example.com/p/ABC',
  post_type: 'image',
  child_posts: [],
  value: 12,
};

beforeAll(async () => {
  await activateLocale('en');
  // jsdom has no CSS.escape; the codes here need no escaping.
  if (typeof CSS === 'undefined') vi.stubGlobal('CSS', { escape: (text: string) => text });
});
afterEach(cleanup);

it('stays on the grid when Back comes while a fresh report is being stored', async () => {
  await clearAllLocalData();
  for (const isReel of [0, 1] as const)
    await db.postGroups.put({
      group: 'mostCommented',
      isReel,
      post_count: isReel ? 0 : 1,
      posts: isReel ? [] : [post],
      updatedAt: 1,
    });
  await db.sentiment.put({ shortCode: 'ABC', report: {} as Report, updatedAt: 1 });
  render(
    <I18nProvider i18n={i18n}>
      <Sentiment screen="sentimentalAnalysis" />
    </I18nProvider>,
  );
  const tile = () => document.querySelector<HTMLElement>('.post-tile[data-code="ABC"]');
  await vi.waitFor(() => expect(tile()).not.toBeNull(), { timeout: 15_000 });
  fireEvent.click(tile() as HTMLElement);
  // The report read before opens at once; the fresh one is now waiting to be stored.
  fireEvent.click(await screen.findByRole('button', { name: 'Back to the grid' }));
  await vi.waitFor(() => expect(document.activeElement).toBe(tile()), { timeout: 15_000 });
  await act(async () => {
    stored.release();
    await new Promise((resolve) => setTimeout(resolve, 100));
  });
  expect(screen.queryByRole('button', { name: 'Back to the grid' })).toBeNull();
  expect(document.activeElement).toBe(tile());
});

it('shows the grid once both posts and reels are here, so no tile changes place when the second comes', async () => {
  await clearAllLocalData();
  const reel: Post = { ...post, post_short_code: 'REEL', post_type: 'video', value: 40 };
  await db.postGroups.put({ group: 'mostCommented', isReel: 0, post_count: 1, posts: [post], updatedAt: 1 });
  render(
    <I18nProvider i18n={i18n}>
      <Sentiment screen="sentimentalAnalysis" />
    </I18nProvider>,
  );
  const codes = () => [...document.querySelectorAll('.post-tile')].map((tile) => tile.getAttribute('data-code'));
  // The posts are here, the reels not yet: "Loading…", no tile.
  expect(await screen.findByText('Loading…')).toBeTruthy();
  expect(codes()).toEqual([]);
  await act(() => db.postGroups.put({ group: 'mostCommented', isReel: 1, post_count: 1, posts: [reel], updatedAt: 1 }));
  // Both, by comments: the reel first. Shown with the posts alone, the post would have moved to second.
  await vi.waitFor(() => expect(codes()).toEqual(['REEL', 'ABC']), { timeout: 15_000 });
  expect(screen.queryByText('Loading…')).toBeNull();
});

it('from groups cached with their first posts only, shows the places those fix, and the rest after them', async () => {
  await clearAllLocalData();
  const tile = (code: string, value: number, isReel = false): Post => ({
    ...post,
    post_short_code: code,
    post_type: isReel ? 'video' : 'image',
    value,
  });
  const posts = [tile('P30', 30), tile('P20', 20), tile('P10', 10)];
  const reels = [tile('R25', 25, true), tile('R15', 15, true), tile('R05', 5, true)];
  // What post analytics keeps: the first 3 of each group.
  for (const [isReel, first] of [
    [0, posts],
    [1, reels],
  ] as const)
    await db.postGroups.put({
      group: 'mostCommented',
      isReel,
      post_count: 5,
      posts: first,
      complete: false,
      updatedAt: 1,
    });
  render(
    <I18nProvider i18n={i18n}>
      <Sentiment screen="sentimentalAnalysis" />
    </I18nProvider>,
  );
  const codes = () => [...document.querySelectorAll('.post-tile')].map((tile) => tile.getAttribute('data-code'));
  // The top 3 of both is certain; a 4th place could still go to a post not cached yet.
  await vi.waitFor(() => expect(codes()).toEqual(['P30', 'R25', 'P20']), { timeout: 15_000 });
  const whole = [...posts.slice(0, 2), tile('P18', 18), posts[2] as Post, tile('P01', 1)];
  await act(() => db.postGroups.put({ group: 'mostCommented', isReel: 0, post_count: 5, posts: whole, updatedAt: 2 }));
  await act(() =>
    db.postGroups.put({
      group: 'mostCommented',
      isReel: 1,
      post_count: 5,
      posts: [...reels, tile('R04', 4, true), tile('R03', 3, true)],
      updatedAt: 2,
    }),
  );
  // The first three kept their places; P18, which the cached rows did not hold, came after them.
  await vi.waitFor(() => expect(codes().slice(0, 5)).toEqual(['P30', 'R25', 'P20', 'P18', 'R15']), {
    timeout: 15_000,
  });
});
