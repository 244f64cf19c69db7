// Issue 33 in real Chromium against the real server: fresh figures before the network. When the browser
// wakes the service worker for its daily Periodic Background Sync, the worker refreshes the stored
// figures, so the dashboard opened later shows today's numbers before any request (here: offline).
// Chromium grants the daily sync only to an installed app it has seen used, which a test cannot be;
// DevTools wakes the worker with the same event (the app asks for the sync in src/app/daily-refresh.ts).
import { abbreviate } from '../../src/analysis/progress.ts';
import { expect, test } from './fixtures.ts';
import { loginAs, storedToken, waitForOfflineReady } from './helpers.ts';
import { dispatchPeriodicSync } from './phone-helpers.ts';

test('the daily background refresh stores today’s figures, which the dashboard shows offline', async ({
  page,
  context,
  sharedServer,
}) => {
  // The shared server (its clock moves; tests/e2e/fixtures.ts) and two analyses of a medium account.
  test.setTimeout(240_000);
  const server = await sharedServer.start();
  const username = `dora.${Date.now().toString(36)}.sample`;
  await loginAs(page, page.request, { subscribed: true, username, fullName: 'Dora' }, server.url);
  const headers = { authorization: `Bearer ${await storedToken(page)}` };
  const analyse = async () =>
    (await page.request.get(`${server.url}/api/v1/client/insta/start/analysis/`, { headers, timeout: 150_000 })).json();
  await analyse();
  await page.goto(`${server.url}/home`);
  await waitForOfflineReady(page);
  const newFollowers = page.locator('[data-card="newFollowers"]');
  // The baseline: nothing to compare with yet, so no count (issue 51).
  await expect(newFollowers).toContainText('After your next analysis');

  // A day later the server knows more than this device.
  await page.request.post(`${server.url}/dev/clock`, { data: { advance_ms: 86_400_000 } });
  const { user } = await analyse();
  expect(user.new_followers).toBeGreaterThan(0);

  await dispatchPeriodicSync(context, page, 'followscope-figures');
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          new Promise<number | undefined>((resolve) => {
            const open = indexedDB.open('followscope');
            open.onsuccess = () => {
              const read = open.result.transaction('user').objectStore('user').get('current');
              read.onsuccess = () => {
                resolve((read.result as { new_followers?: number } | undefined)?.new_followers);
                open.result.close();
              };
            };
          }),
      ),
    )
    .toBe(user.new_followers);

  await context.setOffline(true);
  await page.goto(`${server.url}/home`);
  await expect(newFollowers).toContainText(String(user.new_followers));
  await expect(page.getByTestId('total-followers')).toHaveText(abbreviate(user.total_followers));
});
