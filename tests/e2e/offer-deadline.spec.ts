// A real deadline (issue 51): the offer's reservation counts from this device's first showing. A
// reload and a new visit continue it; at zero the discounted offer ends, the page shows the regular
// prices, and it never restarts by itself. Playwright's clock moves the time; nothing is waited out.
import { expect, test } from './fixtures.ts';
import { ui } from './language.ts';

const banner = (page: import('@playwright/test').Page) => page.locator('.offer__banner');

test('the countdown continues across a reload and a new visit, and at zero the sale is over for good', async ({
  page,
  context,
}) => {
  // The clock stands still between the steps: only runFor moves it, by exactly what it says.
  await page.clock.install({ time: new Date('2026-12-02T08:00:00Z') });
  await page.clock.pauseAt(new Date('2026-12-02T08:01:00Z'));
  await page.goto('/paymentplan');
  await expect(banner(page)).toHaveText(`${ui('en', 'Limited-time sale')} ${ui('en', 'ends in {0}', { 0: '14:59' })}`);
  await expect(page.getByRole('radio', { name: /trial \$9\.99 \$2\.99 -70%/ })).toBeVisible();

  await page.clock.runFor(10_000);
  await expect(banner(page)).toContainText('14:49');
  // A reload: the same reservation, not a new one.
  await page.reload();
  await expect(banner(page)).toContainText('14:49');

  // A new visit in the same browser, five minutes later.
  await page.close();
  const later = await context.newPage();
  await later.clock.runFor(5 * 60_000);
  await later.goto('/paymentplan');
  await expect(banner(later)).toContainText('9:49');

  // Zero: the discounted trial is no longer offered, the plans show what they cost, nothing struck out.
  await later.clock.runFor(10 * 60_000);
  await expect(banner(later)).toHaveText(ui('en', 'The limited-time sale has ended. These are our regular prices.'));
  await expect(later.getByRole('radio', { name: /trial/ })).toHaveCount(0);
  await expect(later.locator('.plan s')).toHaveCount(0);
  await expect(later.locator('.plan__discount')).toHaveCount(0);
  await expect(later.getByRole('radio', { name: /Monthly/ })).toBeVisible();
  await expect(later.getByRole('timer')).toHaveCount(0);

  // It never restarts by itself: a reload, and a visit a day later, find it over.
  await later.reload();
  await expect(banner(later)).toHaveText(ui('en', 'The limited-time sale has ended. These are our regular prices.'));
  await later.clock.runFor(24 * 60 * 60_000);
  await later.goto('/paymentplan_lp1');
  await expect(banner(later)).toHaveText(ui('en', 'The limited-time sale has ended. These are our regular prices.'));
  await expect(later.getByRole('radio', { name: /trial/ })).toHaveCount(0);

  // The checkout charges the chosen plan's price, no trial.
  await later.getByRole('radio', { name: /Monthly/ }).check();
  await later.getByRole('button', { name: ui('en', 'Get My Plan') }).click();
  // The stopped clock holds the page's timers too (React shows a loaded screen on one): a moment passes.
  await later.clock.runFor(2_000);
  await expect(later.getByTestId('charges')).toContainText('$19.99');
  await expect(later.getByTestId('charges')).not.toContainText('2.99');
});

test('the terms state the rule', async ({ page }) => {
  await page.goto('/termsofservice');
  await expect(page.getByRole('heading', { name: 'Introductory offer' })).toBeVisible();
  await expect(page.locator('main')).toContainText('count from the first time this device shows it');
});
