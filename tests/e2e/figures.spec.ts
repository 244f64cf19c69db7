// One figure, one definition (issue 34): the demo's cards said Post analytics 165 and Reel analytics 36
// while the screens they open said 161 and 40. A user walks every card with a count and reads the same
// figure on the screen it opens: the six lists, post and reel analytics, and the stories. The server's
// clock stands still (FROZEN_CLOCK), so a story does not expire between the card and its screen.
import type { Page } from '@playwright/test';
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

test('every dashboard count is the figure of the screen it opens', async ({ page, request, ownServers }) => {
  test.setTimeout(300_000);
  const server = await ownServers.start({ FROZEN_CLOCK: '2026-11-20T12:00:00.000Z' });
  await loginAs(page, request, { subscribed: true, username: 'followscope.demo', fullName: 'Demo' }, server.url);
  await page.goto(`${server.url}/home`);
  await runAnalysis(page);
  // A day later, so people came and left: new and lost followers are counts too.
  await request.post(`${server.url}/dev/clock`, { data: { advance_ms: DAY } });
  await runAnalysis(page);

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
});
