// Accessibility (issue 20): axe-core's WCAG 2.2 A and AA rules on every route of common/routes.ts, as a
// visitor, an unsubscribed user, the sample network's demo subscriber and a real username with no source,
// and on the states a screen can be in (a dialog, the story viewer, the sentiment detail, the checkout's
// errors and the bank's dialog, the code screen, the dashboard's figures and "Get your data", the offline
// line, a toast). Any violation of any impact fails, and the failure names each element and rule.
import type { APIRequestContext, Page } from '@playwright/test';
import { routes } from '../../common/routes.ts';
import { expectNoAxeViolations } from './a11y-helpers.ts';
import { askForCode, codeFor, createAccount, typeCode, uniqueEmail } from './accounts-helpers.ts';
import { cards, fillCheckout, openCheckout, pay } from './checkout-helpers.ts';
import { expect, test } from './fixtures.ts';
import { loginAs } from './helpers.ts';

const DEMO = 'followscope.demo';

/** A route's address as a user reaches it (view all needs its list in the query). */
const address = (path: string) => (path === '/viewAllPosts' ? `${path}?name=mostLiked&isReel=false` : path);

// Every route but /home (guard "token"), which each logged-in test scans in its own states.
const visitorPaths = routes
  .filter((route) => ['A', 'B', 'public', 'none'].includes(route.guard))
  .map((route) => route.path);
const subscriberPaths = routes.filter((route) => route.guard === 'C').map((route) => address(route.path));

/** Opens a path, waits for its heading and for anything still loading, then runs axe. */
async function scan(page: Page, path: string, screen = path) {
  await page.goto(path);
  await settled(page);
  await expectNoAxeViolations(page, screen);
}

/** The screen has its heading and nothing says it is still loading. */
async function settled(page: Page) {
  await expect(page.locator('main h1')).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
}

const demoLogin = (page: Page, request: APIRequestContext) =>
  loginAs(page, request, { subscribed: true, username: DEMO, fullName: 'Demo' });

test('every visitor screen, the checkout with its errors and the bank’s dialog, and the offline line', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  for (const path of visitorPaths) {
    if (path === '/searching') continue;
    await scan(page, path);
  }
  await scan(page, '/no-such-page', 'the not-found screen');

  // /searching moves on to the offer by itself after about 8 s; the scan takes one or two.
  await page.goto('/searching');
  await settled(page);
  await expectNoAxeViolations(page, '/searching');

  await openCheckout(page, 'en');
  await page.getByRole('button', { name: 'Pay $2.99 today' }).click();
  await expect(page.locator('.field__error').first()).toBeVisible();
  await expectNoAxeViolations(page, 'the checkout form with errors');

  // The sandbox bank's 3-D Secure dialog over the checkout.
  await fillCheckout(page, 'en', { username: 'a11y.visitor', email: uniqueEmail('bank'), card: cards.threeDs });
  await pay(page, 'en');
  const bank = page.getByRole('dialog', { name: 'Confirm this payment with your bank' });
  await expect(bank).toBeVisible({ timeout: 20_000 });
  await expectNoAxeViolations(page, 'the bank’s confirmation dialog');
  await bank.getByRole('button', { name: 'Fail authentication' }).click();
  await expect(bank).toBeHidden();

  await page.goto('/');
  await settled(page);
  await context.setOffline(true);
  await expect(page.locator('.offline-banner')).toBeVisible();
  await expectNoAxeViolations(page, 'the offline line');
  await context.setOffline(false);
});

test('the code screen, a toast and the drawer of a user whose subscription has ended', async ({ page, request }) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('lapsed');
  await createAccount(request, { email, username: 'lapsed.user', subscribed: false });
  await askForCode(page, 'en', email);
  await settled(page);
  await expectNoAxeViolations(page, 'the code screen');

  // A wrong code: the server's answer shows as a toast.
  const code = await codeFor(request, email);
  await typeCode(page, code === '0000' ? '1111' : '0000');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.locator('.toast')).toBeVisible();
  await expectNoAxeViolations(page, 'a toast');

  await typeCode(page, code);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('dialog', { name: 'Your subscription has ended' })).toBeVisible();
  await expectNoAxeViolations(page, 'the drawer of a user whose subscription has ended');
});

test('every subscriber screen of the demo account, with its figures, dialogs, story viewer and sentiment detail', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await demoLogin(page, request);
  await page.goto('/home');
  await settled(page);
  await expectNoAxeViolations(page, 'the dashboard before an analysis');
  await page.getByRole('button', { name: 'Start analysis' }).click();
  // While it runs the page changes under axe; the progress bar's name is what axe would ask of it.
  await expect(page.getByRole('progressbar', { name: /Analysing/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start analysis' })).toBeVisible({ timeout: 60_000 });
  await expect(page.locator('.home__account [data-testid="source-line"]')).toBeVisible();
  await expectNoAxeViolations(page, 'the dashboard with figures');

  await page.getByRole('button', { name: 'Menu' }).click();
  await expectNoAxeViolations(page, 'the open menu');
  await page.getByRole('button', { name: 'Clear Data' }).click();
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await expectNoAxeViolations(page, 'a dialog');
  await page.getByRole('button', { name: 'Cancel' }).click();

  for (const path of subscriberPaths) await scan(page, path);

  await page.goto('/stories');
  await page.locator('.story-card').first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoAxeViolations(page, 'the story viewer');
  await page.keyboard.press('Escape');

  await page.goto('/sentimentalAnalysis');
  await page.locator('[data-testid="sentiment-grid"] .post-tile').first().click();
  await expect(page.getByTestId('sentiment-figures')).toBeVisible({ timeout: 20_000 });
  await expectNoAxeViolations(page, 'the sentiment detail');
});

test('a real username with no source: "Get your data" and every data screen without figures', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await loginAs(page, request, { subscribed: true, username: 'maria.lopez.photo', fullName: 'María López' });
  await page.goto('/home');
  await expect(page.getByTestId('get-your-data')).toBeVisible();
  await expectNoAxeViolations(page, 'the dashboard with "Get your data"');
  for (const path of subscriberPaths) await scan(page, path);
});

test('an unsubscribed user’s dashboard and offer', async ({ page, request }) => {
  await loginAs(page, request, { subscribed: false, username: 'lapsed.user', fullName: 'Lapsed' });
  await scan(page, '/home', 'an unsubscribed dashboard');
  await scan(page, '/paymentplan', 'the offer for an unsubscribed user');
});
