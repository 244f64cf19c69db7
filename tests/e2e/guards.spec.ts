// Every route's guard for a visitor, a login without a subscription and a subscriber (spec §2), opened
// by its address; each screen a guard lets through is also scanned by axe (issue 20: WCAG 2.2 A and AA),
// as it is met here: a visitor's screens, an unsubscribed user's dashboard and offer, and the data screens
// of a real username with no source yet (a subscriber with figures is in accessibility.spec.ts).
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './a11y-helpers.ts';
import { expect, test } from './fixtures.ts';
import { loginAs, visit } from './helpers.ts';

const open = ['/termsofservice', '/privacypolicy', '/otp', '/no-such-page'];
const visitorOnly = ['/', '/onboarding', '/getmyanalysis', '/searching', '/existinguserlogin', '/forgotuser'];
const payment = ['/paymentplan', '/paymentplan_lp1'];
const subscriberOnly = [
  '/newfollowers',
  '/followerslost',
  '/notfollowsback',
  '/donotfollowsback',
  '/profileview',
  '/mutualfollowing',
  '/postanalytics',
  '/reelanalytics',
  '/viewAllPosts?name=mostLiked&isReel=false',
  '/stories',
  '/downloadreel',
  '/downloadStories',
  '/sentimentalAnalysis',
  '/contactus',
  '/managesubscription',
  '/import',
  '/connected',
];

/** The path part of an address (view all carries its list in the query). */
const pathOf = (address: string) => address.split('?')[0] ?? address;

/**
 * Opens an address the guard lets through, waits until nothing on the screen says it is loading, and
 * runs axe on it.
 */
async function visitAndScan(page: Page, address: string, screen = address) {
  expect(await visit(page, address), address).toBe(pathOf(address));
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
  await expectNoAxeViolations(page, screen);
}

test('a visitor sees the open pages, each passing axe, and is sent to the welcome card from the rest', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // /searching moves on to the offer by itself after about 8 s; its scan takes one or two.
  for (const path of [...open, ...visitorOnly, ...payment]) {
    await visitAndScan(page, path, path === '/no-such-page' ? 'the not-found screen' : path);
  }
  for (const path of ['/home', ...subscriberOnly]) expect(await visit(page, pathOf(path)), path).toBe('/');
});

test('a login without a subscription reaches only home and the payment pages', async ({ page, request }) => {
  test.setTimeout(90_000);
  await loginAs(page, request, { subscribed: false, username: 'lapsed.user', fullName: 'Lapsed' });
  await visitAndScan(page, '/home', 'an unsubscribed dashboard');
  await expect(page.getByText('Your account is not active anymore.', { exact: false })).toBeVisible();
  await visitAndScan(page, '/paymentplan', 'the offer for an unsubscribed user');
  for (const path of ['/paymentplan_lp1', ...open]) expect(await visit(page, path), path).toBe(path);
  for (const path of [...visitorOnly, ...subscriberOnly]) expect(await visit(page, pathOf(path)), path).toBe('/home');
  await expect(page.getByText('Your account is not active anymore.', { exact: false })).toBeVisible();
});

test('a subscriber with no source yet reaches everything but the visitor and payment pages, each passing axe', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  // A real username (not the sample network's): "Get your data" and every data screen without figures.
  await loginAs(page, request, { subscribed: true, username: 'ana', fullName: 'Ana Lima' });
  expect(await visit(page, '/home')).toBe('/home');
  await expect(page.getByTestId('get-your-data')).toBeVisible();
  await expectNoAxeViolations(page, 'the dashboard with "Get your data"');
  for (const path of subscriberOnly) await visitAndScan(page, path);
  for (const path of open) expect(await visit(page, path), path).toBe(path);
  for (const path of [...visitorOnly, ...payment]) expect(await visit(page, path), path).toBe('/home');
  await expect(page.locator('header')).toContainText('Ana Lima');
  await expect(page.locator('header')).toContainText('@ana');
});

test('the menu hides Support, Clear Data and Logout without a subscription, and logout returns to welcome', async ({
  page,
  request,
}) => {
  await loginAs(page, request, { subscribed: false });
  await visit(page, '/home');
  await page.getByRole('button', { name: 'Menu' }).click();
  const menu = page.locator('#main-menu');
  await expect(menu).toContainText('Terms of Service');
  await expect(menu).not.toContainText('Support');
  await expect(menu).not.toContainText('Log out');
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.locator('main').click();
  await expect(menu).toBeHidden();

  await loginAs(page, request, { subscribed: true });
  await visit(page, '/home');
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(menu).toContainText('Support');
  await menu.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await visit(page, '/home')).toBe('/');
});

test('navigation scrolls back to the top', async ({ page }) => {
  await page.setViewportSize({ width: 400, height: 300 });
  await visit(page, '/');
  // A tall page that stays tall across the in-app navigation, so only the reset can bring scrollY to 0.
  await page.evaluate(() => {
    document.body.style.minHeight = '3000px';
    window.scrollTo(0, 400);
  });
  expect(await page.evaluate(() => window.scrollY)).toBe(400);
  await page.evaluate(() => document.querySelector<HTMLAnchorElement>('a[href="/termsofservice"]')?.click());
  await expect(page.locator('main h1')).toHaveText('Terms of Service');
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});
