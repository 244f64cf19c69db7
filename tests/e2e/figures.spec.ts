// One figure, one definition (issue 34): the demo's cards said Post analytics 165 and Reel analytics 36
// while the screens they open said 161 and 40. A user walks every card with a count and reads the same
// figure on the screen it opens: the six lists, post and reel analytics, and the stories. The server's
// clock stands still (FROZEN_CLOCK), so a story does not expire between the card and its screen. The same
// two analyses a day apart give the follower analysis's journey (the new and lost followers are exactly
// the network's ground truth, and the lists reopen with no server and no network) and the insights' ("Sorry"
// before an analysis, then a summary from the account's figures and the growth chart, both kept offline).
import type { APIRequestContext, Page } from '@playwright/test';
import { summaryOf } from '../../server/source/sample.ts';
import { abbreviate } from '../../src/analysis/progress.ts';
import { expect, test } from './fixtures.ts';
import { loginAs } from './helpers.ts';

const DAY = 86_400_000;

async function runAnalysis(page: Page) {
  await page.getByRole('button', { name: 'Start analysis' }).click();
  await expect(page.getByRole('progressbar')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start analysis' })).toBeVisible({ timeout: 90_000 });
}

/** The figure a card shows. */
const cardFigure = (page: Page, screen: string) =>
  page.locator(`[data-card="${screen}"] .dashboard__count`).innerText();

/** Opens a card as a user does, reads the figure of the screen it opens, and goes back to the dashboard. */
async function throughCard(page: Page, screen: string, kind: Figure): Promise<number> {
  await page.locator(`a[data-card="${screen}"]`).click();
  const figure = await readFigure(page, kind);
  // Back as the browser's back button goes, and in the same round trip, until the cards show again.
  await page.evaluate(async (timeoutMs) => {
    history.back();
    const deadline = performance.now() + timeoutMs;
    for (;;) {
      const box = document.querySelector('[data-card]')?.getBoundingClientRect();
      if (box && box.width > 0 && box.height > 0) return;
      if (performance.now() > deadline) throw new Error('back on the dashboard, no card showed');
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
  }, 30_000);
  return figure;
}

/**
 * What a screen counts: a list's length as it states it above the names (`list`), the posts of post or
 * reel analytics (`posts`), or the accounts the stories screen lists once it has loaded them all, scrolled
 * to its bottom until it says so (`stories`). One round trip: in the page, each frame, once the screen
 * shows its heading, it reads the figure when it is there.
 */
type Figure = 'list' | 'posts' | 'stories';

async function readFigure(page: Page, kind: Figure): Promise<number> {
  return page.evaluate(
    async ({ kind, timeoutMs }) => {
      const deadline = performance.now() + timeoutMs;
      for (;;) {
        const box = document.querySelector('main h1')?.getBoundingClientRect();
        if (box && box.width > 0 && box.height > 0) {
          if (kind === 'list') {
            const total = document.querySelector('.follower-list__total[data-total]');
            if (total && /\d/.test(total.textContent ?? '')) return Number(total.getAttribute('data-total'));
          } else if (kind === 'posts') {
            const cell = (document.querySelector('[data-metric="post_count"] dd')?.textContent ?? '').trim();
            if (/^\d+$/.test(cell)) return Number(cell);
          } else if (document.body.innerText.includes('All stories loaded')) {
            return document.querySelectorAll('.story-card').length;
          } else {
            window.scrollTo(0, document.documentElement.scrollHeight);
          }
        }
        if (performance.now() > deadline)
          throw new Error(`${location.pathname}: no ${kind} figure after ${timeoutMs / 1000} s`);
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      }
    },
    { kind, timeoutMs: kind === 'stories' ? 90_000 : 30_000 },
  );
}

/**
 * Every username a list shows. Only rows on screen are rendered, so it steps the window down to the
 * real bottom (waiting for each step to paint and for more pages to load), reading as it goes. The walk
 * is one round trip: in the page, from the top, each step waits two frames, reads the rows and goes 500 px
 * below where the window is (less than a screen, so no row is skipped while more load).
 */
async function readWholeList(page: Page): Promise<string[]> {
  await expect(page.locator('.follower-list__item').first().or(page.getByText('Nobody here yet'))).toBeVisible();
  const { names, finished } = await page.evaluate(async (timeoutMs) => {
    const names = new Set<string>();
    const deadline = performance.now() + timeoutMs;
    window.scrollTo(0, 0);
    while (performance.now() < deadline) {
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      for (const name of document.querySelectorAll('.follower-list__item strong')) {
        names.add((name.textContent ?? '').slice(1));
      }
      const atBottom = window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1;
      // The last page's rows can paint a frame after the list says it is complete: done only once the
      // list's last row is drawn at its bottom (or it has none) and no page is on its way.
      const list = document.querySelector('.follower-list')?.getBoundingClientRect();
      const rows = document.querySelectorAll('.follower-list__item');
      const lastRow = rows[rows.length - 1]?.getBoundingClientRect();
      const lastDrawn = lastRow ? list !== undefined && lastRow.bottom >= list.bottom - 1 : !list?.height;
      const idle = document.querySelectorAll('[aria-busy="true"]').length === 0;
      if (atBottom && lastDrawn && idle && /That is everyone|Nobody here yet/.test(document.body.innerText)) {
        return { names: [...names], finished: true };
      }
      window.scrollTo(0, window.scrollY + 500);
    }
    return { names: [...names], finished: false };
  }, 60_000);
  if (!finished) throw new Error(`the list did not reach its end; read ${names.length} names`);
  return names.sort();
}

const serverNow = async (request: APIRequestContext, origin: string) =>
  ((await (await request.get(`${origin}/dev/clock`)).json()) as { now: string }).now;

test('a day later: every dashboard count is the figure of its screen, the new and lost followers are the network’s, insights and the growth chart, all offline too', async ({
  page,
  request,
  context,
  ownServers,
}) => {
  test.setTimeout(300_000);
  const server = await ownServers.start({ FROZEN_CLOCK: '2026-11-20T12:00:00.000Z' });
  const origin = server.url;
  await loginAs(page, request, { subscribed: true, username: 'followscope.demo', fullName: 'Demo' }, origin);
  await page.goto(`${origin}/home`);
  // Insights before any analysis: "Sorry", and the growth chart waits for a second analysis.
  const insight = page.getByTestId('insight');
  await insight.getByRole('button', { name: 'Get my insights' }).click();
  const sorry = page.getByRole('alertdialog', { name: 'Sorry' });
  await expect(sorry).toContainText('run an analysis from the home page first');
  await sorry.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByTestId('growth')).toContainText('after your second analysis');

  await runAnalysis(page);
  await expect(page.getByText('Baseline saved', { exact: false })).toBeVisible();
  const from = await serverNow(request, origin);
  // A day later, so people came and left: new and lost followers are counts too.
  await request.post(`${origin}/dev/clock`, { data: { advance_ms: DAY } });
  await runAnalysis(page);
  const to = await serverNow(request, origin);

  // Insights now: a summary from the account's figures, and the growth chart.
  await insight.getByRole('button', { name: 'Get my insights' }).click();
  await expect(insight.locator('.insight__summary')).toContainText('Since your previous analysis you gained');
  await expect(insight.locator('.insight__summary')).toContainText('Since your first analysis on');
  await expect(insight.locator('.insight__actions li').first()).toBeVisible();
  await expect(page.getByTestId('growth').locator('canvas')).toBeVisible();
  const summary = await insight.locator('.insight__summary').textContent();

  const checks: Array<[string, Figure]> = [
    ['newFollowers', 'list'],
    ['followersLost', 'list'],
    ['notFollowsBack', 'list'],
    ['doNotFollowsBack', 'list'],
    ['profileViews', 'list'],
    ['mutualFollowers', 'list'],
    ['postAnalytics', 'posts'],
    ['reelAnalytics', 'posts'],
    ['stories', 'stories'],
  ];
  const figures: Record<string, { card: string; screen: string }> = {};
  for (const [screen, kind] of checks) {
    const card = await cardFigure(page, screen);
    const onScreen = await throughCard(page, screen, kind);
    figures[screen] = { card, screen: abbreviate(onScreen) };
  }
  for (const [screen, { card, screen: shown }] of Object.entries(figures)) {
    expect(shown, `${screen}: the card says ${card}`).toBe(card);
  }
  // Something changed in the day: the test compares figures that are not all zero.
  expect(Number(figures.newFollowers?.card) + Number(figures.followersLost?.card)).toBeGreaterThan(0);

  // The lists themselves are the network's ground truth of the day.
  const truth = (await (
    await request.get(`${origin}/dev/source/truth?username=followscope.demo&from=${from}&to=${to}`)
  ).json()) as { followed: string[]; unfollowed: string[] };
  expect(truth.followed.length).toBeGreaterThan(0);
  await page.goto(`${origin}/newfollowers`);
  const newcomers = await readWholeList(page);
  expect(newcomers).toEqual(truth.followed.map((id) => summaryOf(id).username).sort());
  await page.goto(`${origin}/followerslost`);
  expect(await readWholeList(page)).toEqual(truth.unfollowed.map((id) => summaryOf(id).username).sort());

  // The lists were cached as they were read: they open with no server and no network.
  // Killed, not stopped: a graceful stop is a second or two of waiting, and gone is gone.
  await server.kill();
  await context.setOffline(true);
  await page.goto(`${origin}/newfollowers`);
  expect(await readWholeList(page)).toEqual(newcomers);
  // The insight and the chart are cached: both paint offline.
  await page.goto(`${origin}/home`);
  await expect(insight.locator('.insight__summary')).toHaveText(summary ?? '');
  await expect(page.getByTestId('growth').locator('canvas')).toBeVisible();
});
