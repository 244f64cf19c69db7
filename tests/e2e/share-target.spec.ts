// Issue 33 in real Chromium against the real server: the network's data download shared into the
// installed app. The phone's share sheet POSTs it to the manifest's share_target, the service worker
// keeps it and opens the import screen, which says what it received and imports it on one tap (issue
// 48); shared while offline, it is read on the device and its lists are sent when the connection
// returns. Issue 48: a page of another website that posts a file there has nothing kept or imported.
import type { Page } from '@playwright/test';
import { type DownloadSpec, type Follow, makeDownload } from '../fixtures/downloads.ts';
import { expect, test } from './fixtures.ts';
import { startForeignSite } from './foreign-site.ts';
import { loginAs, waitForOfflineReady } from './helpers.ts';
import { answerSharedDownload, shareDownload } from './phone-helpers.ts';

const DAY = 86_400;
const longAgo = Math.floor(Date.now() / 1000) - 500 * DAY;
const follows = (names: string[]): Follow[] => names.map((name, i) => ({ name, at: longAgo + i * 60 }));

async function zipOf(spec: DownloadSpec, name: string) {
  const blob = await makeDownload(spec);
  return { name, mimeType: 'application/zip', buffer: Buffer.from(await blob.arrayBuffer()) };
}

/** "12.4 kB", as the import screen writes a size in English. */
const kilobytes = (bytes: number) => `${Math.round(bytes / 100) / 10} kB`;

/** The files a share left in this device's cache for the import screen (src/sw/shared-files.ts). */
const keptShares = (page: Page) =>
  page.evaluate(async () => {
    const cache = await caches.open('followscope-device');
    return (await cache.keys()).filter((request) => new URL(request.url).pathname.startsWith('/__device/shared/'))
      .length;
  });

test('a download shared into the app is imported on one tap, saying what arrived', async ({ page, request }) => {
  const owner = `sara.${Date.now().toString(36)}`;
  await loginAs(page, request, { subscribed: true, username: owner, fullName: 'Sara' });
  await page.goto('/home');
  await waitForOfflineReady(page);
  const download = await zipOf(
    { owner, followers: [follows(['ana', 'bob', 'cris', 'dan'])], following: follows(['ana', 'zed']) },
    'instagram-sara-2026-11-20.zip',
  );
  await shareDownload(page, download);

  await expect(page).toHaveURL(/\/import$/);
  const arrived = `From another app: instagram-sara-2026-11-20.zip (${kilobytes(download.buffer.length)})`;
  await expect(page.getByTestId('import-question-file')).toHaveText(arrived);
  // Nothing is read before the tap; the one tap imports it.
  await expect(page.getByText('Reading your download…')).toHaveCount(0);
  await answerSharedDownload(page, 'Import');
  await expect(page.getByText('Imported: 4 followers and 2 following.')).toBeVisible();
  await expect(page.getByTestId('import-received')).toHaveText(arrived);
  await expect(page.getByRole('heading', { name: 'Import this download?' })).toHaveCount(0);
  // Taken once: a reload of the screen does not import it again, nor say it arrived.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Import your data download' })).toBeVisible();
  await expect(page.getByTestId('import-received')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Import this download?' })).toHaveCount(0);

  // A share the user discards is forgotten, and nothing is imported.
  await page.goto('/home');
  await shareDownload(
    page,
    await zipOf({ owner, followers: [follows(['eli', 'fred'])], following: [] }, 'instagram-sara-old.zip'),
  );
  await answerSharedDownload(page, 'Discard');
  await expect(page.getByRole('status')).toHaveText('The download was discarded: nothing was imported.');
  expect(await keptShares(page)).toBe(0);
  await page.goto('/home');
  await expect(page.getByTestId('total-followers')).toHaveText('4');

  // A share that brought no file says so, and the picker is there.
  await page.goto('/home');
  await shareDownload(page, { name: 'empty.zip', mimeType: 'application/zip', buffer: Buffer.alloc(0) });
  await expect(page.getByRole('alert')).toHaveText(
    'Nothing arrived with the share. Share the ZIP the network sent you, or choose it below.',
  );
});

test('a download shared while offline is read on the phone, and its lists are sent when the connection returns', async ({
  page,
  request,
  context,
}) => {
  const owner = `tomas.${Date.now().toString(36)}`;
  await loginAs(page, request, { subscribed: true, username: owner, fullName: 'Tomás' });
  await page.goto('/home');
  await waitForOfflineReady(page);
  // The import reads the download in the collector worker: its code is in the precache.
  await expect(page.getByTestId('get-your-data')).toBeVisible();

  await context.setOffline(true);
  await shareDownload(
    page,
    await zipOf(
      { owner, followers: [follows(['eva', 'fay', 'gil'])], following: follows(['eva']) },
      'instagram-tomas.zip',
    ),
  );
  await expect(page).toHaveURL(/\/import$/);
  await answerSharedDownload(page, 'Import');
  await expect(page.getByTestId('import-queued')).toContainText(
    'You are offline. Your download was read on this device: 3 followers and 1 following. They will be sent as soon as you are back online.',
  );
  await page.getByRole('link', { name: 'See your dashboard' }).click();
  await expect(page.getByTestId('get-your-data')).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByText('Your download instagram-tomas.zip was imported: 3 followers.')).toBeVisible();
  await expect(page.getByTestId('total-followers')).toHaveText('3');
});

test('the manifest shares, opens a .zip, offers shortcuts and shows real screenshots', async ({ page, request }) => {
  await page.goto('/');
  const cdp = await page.context().newCDPSession(page);
  const { errors } = (await cdp.send('Page.getAppManifest')) as { errors: Array<{ message: string }> };
  expect(errors).toEqual([]);
  const manifest = await (await request.get('/manifest.webmanifest')).json();
  expect(manifest.share_target).toMatchObject({
    action: '/share-target',
    method: 'POST',
    enctype: 'multipart/form-data',
    params: { files: [{ name: 'download', accept: expect.arrayContaining(['application/zip', '.zip']) }] },
  });
  expect(manifest.file_handlers).toEqual([{ action: '/import?opened=1', accept: { 'application/zip': ['.zip'] } }]);
  expect(manifest.shortcuts.map((shortcut: { url: string }) => shortcut.url)).toEqual([
    '/newfollowers',
    '/import',
    '/stories',
  ]);
  expect(manifest.categories).toContain('social');
  const narrow = manifest.screenshots.filter((shot: { form_factor: string }) => shot.form_factor === 'narrow');
  expect(narrow.length).toBeGreaterThanOrEqual(2);
  for (const shot of narrow as Array<{ src: string; sizes: string; type: string }>) {
    const response = await request.get(shot.src);
    expect(response.headers()['content-type']).toBe(shot.type);
    const jpeg = await response.body();
    // A baseline JPEG's frame header (0xFFC0) holds its height, then its width.
    const frame = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
    expect(`${jpeg.readUInt16BE(frame + 7)}x${jpeg.readUInt16BE(frame + 5)}`).toBe(shot.sizes);
  }
  // A share that reaches the server (no service worker in charge) is sent to the import screen, unread.
  const unanswered = await request.post('/share-target', { multipart: { download: 'x' }, maxRedirects: 0 });
  expect(unanswered.status()).toBe(303);
  expect(unanswered.headers().location).toBe('/import?shared=none');
  // One another site sent is told apart there too, by what the browser says of it (issue 48).
  const foreign = await request.post('/share-target', {
    multipart: { download: 'x' },
    headers: { 'sec-fetch-site': 'cross-site', origin: 'http://localhost:1' },
    maxRedirects: 0,
  });
  expect(foreign.headers().location).toBe('/import?shared=refused');
});

/** The app's import screen, with no query left (the screen drops it once it has read it). */
const atImport = (baseURL = '') => new RegExp(`^${baseURL.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/import$`);

test('a page of another website that posts a file to the share target has nothing kept or imported', async ({
  page,
  request,
  context,
  baseURL,
}) => {
  const owner = `nina.${Date.now().toString(36)}`;
  await loginAs(page, request, { subscribed: true, username: owner, fullName: 'Nina' });
  await page.goto('/home');
  await waitForOfflineReady(page);
  await expect(page.getByTestId('get-your-data')).toBeVisible();
  // What the review's page posted: a download naming this user as its owner, with 30 planted followers,
  // under a name that is a path and markup.
  const planted = await zipOf(
    { owner, followers: [follows(Array.from({ length: 30 }, (_, i) => `planted.${i}`))], following: [] },
    '../../evil<img src=x onerror=alert(1)>.zip',
  );
  const site = await startForeignSite({ action: new URL('/share-target', baseURL).href, file: planted });
  const dialogs: string[] = [];
  context.on('page', (opened) => opened.on('dialog', (dialog) => void dialogs.push(dialog.message())));
  page.on('dialog', (dialog) => void dialogs.push(dialog.message()));
  try {
    // Another site (localhost is not 127.0.0.1's site), then another origin of the app's own site: the
    // service worker refuses the POST unread, and the import screen says so.
    for (const host of ['localhost', '127.0.0.1']) {
      await page.goto(site.pageUrl(host));
      await expect(page).toHaveURL(atImport(baseURL));
      await expect(page.getByRole('alert')).toHaveText(
        'A page on another website tried to hand this app a file. It was refused and nothing was kept. To import your download, share it from your phone’s files or mail, or choose it below.',
      );
      await expect(page.getByRole('heading', { name: 'Import this download?' })).toHaveCount(0);
      expect(await keptShares(page)).toBe(0);
    }

    // A page that hides where it posts from (a sandboxed frame opening a window of its own) shows the
    // worker nothing the share sheet does not: it gets as far as the question, its name as text, and
    // nothing is imported without the user's tap.
    const [hidden] = await Promise.all([context.waitForEvent('page'), page.goto(site.pageUrl('localhost', 'hidden'))]);
    await expect(hidden).toHaveURL(atImport(baseURL));
    await expect(hidden.getByTestId('import-question-file')).toHaveText(
      `From another app: evil<img src=x onerror=alert(1)>.zip (${kilobytes(planted.buffer.length)})`,
    );
    await expect(hidden.locator('img[src="x"]')).toHaveCount(0);
    expect(await keptShares(hidden)).toBe(0);
    await answerSharedDownload(hidden, 'Discard');
    await hidden.close();
  } finally {
    await site.stop();
  }

  await page.goto('/home');
  await expect(page.getByTestId('get-your-data')).toBeVisible();
  await expect(page.getByTestId('total-followers')).toHaveCount(0);
  expect(dialogs).toEqual([]);
});
