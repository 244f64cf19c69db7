// One export per account at a time (issue 32), as a person meets it: while another export of the same
// account streams (another device, here a request the test holds open), pressing Export CSV says so in
// the app's language where they pressed it, the list stays as it was, and once that export has ended
// the same button exports the file.
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { expect as baseExpect, type Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { loginAs, storedToken } from './helpers.ts';
import { serverText, ui } from './language.ts';

// About 300,000 people who follow the account and are not followed back: their one streamed answer
// (about 12 MB) is more than the sockets hold, so an export whose client reads nothing is still running.
const USERNAME = 'size.300000.100';

test.use({ locale: 'de-DE' });

test.beforeEach(async ({ context }) => {
  // The download path (a Blob), as in export.spec.ts: no one answers the save picker under Playwright.
  await context.addInitScript(() => {
    delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker;
  });
});

/** Opens the account's longest list's export and reads its first bytes, then nothing more. */
async function holdAnExport(page: Page, token: string) {
  const origin = new URL(page.url());
  const held = httpRequest({
    host: origin.hostname,
    port: origin.port,
    path: '/api/v1/client/instagram/dont/follow/back/export/',
    headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'identity' },
  });
  const response = await new Promise<IncomingMessage>((resolve, reject) => {
    held.on('response', resolve).on('error', reject).end();
  });
  baseExpect(response.statusCode).toBe(200);
  await new Promise((resolve) => response.once('data', resolve));
  response.pause();
  return held;
}

test('a second export while one runs is refused with the reason, and the list and the button stay', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  await loginAs(page, request, { subscribed: true, username: USERNAME, fullName: 'Size' });
  const token = await storedToken(page);
  const analysed = await request.get('/api/v1/client/insta/start/analysis/', {
    headers: { authorization: `Bearer ${token}` },
    timeout: 180_000,
  });
  baseExpect(analysed.status()).toBe(200);

  await page.goto('/mutualfollowing');
  const items = page.locator('.follower-list__item');
  await expect(items.first()).toBeVisible({ timeout: 30_000 });
  const shown = await items.allInnerTexts();

  const held = await holdAnExport(page, token);
  try {
    await page.getByTestId('export-csv').click();
    await expect(page.locator('.toast', { hasText: serverText('de', 'exportRunning') })).toBeVisible({
      timeout: 30_000,
    });
    // Nothing the person had is gone: the same list, and the button ready to press again.
    baseExpect(await items.allInnerTexts()).toEqual(shown);
    await expect(page.getByTestId('export-csv')).toBeEnabled();
    await expect(page.getByTestId('export-csv')).toHaveText(ui('de', 'Export CSV'));
  } finally {
    held.destroy();
  }

  // The other export has ended (its client went away): the same button now exports the file.
  await expect(async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 15_000 }),
      page.getByTestId('export-csv').click(),
    ]);
    baseExpect(download.suggestedFilename()).toMatch(/\.csv$/);
  }).toPass({ timeout: 60_000 });
  baseExpect(await items.allInnerTexts()).toEqual(shown);
});
