// Accessibility (issue 20): axe-core's WCAG 2.2 A and AA rules on every route of common/routes.ts, as a
// visitor, an unsubscribed user, the sample network's demo subscriber and a real username with no source,
// and on the states a screen can be in. Any violation of any impact fails, and the failure names each
// element and rule. A screen is scanned in the journey that already opens it: the visitor's screens, the
// unsubscribed dashboard and offer and every screen of a username with no source (with "Get your data")
// in guards.spec.ts; the code screen, a toast and the lapsed user's drawer in accounts.spec.ts; the offer's
// charges line, the confirmation and Manage subscription's trial in paying-newcomer.spec.ts. Here: the
// demo subscriber's screens with figures (a dialog, the open menu, the running analysis, the story viewer,
// the sentiment detail), the checkout's errors and the bank's dialog, and the offline line. The demo's
// walk also checks, in English, that its figures are marked "Sample data" (issue 17) on the dashboard, its
// cards and every screen that shows them (phone-width.spec.ts does so in every language; sources.spec.ts
// has the newcomer who is never shown a sample figure).
import type { APIRequestContext, Page } from '@playwright/test';
import { routes } from '../../common/routes.ts';
import { expectNoAxeViolations } from './a11y-helpers.ts';
import { uniqueEmail } from './accounts-helpers.ts';
import { cards, fillCheckout, openCheckout, pay } from './checkout-helpers.ts';
import { expect, test } from './fixtures.ts';
import { loginAs } from './helpers.ts';
import { bannered, sampleLine, sourceLined, ui } from './language.ts';

const DEMO = 'followscope.demo';

/** A route's address as a user reaches it (view all needs its list in the query). */
const address = (path: string) => (path === '/viewAllPosts' ? `${path}?name=mostLiked&isReel=false` : path);

const subscriberPaths = routes.filter((route) => route.guard === 'C').map((route) => address(route.path));

/**
 * Moves to a path as the app's own links do (no reload: the app and its data stay loaded, as a user
 * moving between screens has them), waits for its heading and for anything still loading, then runs axe.
 */
async function scan(page: Page, path: string, screen = path) {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL(path);
  // Two frames: the route's render (or its Suspense fallback, which is busy) is on screen.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
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

// Every visitor screen is scanned where guards.spec.ts opens it, the code screen, a toast and the lapsed
// user's drawer in accounts.spec.ts; here the checkout's states and the offline line.
test('the checkout with its errors and the bank’s dialog, and the offline line', async ({ page, context }) => {
  test.setTimeout(90_000);
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

test.describe('in en', () => {
  test.use({ locale: 'en-US' });

  test('every subscriber screen of the demo account, with its figures marked "Sample data", dialogs, story viewer and sentiment detail', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    await demoLogin(page, request);
    await page.goto('/home');
    await settled(page);
    const banner = page.getByTestId('sample-banner');
    await expect(banner).toContainText(ui('en', 'Sample data'));
    await expect(banner).toContainText(
      ui(
        'en',
        'This is a demo account on Followscope’s sample network, a simulation for demos and tests: its people, posts, comments and stories are invented, not a real account’s.',
      ),
    );
    await expectNoAxeViolations(page, 'the dashboard before an analysis');
    await page.getByRole('button', { name: 'Start analysis' }).click();
    // While it runs the page changes under axe; the progress bar's name is what axe would ask of it.
    await expect(page.getByRole('progressbar', { name: /Analysing/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Start analysis' })).toBeVisible({ timeout: 60_000 });
    await expect(page.locator('.home__account [data-testid="source-line"]')).toHaveText(sampleLine('en'));
    // Every card that shows a figure carries the mark.
    await expect(page.locator('.dashboard__card [data-testid="sample-mark"]')).toHaveCount(12);
    await expectNoAxeViolations(page, 'the dashboard with figures');

    await page.getByRole('button', { name: 'Menu' }).click();
    await expectNoAxeViolations(page, 'the open menu');
    await page.getByRole('button', { name: 'Clear Data' }).click();
    await expect(page.getByRole('alertdialog')).toBeVisible();
    await expectNoAxeViolations(page, 'a dialog');
    await page.getByRole('button', { name: 'Cancel' }).click();

    for (const path of subscriberPaths) {
      await scan(page, path);
      if (bannered.includes(path))
        await expect(page.getByTestId('sample-banner'), path).toContainText(ui('en', 'Sample data'));
      if (sourceLined.includes(path))
        await expect(page.getByTestId('source-line').first(), path).toHaveText(sampleLine('en'));
    }

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
});
