// What a visitor's first visit to `/` fetches (issue 52): every JavaScript file the page (and its frames)
// asks for until the network is idle, each counted at its gzip size. Measured in Debian's Chromium
// against the built server, since what loads after the first paint (the session read, the service
// worker's registration) is decided by running the code, not by the build's import graph.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../tests/e2e/browser.ts';
import { startServer } from '../tests/e2e/server.ts';

/** The budget for everything a first visit to `/` fetches, in kB (1000 bytes) of gzip. */
export const FIRST_VISIT_JS_BUDGET_KB = 100;

/** After the network is idle, this long more for what waits for an idle moment (afterScreenPaint). */
const SETTLE_MS = 2_000;

export interface FirstVisit {
  files: Array<{ file: string; kb: number }>;
  kb: number;
}

export async function measureFirstVisit(dist: string): Promise<FirstVisit> {
  const server = await startServer({ STATIC_DIR: dist, SEED_DEMO: 'false' });
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const page = await browser.newPage();
    const asked = new Set<string>();
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.endsWith('.js') || pathname.endsWith('.mjs')) asked.add(pathname);
    });
    await page.goto(`${server.url}/`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(SETTLE_MS);
    await page.waitForLoadState('networkidle');
    const files = [...asked].map((file) => ({
      file: file.replace(/^\//, ''),
      kb: gzipSync(readFileSync(join(dist, file)), { level: 9 }).length / 1000,
    }));
    return { files, kb: files.reduce((sum, { kb }) => sum + kb, 0) };
  } finally {
    await browser.close();
    await server.stop();
  }
}
