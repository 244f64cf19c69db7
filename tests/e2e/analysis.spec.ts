// Follower analysis end to end: a private account; an unknown username; stop and start again; a server
// killed mid-collection that resumes. The baseline and a day later, with lists equal to the network's
// ground truth that open offline, share figures.spec.ts's two analyses.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { loginAs } from './helpers.ts';
import { serverText } from './language.ts';
import { dataDirFromTemplate } from './server.ts';

/** Presses Start and waits for the analysis to finish. */
async function runAnalysis(page: Page) {
  await page.getByRole('button', { name: 'Start analysis' }).click();
  await expect(page.getByRole('progressbar')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start analysis' })).toBeVisible({ timeout: 60_000 });
}

test.describe('with a server of its own', () => {
  test('a server killed in the middle of a collection resumes it, and the figures still match', async ({
    page,
    request,
    ownServers,
  }) => {
    test.setTimeout(180_000);
    const dataDir = dataDirFromTemplate();
    let server = await ownServers.start({ DATA_DIR: dataDir, SOURCE_LATENCY_MS: '4' });
    const origin = server.url;
    const email = await loginAs(page, request, { subscribed: true, username: 'size.150000' }, origin);
    await page.goto(`${origin}/home`);
    await page.getByRole('button', { name: 'Start analysis' }).click();
    await expect(page.getByRole('progressbar')).toBeVisible();
    // Killed once the collection has saved pages (its checkpoint), not after a guessed while.
    const chunks = async () =>
      (
        (await (await request.get(`${origin}/dev/account/rows?email=${encodeURIComponent(email)}`)).json()) as {
          counts: Record<string, number>;
        }
      ).counts.analysis_chunks;
    await expect.poll(chunks, { timeout: 30_000, intervals: [100] }).toBeGreaterThan(0);
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
