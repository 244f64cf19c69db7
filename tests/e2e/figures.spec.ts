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

/** Opens a card as a user does, and comes back to the dashboard after reading the screen. */
async function throughCard(page: Page, screen: string, read: () => Promise<number>): Promise<number> {
  await page.locator(`a[data-card="${screen}"]`).click();
  await expect(page.locator('main h1')).toBeVisible();
  const figure = await read();
  await page.goBack();
  await expect(page.locator('[data-card]').first()).toBeVisible();
  return figure;
}

/** A list screen's length, as it states it above the names. */
async function listTotal(page: Page): Promise<number> {
  const total = page.locator('.follower-list__total[data-total]');
  await expect(total).toHaveText(/\d/, { timeout: 20_000 });
  return Number(await total.getAttribute('data-total'));
}

/** A metric of post or reel analytics. */
async function postCount(page: Page): Promise<number> {
  const cell = page.locator('[data-metric="post_count"] dd');
  await expect(cell).toHaveText(/^\d+$/, { timeout: 20_000 });
  return Number(await cell.innerText());
}

/** The accounts the stories screen lists, once it has loaded them all. */
async function storyAccounts(page: Page): Promise<number> {
  const end = page.getByText('All stories loaded');
  await expect(async () => {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(end).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 90_000 });
  return page.locator('.story-card').count();
}

/**
 * Every username a list shows. Only rows on screen are rendered, so it steps the window down to the
 * real bottom (waiting for each step to paint and for more pages to load), reading as it goes.
 */
async function readWholeList(page: Page): Promise<string[]> {
  const names = new Set<string>();
  const read = async () => {
    for (const name of await page.locator('.follower-list__item strong').allTextContents()) names.add(name.slice(1));
  };
  await expect(page.locator('.follower-list__item').first().or(page.getByText('Nobody here yet'))).toBeVisible();
  const deadline = Date.now() + 60_000;
  for (let y = 0; Date.now() < deadline; y += 500) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await read();
    const atBottom = await page.evaluate(
      () => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1,
    );
    const finished = await page.getByText(/That is everyone|Nobody here yet/).isVisible();
    if (atBottom && finished) return [...names].sort();
  }
  throw new Error(`the list did not reach its end; read ${names.size} names`);
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

  const checks: Array<[string, (page: Page) => Promise<number>]> = [
    ['newFollowers', listTotal],
    ['followersLost', listTotal],
    ['notFollowsBack', listTotal],
    ['doNotFollowsBack', listTotal],
    ['profileView', listTotal],
    ['mutualFollowing', listTotal],
    ['postAnalytics', postCount],
    ['reelAnalytics', postCount],
    ['stories', storyAccounts],
  ];
  const figures: Record<string, { card: string; screen: string }> = {};
  for (const [screen, read] of checks) {
    const card = await cardFigure(page, screen);
    const onScreen = await throughCard(page, screen, () => read(page));
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
  await server.stop();
  await context.setOffline(true);
  await page.goto(`${origin}/newfollowers`);
  expect(await readWholeList(page)).toEqual(newcomers);
  // The insight and the chart are cached: both paint offline.
  await page.goto(`${origin}/home`);
  await expect(insight.locator('.insight__summary')).toHaveText(summary ?? '');
  await expect(page.getByTestId('growth').locator('canvas')).toBeVisible();
});
