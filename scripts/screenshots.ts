// `npx tsx scripts/screenshots.ts` (after `npm run build`): the manifest's screenshots for the richer
// install dialog (issue 33), the real app at a phone's 390 × 844 on the demo account after two analyses
// a day apart. They are committed, and not precached (vite.config.ts precaches png, not jpg): only the
// install dialog shows them.
import { mkdirSync } from 'node:fs';
import { chromium, type Page } from '@playwright/test';
import { screenshots } from '../src/app/manifest.ts';
import { chromiumLaunchOptions } from '../tests/e2e/browser.ts';
import { writeLoginToIndexedDb } from '../tests/e2e/helpers.ts';
import { startServer } from '../tests/e2e/server.ts';
import { fetchAnalysis, loginByCode, postJson } from '../tests/support/api.ts';

async function appScreens(page: Page, origin: string) {
  const demo = 'demo@followscope.app';
  const { token, user } = await loginByCode(origin, demo);
  const auth = { authorization: `Bearer ${token}` };
  // Two analyses a day apart: who came and who left.
  await fetchAnalysis(`${origin}/api/v1/client/insta/start/analysis/`, { headers: auth });
  await postJson(origin, '/dev/clock', { advance_ms: 86_400_000 });
  const analysed = await (
    await fetchAnalysis(`${origin}/api/v1/client/insta/start/analysis/`, { headers: auth })
  ).json();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${origin}/`);
  await writeLoginToIndexedDb(
    page,
    { token, email: demo, username: user.username, insta_full_name: user.insta_full_name, is_subscribed: true },
    analysed.user,
  );
  // The invitation to notifications is answered, so the screenshots show the figures.
  await page.evaluate(() => localStorage.setItem('followscope.notifications', JSON.stringify({ invited: true })));
  const shots: Record<string, string> = {
    '/screenshots/dashboard.jpg': '/home',
    '/screenshots/new-followers.jpg': '/newfollowers',
    '/screenshots/post-analytics.jpg': '/postanalytics',
  };
  for (const shot of screenshots) {
    await page.goto(`${origin}${shots[shot.src]}`);
    await page.locator('main h1').waitFor();
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: `public${shot.src}`, type: 'jpeg', quality: 70 });
  }
}

const browser = await chromium.launch(chromiumLaunchOptions);
const server = await startServer();
try {
  mkdirSync('public/screenshots', { recursive: true });
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  await appScreens(page, server.url);
} finally {
  await browser.close();
  await server.stop();
}
