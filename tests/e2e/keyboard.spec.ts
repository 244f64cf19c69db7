// Keyboard alone (issue 20): the main journeys with Tab, Shift+Tab, Enter, Space and Escape only, and at
// every step the focused element is on screen, uncovered and ringed. No mouse click in this file.
import type { Page } from '@playwright/test';
import { expectVisibleFocus, tabTo } from './a11y-helpers.ts';
import { codeFor, createAccount, searchOnToOffer, uniqueEmail } from './accounts-helpers.ts';
import { cards } from './checkout-helpers.ts';
import { expect, test } from './fixtures.ts';

const DEMO = 'followscope.demo';

/** Types the code into the four boxes, reached by Tab, and sends it with Enter. */
async function enterCode(page: Page, code: string) {
  await tabTo(page, page.getByLabel('Digit 1 of 4'));
  await page.keyboard.type(code);
  await expect(page.getByLabel('Digit 4 of 4')).toBeFocused();
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
}

test('a visitor goes from the welcome card through the username and the offer to a paid plan and the code', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('keyboard');
  // The page's clock, so the search's delay is run instead of waited out.
  await page.clock.install();
  await page.goto('/');
  await tabTo(page, page.getByRole('link', { name: 'Start analyzing' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/onboarding$/);

  // The onboarding's one button turns the slides, then leads on; it keeps the focus as it does.
  const onward = page.locator('.onboarding .button');
  await tabTo(page, onward);
  await expect(async () => {
    await expectVisibleFocus(page);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/getmyanalysis$/, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });

  await tabTo(page, page.getByLabel('Your account username'));
  await page.keyboard.type('keyboard.visitor');
  await page.keyboard.press('Enter');
  await searchOnToOffer(page);

  // "Get My Plan" goes away as the form opens: the focus goes on into the form's first field.
  await tabTo(page, page.getByRole('button', { name: 'Get My Plan' }));
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Instagram username')).toBeFocused();
  await expect(page.getByLabel('Instagram username')).toHaveValue('keyboard.visitor');
  await expectVisibleFocus(page);
  await tabTo(page, page.getByLabel('Email'));
  await page.keyboard.type(email);
  await tabTo(page, page.getByLabel('First name'));
  await page.keyboard.type('Zoë');
  await tabTo(page, page.getByLabel('Last name'));
  await page.keyboard.type("O'Neil");
  await tabTo(page, page.getByLabel('Card number'));
  await page.keyboard.type(cards.success.replace(/\s/g, ''));
  await tabTo(page, page.getByLabel('Month (MM)'));
  await page.keyboard.type('12');
  await expect(page.getByLabel('Year (YY)')).toBeFocused();
  await page.keyboard.type('30');
  await expect(page.getByLabel('CVC')).toBeFocused();
  await expectVisibleFocus(page);
  await page.keyboard.type('123');
  // Back to a field with Shift+Tab, then on to the button.
  await tabTo(page, page.getByLabel('Year (YY)'), { backwards: true });
  const payButton = page.getByRole('button', { name: 'Pay $2.99 today' });
  await expect(payButton).toBeEnabled();
  await tabTo(page, payButton);
  await page.keyboard.press('Enter');
  // Issue 34: the charge is confirmed first, and the keyboard starts at the confirmation.
  await expect(page.getByRole('heading', { name: 'Payment received' })).toBeFocused({ timeout: 20_000 });
  await tabTo(page, page.getByRole('button', { name: 'Continue: enter your login code' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/otp$/);

  await enterCode(page, await codeFor(request, email));
  await expect(page).toHaveURL(/\/home$/);
});

// One member, logged in by keyboard, for the dashboard cards, the menu and a dialog, the story viewer and the
// sentiment detail.
test('a member logs in by email and code, then goes through the dashboard cards, the menu and a dialog, the story viewer and the sentiment detail', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await test.step('a member logs in by email and code, then goes through the dashboard cards', async () => {
    const email = uniqueEmail('keyboard.member');
    await createAccount(request, { email, username: DEMO, fullName: 'Demo', subscribed: true });
    await page.goto('/existinguserlogin');
    await tabTo(page, page.getByLabel('Email'));
    await page.keyboard.type(email);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/otp$/);
    await enterCode(page, await codeFor(request, email));
    await expect(page).toHaveURL(/\/home$/);

    // Each of the fourteen cards (spec §2's twelve and the download's own two lists, issue 50) takes the
    // focus in turn, forwards, then back with Shift+Tab.
    const dashboardCards = page.locator('a.dashboard__card');
    await expect(dashboardCards).toHaveCount(14);
    await tabTo(page, dashboardCards.first());
    for (let index = 1; index < 14; index++) {
      await page.keyboard.press('Tab');
      await expect(dashboardCards.nth(index)).toBeFocused();
      await expectVisibleFocus(page);
    }
    await tabTo(page, dashboardCards.nth(1), { backwards: true });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/followerslost$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  await test.step('the menu and a dialog: Tab stays inside the dialog, Escape closes each, and the focus comes back', async () => {
    await page.goto('/home');
    const menuButton = page.getByRole('button', { name: 'Menu' });
    await tabTo(page, menuButton);
    await page.keyboard.press('Enter');
    await expect(page.locator('#main-menu')).toBeVisible();
    await page.keyboard.press('Tab');
    await expectVisibleFocus(page);
    await page.keyboard.press('Escape');
    await expect(page.locator('#main-menu')).toBeHidden();
    await expect(menuButton).toBeFocused();

    // Space opens it too; the dialog its Clear Data entry opens keeps Tab inside.
    await page.keyboard.press('Space');
    await tabTo(page, page.locator('#main-menu').getByRole('button', { name: 'Clear Data' }));
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog', { name: 'Clear your data?' });
    await expect(dialog).toBeVisible();
    const cancel = dialog.getByRole('button', { name: 'Cancel' });
    const clear = dialog.getByRole('button', { name: 'Clear Data' });
    await expect(cancel).toBeFocused();
    for (const [key, expected] of [
      ['Tab', clear],
      ['Tab', cancel],
      ['Shift+Tab', clear],
      ['Shift+Tab', cancel],
    ] as const) {
      await page.keyboard.press(key);
      await expect(expected).toBeFocused();
      await expectVisibleFocus(page);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(menuButton).toBeFocused();

    // A dialog opened from the page gives the focus back to the button that opened it.
    const insights = page.getByRole('button', { name: 'Get my insights' });
    await tabTo(page, insights);
    await page.keyboard.press('Enter');
    const sorry = page.getByRole('alertdialog', { name: 'Sorry' });
    await expect(sorry.getByRole('button', { name: 'OK' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(sorry.getByRole('button', { name: 'OK' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(sorry).toBeHidden();
    await expect(insights).toBeFocused();
    await expectVisibleFocus(page);
  });

  await test.step('the story viewer opens, keeps the focus on its controls and closes by keyboard', async () => {
    await page.goto('/stories');
    const card = page.locator('.story-card').first();
    await expect(card).toBeVisible();
    await tabTo(page, card);
    await page.keyboard.press('Enter');
    const viewer = page.getByRole('dialog');
    await expect(viewer).toBeVisible();

    // Tab goes round the viewer's own controls (the profile, Download, Close), never behind it.
    const controls = viewer.locator('a[href], button');
    const count = await controls.count();
    for (let step = 0; step < count + 1; step++) {
      await page.keyboard.press('Tab');
      await expectVisibleFocus(page);
      expect(await viewer.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();
    await expect(card).toBeFocused();

    // Space opens it as well; Enter on its Close button closes it.
    await page.keyboard.press('Space');
    await expect(viewer).toBeVisible();
    await tabTo(page, viewer.getByRole('button', { name: 'Close' }));
    await page.keyboard.press('Enter');
    await expect(viewer).toBeHidden();
    await expect(card).toBeFocused();
    await expectVisibleFocus(page);
  });

  await test.step('the sentiment detail opens from the grid at its heading and Back returns to the post', async () => {
    await page.goto('/sentimentalAnalysis');
    const tile = page.locator('[data-testid="sentiment-grid"] .post-tile').first();
    await expect(tile).toBeVisible();
    await tabTo(page, tile);
    await page.keyboard.press('Enter');
    const heading = page.getByRole('heading', { name: 'How your commenters feel' });
    await expect(heading).toBeFocused({ timeout: 20_000 });
    await tabTo(page, page.getByRole('button', { name: 'Back' }), { backwards: true });
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('sentiment-detail')).toBeHidden();
    await expect(tile).toBeFocused();
    await expectVisibleFocus(page);
  });
});
