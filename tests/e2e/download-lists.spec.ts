// Issue 50 item 5 in real Chromium against the real server: a download holding the follow requests the
// owner sent that were never accepted, and the accounts the owner unfollowed recently. Each list has its
// card on the dashboard and its screen, whose names open the profile on the network, and a CSV; a screen
// opened once opens offline.
import { readFileSync } from 'node:fs';
import { expect as baseExpect, type Page } from '@playwright/test';
import { type DownloadSpec, type Follow, makeDownload } from '../fixtures/downloads.ts';
import { csvText, parseCsv } from '../support/csv.ts';
import { expect, test } from './fixtures.ts';
import { loginAs, waitForOfflineReady } from './helpers.ts';

const DAY = 86_400;
const OWNER = 'pia.requests';

async function pick(page: Page, spec: DownloadSpec, name: string) {
  const blob = await makeDownload(spec);
  await page
    .getByTestId('import-zip')
    .setInputFiles({ name, mimeType: 'application/zip', buffer: Buffer.from(await blob.arrayBuffer()) });
}

const follows = (names: string[], at: number): Follow[] => names.map((name, i) => ({ name, at: at + i * 60 }));
/** The names a list screen shows, as a set (lists come in id order, a hash of the name). */
const shown = (page: Page) => async () => (await page.locator('.follower-list__item strong').allInnerTexts()).sort();

// Chromium under Playwright has the File System Access API, but no one to answer its picker: the app's
// download path (a Blob) is what this test takes, as on browsers without the picker.
test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => {
    delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker;
  });
});

test('a download’s requests sent and accounts unfollowed: a card and a screen each, names that open the profile, a CSV, offline', async ({
  page,
  request,
  context,
}) => {
  const now = Math.floor(Date.now() / 1000);
  await loginAs(page, request, { subscribed: true, username: OWNER, fullName: 'Pia' });
  await page.goto('/import');
  await pick(
    page,
    {
      owner: OWNER,
      followers: [follows(['ana', 'bob'], now - 400 * DAY)],
      following: follows(['ana', 'zed'], now - 300 * DAY),
      pendingFollowRequests: follows(['asked.one', 'asked_two', 'asked3'], now - 20 * DAY),
      recentlyUnfollowedProfiles: follows(['left.behind'], now - 5 * DAY),
      writtenAt: now,
    },
    'instagram-pia.zip',
  );
  await expect(page.getByText('Imported: 2 followers and 2 following.')).toBeVisible();
  await page.getByRole('link', { name: 'See your dashboard' }).click();

  // The requests sent, from their card: the count, then the names, each opening its profile.
  const requests = page.locator('.dashboard__card', { hasText: 'Requests you sent, not accepted yet' });
  await expect(requests.locator('.dashboard__count')).toHaveText('3');
  await requests.click();
  await expect(page).toHaveURL(/\/pending_follow_requests$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Requests you sent, not accepted yet');
  await expect.poll(shown(page)).toEqual(['@asked.one', '@asked3', '@asked_two']);
  await expect(page.getByTestId('source-line')).toHaveText(/^From your download of /);
  await expect(page.locator('.follower-list__total')).toHaveText('3 people');
  const profile = page.getByRole('link', { name: '@asked.one' });
  await expect(profile).toHaveAttribute('href', 'https://www.instagram.com/asked.one?r=nametag');
  await expect(profile).toHaveAttribute('target', '_blank');

  // Its CSV holds every name, with the download as the source.
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 60_000 }),
    page.getByTestId('export-csv').click(),
  ]);
  baseExpect(download.suggestedFilename()).toMatch(/^followscope-pending-follow-requests-\d{4}-\d\d-\d\d\.csv$/);
  const rows = parseCsv(csvText(new Uint8Array(readFileSync(await download.path()))));
  baseExpect(rows[0]).toEqual(['Username', 'Full name', 'Source', 'Date']);
  baseExpect(rows.slice(1).map((row) => [row[0], row[2]])).toEqual(
    baseExpect.arrayContaining([
      ['asked.one', 'Your data download'],
      ['asked_two', 'Your data download'],
      ['asked3', 'Your data download'],
    ]),
  );
  baseExpect(rows).toHaveLength(4);

  // The accounts unfollowed recently, from theirs.
  await page.goto('/home');
  const unfollowed = page.locator('.dashboard__card', { hasText: 'Accounts you unfollowed recently' });
  await expect(unfollowed.locator('.dashboard__count')).toHaveText('1');
  await unfollowed.click();
  await expect(page).toHaveURL(/\/recently_unfollowed_profiles$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Accounts you unfollowed recently');
  await expect.poll(shown(page)).toEqual(['@left.behind']);
  await expect(page.getByRole('link', { name: '@left.behind' })).toHaveAttribute(
    'href',
    'https://www.instagram.com/left.behind?r=nametag',
  );

  // Offline, with the network gone, both screens open from what the device saved.
  await waitForOfflineReady(page);
  await context.setOffline(true);
  await page.goto('/pending_follow_requests');
  await expect.poll(shown(page)).toEqual(['@asked.one', '@asked3', '@asked_two']);
  await page.goto('/recently_unfollowed_profiles');
  await expect.poll(shown(page)).toEqual(['@left.behind']);
  await page.goto('/home');
  await expect(
    page.locator('.dashboard__card', { hasText: 'Requests you sent' }).locator('.dashboard__count'),
  ).toHaveText('3');
  await context.setOffline(false);
});
