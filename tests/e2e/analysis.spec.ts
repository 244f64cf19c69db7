// Follower analysis end to end: the baseline, a day later, lists equal to the network's ground
// truth and open offline; a private account; an unknown username; stop and start again; a server
// killed mid-collection that resumes.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { summaryOf } from '../../server/source/sample.ts';
import { expect, test } from './fixtures.ts';
import { loginAs } from './helpers.ts';
import { serverText } from './language.ts';

const DAY = 24 * 3_600_000;

/** Presses Start and waits for the analysis to finish. */
async function runAnalysis(page: Page) {
  await page.getByRole('button', { name: 'Start analysis' }).click();
  await expect(page.getByRole('progressbar')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start analysis' })).toBeVisible({ timeout: 60_000 });
}

/**
 * Every username a list shows. Only rows on screen are rendered, so it steps the window down to the
 * real bottom (waiting for each step to paint and for more pages to load), reading as it goes.
 */
async function readWholeList(page: Page): Promise<string[]> {
  const names = new Set<string>();
  const read = async () => {
    for (const name of await page.locator('.follower-list__item strong').allTextContents()) names.add(name.slice(1));
  };
  await expect(page.locator('.follower-list__item').first().or(page.getByText('Nobody here yet'))).toBeVisible();
  const deadline = Date.now() + 60_000;
  for (let y = 0; Date.now() < deadline; y += 500) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await read();
    const atBottom = await page.evaluate(
      () => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1,
    );
    const finished = await page.getByText(/That is everyone|Nobody here yet/).isVisible();
    if (atBottom && finished) return [...names].sort();
  }
  throw new Error(`the list did not reach its end; read ${names.size} names`);
}

const serverNow = async (request: APIRequestContext, origin: string) =>
  ((await (await request.get(`${origin}/dev/clock`)).json()) as { now: string }).now;

test.describe('with a server of its own', () => {
  test('a day later, the new and lost followers are exactly the network’s, and reopen offline', async ({
    page,
    request,
    context,
    ownServers,
  }) => {
    test.setTimeout(120_000);
    const server = await ownServers.start();
    const origin = server.url;
    await loginAs(page, request, { subscribed: true, username: 'followscope.demo', fullName: 'Demo' }, origin);
    await page.goto(`${origin}/home`);
    await runAnalysis(page);
    await expect(page.getByText('Baseline saved', { exact: false })).toBeVisible();
    const from = await serverNow(request, origin);

    await request.post(`${origin}/dev/clock`, { data: { advance_ms: DAY } });
    await runAnalysis(page);
    const to = await serverNow(request, origin);
    const truth = (await (
      await request.get(`${origin}/dev/source/truth?username=followscope.demo&from=${from}&to=${to}`)
    ).json()) as { followed: string[]; unfollowed: string[] };
    expect(truth.followed.length).toBeGreaterThan(0);

    await page.goto(`${origin}/newfollowers`);
    const newcomers = await readWholeList(page);
    expect(newcomers).toEqual(truth.followed.map((id) => summaryOf(id).username).sort());
    await page.goto(`${origin}/followerslost`);
    expect(await readWholeList(page)).toEqual(truth.unfollowed.map((id) => summaryOf(id).username).sort());

    // The lists were cached as they were read: they open with no server and no network.
    await server.stop();
    await context.setOffline(true);
    await page.goto(`${origin}/newfollowers`);
    expect(await readWholeList(page)).toEqual(newcomers);
  });

  test('a server killed in the middle of a collection resumes it, and the figures still match', async ({
    page,
    request,
    ownServers,
  }) => {
    test.setTimeout(180_000);
    const dataDir = mkdtempSync(join(tmpdir(), 'followscope-restart-'));
    let server = await ownServers.start({ DATA_DIR: dataDir, SOURCE_LATENCY_MS: '4' });
    const origin = server.url;
    await loginAs(page, request, { subscribed: true, username: 'size.150000' }, origin);
    await page.goto(`${origin}/home`);
    await page.getByRole('button', { name: 'Start analysis' }).click();
    await expect(page.getByRole('progressbar')).toBeVisible();
    await page.waitForTimeout(1_500);
    await server.kill();
    server = await ownServers.start({ DATA_DIR: dataDir, SOURCE_LATENCY_MS: '4', PORT: new URL(origin).port });
    // The page saw its request fail; pressing Start joins the resumed analysis.
    await expect(page.getByRole('button', { name: 'Start analysis' })).toBeVisible({ timeout: 30_000 });
    await runAnalysis(page);
    const account = (await (await request.get(`${origin}/dev/source/account?username=size.150000`)).json()) as {
      followerCount: number;
    };
    const shown = await page.getByTestId('total-followers').textContent();
    expect(shown).toBe(`${(Math.floor((account.followerCount / 1000) * 10) / 10).toFixed(1)}K`);
  });
});

test('a private account gets the alert and zero stats', async ({ page, request }) => {
  await loginAs(page, request, { subscribed: true, username: 'private.rose' });
  await page.goto('/home');
  await page.getByRole('button', { name: 'Start analysis' }).click();
  const alert = page.getByRole('alertdialog');
  await expect(alert).toContainText('This account is private');
  await alert.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByTestId('total-followers')).toHaveText('0');
});

test('a username the network does not know blocks the analysis with its message', async ({ page, request }) => {
  test.setTimeout(90_000);
  await loginAs(page, request, { subscribed: true, username: 'nobody' });
  await page.goto('/home');
  await page.getByRole('button', { name: 'Start analysis' }).click();
  // The answer comes when the queued analysis has asked the network: as long as any analysis may take.
  await expect(page.getByText(serverText('en', 'invalidUsername')).first()).toBeVisible({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Start analysis' }).click();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  // The message stays on the dashboard, not only in the toast.
  await expect(page.locator('.notice--error', { hasText: serverText('en', 'invalidUsername') })).toBeVisible();
});

test('an analysis stopped half-way starts again from scratch and completes', async ({ page, request }) => {
  test.setTimeout(120_000);
  await loginAs(page, request, { subscribed: true, username: 'size.400000' });
  await page.goto('/home');
  await page.getByRole('button', { name: 'Start analysis' }).click();
  await expect(page.getByRole('progressbar')).toBeVisible();
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await runAnalysis(page);
  await expect(page.getByTestId('total-followers')).toHaveText(/^\d+\.\dK$/);
});
