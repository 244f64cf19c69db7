// Account steps for e2e tests: make an account, read the code from the dev outbox, log in as a user would.
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { type TestLocale, ui } from './language.ts';

let counter = 0;

/** An address no other test uses. */
export function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}.${Date.now().toString(36)}.${process.pid}.${counter}@example.com`;
}

/** Creates an account through the dev endpoint (registration comes with payments). */
export async function createAccount(
  request: APIRequestContext,
  account: { email: string; username: string; fullName?: string; subscribed: boolean },
  origin = '',
): Promise<void> {
  const response = await request.post(`${origin}/dev/users`, {
    data: {
      email: account.email,
      username: account.username,
      insta_full_name: account.fullName ?? '',
      is_subscribed: account.subscribed,
    },
  });
  expect(response.ok()).toBe(true);
}

/** spec §9: /searching's counter rises 1 per 450 ms and goes on to the offer at 17. */
const SEARCHING_MS = 17 * 450;

/**
 * From /searching on to the offer, its visual delay run on the page's clock instead of waited out: about
 * 8 s in each journey through it (issue 37). The test installs the page's clock (`page.clock.install()`)
 * before the page loads; the counter's timer starts once the screen shows its progress bar.
 */
export async function searchOnToOffer(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/searching$/);
  await expect(page.getByRole('progressbar')).toBeVisible();
  await page.clock.runFor(SEARCHING_MS);
  await expect(page).toHaveURL(/\/paymentplan$/, { timeout: 15_000 });
}

/** The newest mails to an address, from the dev outbox. */
export async function mailTo(request: APIRequestContext, email: string, origin = '') {
  const response = await request.get(`${origin}/dev/mail?to=${encodeURIComponent(email)}`);
  return (await response.json()) as Array<{ kind: string; subject: string; text: string }>;
}

/** The newest login code mailed to an address. */
export async function codeFor(request: APIRequestContext, email: string, origin = ''): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const [newest] = (await mailTo(request, email, origin)).filter((mail) => mail.kind === 'loginCode');
        code = newest?.subject.match(/\d{4}/)?.[0];
        return code;
      },
      { intervals: [100] },
    )
    .toMatch(/^\d{4}$/);
  return code as string;
}

/** Types a code into the four boxes. */
export async function typeCode(page: Page, code: string): Promise<void> {
  await page.locator('.code-boxes__box').first().click();
  await page.keyboard.type(code);
}

/** From /existinguserlogin to a sent code, as a user does (email typed with stray spaces and capitals). */
export async function askForCode(page: Page, locale: TestLocale, email: string, origin = ''): Promise<void> {
  await page.goto(`${origin}/existinguserlogin`);
  await page.getByLabel(ui(locale, 'Email')).fill(`  ${email.toUpperCase()} `);
  await page.getByRole('button', { name: ui(locale, 'Send my code') }).click();
  await expect(page).toHaveURL(/\/otp$/);
}

/** Logs in through the screens with the code from the dev outbox. */
export async function logInThroughScreens(
  page: Page,
  request: APIRequestContext,
  locale: TestLocale,
  email: string,
): Promise<void> {
  await askForCode(page, locale, email);
  await typeCode(page, await codeFor(request, email));
  await page.getByRole('button', { name: ui(locale, 'Submit') }).click();
}
