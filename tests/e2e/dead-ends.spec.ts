// No dead ends (issue 34): profile viewers for a real account say that nothing legitimate names them and
// point nowhere; a phone is not offered a folder picker it cannot use (the demo's story downloader taking
// an account its own Stories screen shows is in stories.spec.ts, with the downloader).
import { expect, test } from './fixtures.ts';
import { loginAs } from './helpers.ts';

test('a real account’s profile viewers say nothing legitimate names them, with no import link; its desktop import has the folder picker', async ({
  page,
  request,
}) => {
  await loginAs(page, request, { subscribed: true, username: 'maria.lopez.photo', fullName: 'Maria' });
  await page.goto('/home');
  const card = page.locator('.dashboard__card', { hasText: 'Profile viewers' });
  await expect(card).toContainText('Not available · no source gives this');
  await card.click();
  await expect(page).toHaveURL(/\/profileview$/);
  await expect(page.getByTestId('profile-viewers-note')).toContainText(
    'No legitimate source names who viewed a profile',
  );
  await expect(page.getByRole('link', { name: /import/i })).toHaveCount(0);
  await expect(page.getByTestId('get-your-data')).toHaveCount(0);

  // A desktop keeps the folder picker (a phone's import is below).
  await page.goto('/import');
  await expect(page.getByRole('button', { name: 'Choose an unzipped folder' })).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
    userAgent:
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Mobile Safari/537.36',
  });

  test('the import offers the ZIP and no folder picker', async ({ page, request }) => {
    await loginAs(page, request, { subscribed: true, username: 'maria.phone', fullName: 'Maria' });
    await page.goto('/import');
    await expect(page.getByRole('button', { name: 'Choose the ZIP' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Choose an unzipped folder' })).toHaveCount(0);
    await expect(page.getByTestId('import-folder')).toHaveCount(0);
  });
});
