// One Lighthouse run: a fresh Chromium (its own empty profile), Lighthouse's default mobile settings
// (moto g power, simulated slow 4G and a 4x slower CPU), and a check that the screen itself rendered.
import { mkdirSync, writeFileSync } from 'node:fs';
import { launch } from 'chrome-launcher';
import lighthouse, { type Flags } from 'lighthouse';
import puppeteer, { type Page } from 'puppeteer-core';
import { chromiumLaunchOptions } from '../tests/e2e/browser.ts';
import { storeLoginInPage } from '../tests/e2e/helpers.ts';
import { erroredAudits, figuresOf, type LighthouseReport, type RunFigures } from './lighthouse-figures.ts';

/** A logged-in account as the app stores it after a validated code (bench/app.ts demoLogin). */
export interface StoredLogin {
  token: string;
  email: string;
  user: Record<string, unknown>;
}

/** Where each run's report and final screenshot are kept, to see what was measured and why (git-ignored). */
export const REPORTS = 'bench/tmp/lighthouse';

const FLAGS: Flags = { onlyCategories: ['performance', 'accessibility'], output: 'json', logLevel: 'error' };

/** How long the app may take to create its database on the page that stores the login. */
const STORE_TIMEOUT_MS = 30_000;

/** Writes the login and user record into the app's IndexedDB, once the app has created its stores. */
async function storeLogin(page: Page, origin: string, { token, email, user }: StoredLogin): Promise<void> {
  await page.goto(`${origin}/`);
  const login = { token, email, username: String(user.username), insta_full_name: '', is_subscribed: true };
  const deadline = Date.now() + STORE_TIMEOUT_MS;
  for (let looks = 0; ; looks++) {
    const stored = await page.evaluate(storeLoginInPage, { login, user });
    if (stored) return;
    // A first visit opens no database (issue 52); the first look left ours listed, so a reload opens it.
    if (looks === 0) await page.reload();
    if (Date.now() > deadline) throw new Error('the app did not create its database');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Leaves the origin with its IndexedDB (the login) but without the service worker, its caches and
 * the HTTP cache the storing visit filled: the next load is a logged-in user's cold one.
 */
async function forgetAllButTheLogin(page: Page, origin: string): Promise<void> {
  await page.goto('about:blank');
  const cdp = await page.createCDPSession();
  await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'service_workers,cache_storage' });
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
}

/** What the page shows after the run: its path and its heading, or why it is not the screen asked for. */
async function renderedScreen(page: Page, report: LighthouseReport, path: string, mustShow?: string) {
  const shown = new URL(report.finalDisplayedUrl).pathname;
  if (shown !== path) throw new Error(`Lighthouse on ${path} ended on ${shown}: redirected, not measured`);
  const seen = await page.evaluate(
    (selector) => ({
      path: location.pathname,
      heading: document.querySelector('main h1')?.textContent?.trim() ?? '',
      detail: selector ? (document.querySelector(selector)?.textContent?.trim() ?? '') : 'none asked',
    }),
    mustShow,
  );
  if (seen.path !== path || seen.heading === '' || seen.detail === '' || seen.detail === '0')
    throw new Error(`Lighthouse on ${path}: the screen did not render (${JSON.stringify(seen)})`);
}

/** Keeps the run's report (open it in the Lighthouse viewer) and its final screenshot, a JPEG data URL. */
function keepReport(report: LighthouseReport, name: string): void {
  mkdirSync(REPORTS, { recursive: true });
  writeFileSync(`${REPORTS}/${name}.json`, JSON.stringify(report));
  const data = (report.audits['final-screenshot']?.details as { data?: string } | undefined)?.data;
  if (data)
    writeFileSync(`${REPORTS}/${name}.jpg`, Buffer.from(data.replace(/^data:image\/\w+;base64,/, ''), 'base64'));
}

export interface RunRequest {
  origin: string;
  path: string;
  /** Logged in: the login is stored first and Lighthouse must not reset storage. */
  login?: StoredLogin;
  /** A selector whose text must be there and not "0" once loaded (the dashboard's follower count). */
  mustShow?: string;
  /** The file name of the kept report and screenshot. */
  name: string;
}

/** A run's figures, and the audits Lighthouse could not run in it. */
export interface Audited {
  figures: RunFigures;
  errored: string[];
}

/** Audits one screen once in a fresh Chromium; throws when the run failed or the screen did not render. */
export async function auditOnce({ origin, path, login, mustShow, name }: RunRequest): Promise<Audited> {
  const chrome = await launch({
    chromePath: chromiumLaunchOptions.executablePath,
    chromeFlags: ['--headless=new', ...(chromiumLaunchOptions.args ?? [])],
  });
  const closed = new Promise((resolve) => chrome.process.once('close', resolve));
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
    try {
      const page = await browser.newPage();
      if (login) {
        await storeLogin(page, origin, login);
        await forgetAllButTheLogin(page, origin);
      }
      // A visitor's profile is empty already; Lighthouse's own reset is kept for them all the same.
      const result = await lighthouse(
        `${origin}${path}`,
        { ...FLAGS, disableStorageReset: Boolean(login) },
        undefined,
        page,
      );
      if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
      const report = result.lhr as LighthouseReport;
      keepReport(report, name);
      const figures = figuresOf(report);
      await renderedScreen(page, report, path, mustShow);
      return { figures, errored: erroredAudits(report) };
    } finally {
      await browser.disconnect();
    }
  } finally {
    chrome.kill();
    // One Chromium at a time: the next run starts once this one is gone.
    await closed;
  }
}
