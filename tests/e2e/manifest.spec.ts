// The app can be installed: Chromium itself judges the manifest, its icons and the service worker.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from './browser.ts';
import { expect, test } from './fixtures.ts';
import { visit, waitForOfflineReady } from './helpers.ts';

test('Chromium finds the app installable from a normal (non-incognito) profile', async ({ baseURL }) => {
  // Installation is never offered in incognito, which is what a default test context is.
  const profile = mkdtempSync(join(tmpdir(), 'followscope-profile-'));
  const context = await chromium.launchPersistentContext(profile, { ...chromiumLaunchOptions, baseURL });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await visit(page, '/');
    await waitForOfflineReady(page);
    const cdp = await context.newCDPSession(page);

    const { errors, manifest } = (await cdp.send('Page.getAppManifest')) as {
      errors: Array<{ message: string }>;
      manifest?: { name?: string; display?: string; startUrl?: string };
    };
    expect(errors).toEqual([]);
    expect(manifest).toMatchObject({ name: 'Followscope', display: 'kStandalone', startUrl: `${baseURL}/` });

    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: Array<{ errorId: string }>;
    };
    expect(installabilityErrors).toEqual([]);
  } finally {
    await context.close();
  }
});

test('the manifest names its icons, and each is a PNG of the size it claims', async ({ request }) => {
  const manifest = await (await request.get('/manifest.webmanifest')).json();
  expect(manifest).toMatchObject({ short_name: 'Followscope', start_url: '/', display: 'standalone' });
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  const purposes = new Set<string>();
  for (const icon of manifest.icons as Array<{ src: string; sizes: string; purpose: string }>) {
    const response = await request.get(icon.src);
    expect(response.headers()['content-type']).toBe('image/png');
    const png = await response.body();
    // A PNG's width and height sit at bytes 16 and 20, in its IHDR chunk.
    expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`).toBe(icon.sizes);
    purposes.add(icon.purpose);
  }
  expect([...purposes].sort()).toEqual(['any', 'maskable']);
  expect(manifest.icons.map((icon: { sizes: string }) => icon.sizes)).toEqual(
    expect.arrayContaining(['192x192', '512x512']),
  );
});
