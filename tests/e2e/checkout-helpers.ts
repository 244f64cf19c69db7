// Checkout steps for e2e tests, written as a user takes them (the sandbox's test cards).
import { expect, type Page } from '@playwright/test';
import { type TestLocale, ui } from './language.ts';

export const cards = {
  success: '4111 1111 1111 1111',
  declined: '4000 0000 0000 0002',
  threeDs: '4000 0000 0000 3220',
};

/** Opens the offer and the checkout form. */
export async function openCheckout(page: Page, lang: TestLocale, origin = '', path = '/paymentplan') {
  await page.goto(`${origin}${path}`);
  await page.getByRole('button', { name: ui(lang, 'Get My Plan') }).click();
}

/** Fills the checkout form as a user types it. */
export async function fillCheckout(
  page: Page,
  lang: TestLocale,
  fields: { email?: string; username?: string; firstName?: string; lastName?: string; card: string },
) {
  if (fields.username !== undefined) await page.getByLabel(ui(lang, 'Instagram username')).fill(fields.username);
  if (fields.email !== undefined) await page.getByLabel(ui(lang, 'Email')).fill(fields.email);
  // spec §5: the cardholder's first and last name, letters only in any script.
  await page.getByLabel(ui(lang, 'First name'), { exact: true }).fill(fields.firstName ?? 'Ana');
  await page.getByLabel(ui(lang, 'Last name'), { exact: true }).fill(fields.lastName ?? 'Lima');
  await page.getByLabel(ui(lang, 'Card number')).pressSequentially(fields.card.replace(/\s/g, ''));
  await page.getByLabel(ui(lang, 'Month (MM)')).pressSequentially('12');
  // Focus moves on by itself once two valid digits are in (spec §5): the year, then the CVC.
  await expect(page.getByLabel(ui(lang, 'Year (YY)'))).toBeFocused();
  await page.keyboard.type('30');
  await expect(page.getByLabel(ui(lang, 'CVC'))).toBeFocused();
  await page.keyboard.type('123');
}

/** Presses the pay button, which says what it charges (issue 34: "Pay $2.99 today"). */
export const pay = (page: Page, lang: TestLocale) =>
  page
    .getByRole('button', { name: new RegExp(`^${ui(lang, 'Pay {amount} today').replace('{amount}', '.+')}$`) })
    .click();

/** After paying, the confirmation of the charge (issue 34), then on to the code screen (or home on renewal). */
export async function continueAfterPaying(page: Page, lang: TestLocale, renewal = false) {
  await expect(page.getByRole('heading', { name: ui(lang, 'Payment received') })).toBeVisible({ timeout: 30_000 });
  const next = renewal ? 'Continue' : 'Continue: enter your login code';
  await page.getByRole('button', { name: ui(lang, next), exact: true }).click();
}
