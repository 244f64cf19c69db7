// Every route's guard for a visitor, a login without a subscription and a subscriber (spec §2).

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
  '/viewAllPosts',
  '/stories',
  '/downloadreel',
  '/downloadStories',
  '/sentimentalAnalysis',
  '/contactus',
  '/managesubscription',
];

test('a visitor sees the open pages and is sent to the welcome card from the rest', async ({ page }) => {
  for (const path of [...open, ...visitorOnly, ...payment]) expect(await visit(page, path), path).toBe(path);
  for (const path of ['/home', ...subscriberOnly]) expect(await visit(page, path), path).toBe('/');
});

test('a login without a subscription reaches only home and the payment pages', async ({ page, request }) => {
  await loginAs(page, request, { subscribed: false });
  for (const path of ['/home', ...payment, ...open]) expect(await visit(page, path), path).toBe(path);
  for (const path of [...visitorOnly, ...subscriberOnly]) expect(await visit(page, path), path).toBe('/home');
  await expect(page.getByText('Your account is not active anymore.', { exact: false })).toBeVisible();
});

test('a subscriber reaches everything but the visitor and payment pages', async ({ page, request }) => {
  await loginAs(page, request, { subscribed: true, username: 'ana', fullName: 'Ana Lima' });
  for (const path of ['/home', ...subscriberOnly, ...open]) expect(await visit(page, path), path).toBe(path);
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
