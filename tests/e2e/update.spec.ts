// A deploy while the app is open: the user is offered the new version, the old one keeps working
// (old shell, old chunks) until they accept, and then the whole page is the new version.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './fixtures.ts';
import { waitForOfflineReady } from './helpers.ts';
import { type RunningServer, startServer } from './server.ts';

const servers: RunningServer[] = [];
test.afterEach(async () => {
  await Promise.all(servers.map((server) => server.stop()));
});

/** The entry script index.html names: it changes with every build. */
const entryOf = (html: string) => html.match(/src="(\/assets\/index-[^"]+\.js)"/)?.[1];

test('a new deploy is offered, never mixed in, and taken on Update', async ({ page }) => {
  test.setTimeout(120_000);
  const v2 = mkdtempSync(join(tmpdir(), 'followscope-v2-'));
  execFileSync('npx', ['vite', 'build', '--outDir', v2, '--emptyOutDir', '--logLevel', 'error'], {
    // Its files unpacked: the deploy is the test, not how small its files travel (issue 37).
    env: { ...process.env, FOLLOWSCOPE_BUILD_ID: 'v2', FOLLOWSCOPE_PRECOMPRESS: 'off' },
    stdio: 'inherit',
  });
  const v1Entry = entryOf(readFileSync('dist/index.html', 'utf8'));
  const v2Entry = entryOf(readFileSync(join(v2, 'index.html'), 'utf8'));
  expect(v1Entry).toBeTruthy();
  expect(v2Entry).not.toBe(v1Entry);

  const v1 = await startServer();
  servers.push(v1);
  await page.goto(`${v1.url}/`);
  await waitForOfflineReady(page);
  // Asked while the page may be reloading, so a destroyed context reads as "not yet".
  const entryNow = () =>
    page.evaluate(() => document.querySelector<HTMLScriptElement>('script[type=module]')?.src).catch(() => undefined);
  expect(await entryNow()).toContain(v1Entry);

  // Deploy v2 on the same origin.
  await v1.stop();
  const port = new URL(v1.url).port;
  servers.push(await startServer({ PORT: port, STATIC_DIR: v2 }));
  await page.reload();

  await expect(page.getByText('A new version of Followscope is ready.')).toBeVisible({ timeout: 20_000 });
  // Until the user accepts, the page is wholly v1, and v1's lazy chunks still load as they move around.
  expect(await entryNow()).toContain(v1Entry);
  await page.getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page.locator('main h1')).toHaveText('Privacy Policy');
  expect(await entryNow()).toContain(v1Entry);
  await expect(page.getByText('A new version of Followscope is ready.')).toBeVisible();

  await page.getByRole('button', { name: 'Update now' }).click();
  await expect.poll(entryNow, { timeout: 20_000 }).toContain(v2Entry);
  await expect(page.locator('main h1')).toHaveText('Privacy Policy');
  await expect(page.getByText('A new version of Followscope is ready.')).toBeHidden();
});
