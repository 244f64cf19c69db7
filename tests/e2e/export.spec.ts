// Exports end to end (issue 20) against the real server and its sample network: a list's CSV equals the
// server's pages, post analytics' CSV equals the network's posts, "Export all my data" zips the server's
// document and every list, and offline both come from what the device saved and say so.
import { readFileSync } from 'node:fs';
import { expect as baseExpect, type Download, type Page } from '@playwright/test';
import { type FileEntry, TextWriter, Uint8ArrayReader, ZipReader } from '@zip.js/zip.js';
import { csvText, parseCsv } from '../support/csv.ts';
import { expect, test } from './fixtures.ts';
import { loginAs, storedToken, waitForOfflineReady } from './helpers.ts';

const DEMO = 'followscope.demo';
/** An ISO 8601 time, as every row's date column holds. */
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;

// The buttons are found by test id: their words are new messages, which reach the six catalogs when
// they are next extracted and translated (until then a build shows their ids).
const EXPORT_CSV = 'export-csv';
const EXPORT_ALL = 'export-all';

// Chromium under Playwright has the File System Access API, but no one to answer its picker: the app's
// download path (a Blob) is what these tests take, as on browsers without the picker.
test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => {
    delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker;
  });
});

/** Logs in as the demo with an analysis done, as a returning subscriber would be. */
async function demoWithAnalysis(page: Page, request: Parameters<typeof loginAs>[1]): Promise<string> {
  await loginAs(page, request, { subscribed: true, username: DEMO, fullName: 'Demo' });
  const token = await storedToken(page);
  const analysed = await request.get('/api/v1/client/insta/start/analysis/', {
    headers: { authorization: `Bearer ${token}` },
    timeout: 120_000,
  });
  baseExpect(analysed.status()).toBe(200);
  return token;
}

/** Every username of a list, through the API's pages of 100, as the server holds it. */
async function serverList(request: Parameters<typeof loginAs>[1], token: string, path: string): Promise<string[]> {
  const names: string[] = [];
  for (let page = 1; ; page++) {
    const response = await request.get(`/api/v1/client/instagram/${path}/100/?page=${page}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const items = (await response.json()) as Array<{ insta_username: string }>;
    names.push(...items.map((item) => item.insta_username));
    if (items.length < 100) return names;
  }
}

/** Clicks the button of test id `button` and returns the file it downloads. */
async function downloaded(page: Page, button: string): Promise<{ download: Download; bytes: Uint8Array }> {
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 60_000 }),
    page.getByTestId(button).click(),
  ]);
  const path = await download.path();
  return { download, bytes: new Uint8Array(readFileSync(path)) };
}

async function zipEntries(bytes: Uint8Array): Promise<Map<string, string>> {
  const reader = new ZipReader(new Uint8ArrayReader(bytes));
  const entries = new Map<string, string>();
  for (const entry of await reader.getEntries()) {
    entries.set(entry.filename, await (entry as FileEntry).getData(new TextWriter()));
  }
  await reader.close();
  return entries;
}

const csvOf = (text: string | undefined) => parseCsv((text ?? '').replace(/^\uFEFF/, ''));

// One login and one analysis of the demo for the four exports, which only read what the analysis left.
test('the demo’s exports: a list’s CSV, post analytics’ CSV, the account’s ZIP, and both offline', async ({
  page,
  request,
  context,
}) => {
  test.setTimeout(300_000);
  const token = await demoWithAnalysis(page, request);

  await test.step('a list’s CSV holds the server’s whole list, each row with its source and date', async () => {
    const expected = await serverList(request, token, 'mutual/follower');
    baseExpect(expected.length).toBeGreaterThan(100);

    await page.goto('/mutualfollowing');
    await expect(page.locator('.follower-list__item').first()).toBeVisible({ timeout: 30_000 });
    const { download, bytes } = await downloaded(page, EXPORT_CSV);
    baseExpect(download.suggestedFilename()).toMatch(/^followscope-mutual-followers-\d{4}-\d\d-\d\d\.csv$/);
    const text = csvText(bytes);
    baseExpect(text.endsWith('\r\n')).toBe(true);
    const [header, ...rows] = parseCsv(text);
    baseExpect(header).toEqual(['Username', 'Full name', 'Source', 'Date']);
    baseExpect(rows.map((row) => row[0])).toEqual(expected);
    for (const row of rows) {
      baseExpect(row[2]).toBe('Sample network (demo)');
      baseExpect(row[3]).toMatch(ISO);
    }
    await expect(page.locator('.toast--info')).toBeVisible();
  });

  await test.step('post analytics’ CSV holds the screen’s figures and the network’s most liked posts', async () => {
    const posts = (
      (await (await request.get(`/dev/source/posts?username=${DEMO}`)).json()) as Array<{
        shortCode: string;
        isReel: boolean;
        likes: number;
      }>
    ).filter((post) => !post.isReel);

    await page.goto('/postanalytics');
    await expect(page.locator('[data-group="mostLiked"] .post-tile')).toHaveCount(3, { timeout: 30_000 });
    const { download, bytes } = await downloaded(page, EXPORT_CSV);
    baseExpect(download.suggestedFilename()).toMatch(/^followscope-post-analytics-\d{4}-\d\d-\d\d\.csv$/);
    const [header, ...rows] = parseCsv(csvText(bytes));
    baseExpect(header).toEqual(['Kind', 'Section', 'Item', 'Value', 'Link', 'Source', 'Date']);
    const metric = (name: string) => rows.find((row) => row[1] === 'Metrics' && row[2] === name);
    baseExpect(metric('Posts')?.[3]).toBe(String(posts.length));
    baseExpect(metric('Most likes')?.[3]).toBe(String(Math.max(...posts.map((post) => post.likes))));
    const liked = rows.filter((row) => row[1] === 'Most liked').map((row) => row[2]);
    baseExpect(liked[0]).toBe([...posts].sort((a, b) => b.likes - a.likes)[0]?.shortCode);
    for (const row of rows) {
      baseExpect(row[0]).toBe('Posts');
      baseExpect(row[5]).toBe('Sample network (demo)');
      baseExpect(row[6]).toMatch(ISO);
    }
  });

  await test.step('Export all my data: a ZIP of the server’s document, snapshots, payments and the six lists', async () => {
    const expected = await serverList(request, token, 'not/following/back');

    await page.goto('/managesubscription');
    await expect(page.getByTestId(EXPORT_ALL)).toBeEnabled();
    const { download, bytes } = await downloaded(page, EXPORT_ALL);
    baseExpect(download.suggestedFilename()).toMatch(/^followscope-account-\d{4}-\d\d-\d\d\.zip$/);
    const entries = await zipEntries(bytes);
    for (const name of [
      'account.json',
      'snapshots.csv',
      'payments.csv',
      'lists/new-followers.csv',
      'lists/lost-followers.csv',
      'lists/not-following-back.csv',
      'lists/you-dont-follow-back.csv',
      'lists/profile-viewers.csv',
      'lists/mutual-followers.csv',
    ]) {
      baseExpect(entries.has(name), name).toBe(true);
    }
    const account = JSON.parse(entries.get('account.json') ?? '{}') as {
      user: { username: string };
      analyses: Array<{ snapshot: { taken_at: string } | null }>;
    };
    baseExpect(account.user.username).toBe(DEMO);
    baseExpect(account.analyses.length).toBeGreaterThan(0);
    const snapshots = csvOf(entries.get('snapshots.csv'));
    baseExpect(snapshots[0]).toEqual(['Date', 'Followers', 'Following', 'Source']);
    baseExpect(snapshots[1]?.[0]).toBe(account.analyses[0]?.snapshot?.taken_at);
    baseExpect(csvOf(entries.get('payments.csv'))[0]).toEqual(['Date', 'Amount', 'Currency', 'Plan', 'Status']);
    const list = csvOf(entries.get('lists/not-following-back.csv'));
    baseExpect(list.slice(1).map((row) => row[0])).toEqual(expected);
  });

  await test.step('offline, a list and the whole account are exported from what the device saved, and say so', async () => {
    await page.goto('/mutualfollowing');
    await expect(page.locator('.follower-list__item').first()).toBeVisible({ timeout: 30_000 });
    const saved = await page.locator('.follower-list__item strong').allTextContents();
    await page.goto('/managesubscription');
    await expect(page.getByTestId(EXPORT_ALL)).toBeEnabled();
    await waitForOfflineReady(page);
    await context.setOffline(true);

    await page.goto('/mutualfollowing');
    await expect(page.locator('.follower-list__item').first()).toBeVisible();
    const list = await downloaded(page, EXPORT_CSV);
    baseExpect(list.download.suggestedFilename()).toMatch(
      /^followscope-mutual-followers-\d{4}-\d\d-\d\d-offline\.csv$/,
    );
    const rows = parseCsv(csvText(list.bytes));
    const note = rows.at(-1);
    baseExpect(note?.[0]).toMatch(/^Exported offline from what this device had saved: \d+ rows of \d+\.$/);
    const names = rows.slice(1, -1).map((row) => `@${row[0]}`);
    baseExpect(names.length).toBeGreaterThanOrEqual(15);
    const shown = Math.min(saved.length, names.length);
    baseExpect(names.slice(0, shown)).toEqual(saved.slice(0, shown));
    await expect(page.locator('.toast--info')).toBeVisible();

    await page.goto('/managesubscription');
    const zip = await downloaded(page, EXPORT_ALL);
    baseExpect(zip.download.suggestedFilename()).toMatch(/^followscope-account-\d{4}-\d\d-\d\d-offline\.zip$/);
    const entries = await zipEntries(zip.bytes);
    baseExpect(entries.has('account.json')).toBe(false);
    baseExpect(entries.get('NOTE.txt')).toMatch(/^Exported offline/);
    baseExpect(csvOf(entries.get('lists/mutual-followers.csv')).length).toBe(rows.length);
    await context.setOffline(false);
  });
});
