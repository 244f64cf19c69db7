// A phone layout that fits in every language (issue 34): the de-DE dashboard was 394 px wide on a 360 px
// screen. One phone-sized page per language visits every route of common/routes.ts, as a visitor and as
// the demo subscriber with figures, moving between them as the app does (no reload), and checks nothing
// scrolls sideways. The checkout with its charges line and the confirmation after paying are screens too.
// On the way, in each language, the demo's sample figures say so (issue 17: "Sample data" on the dashboard,
// its cards and every screen that shows them; accessibility.spec.ts has the English journey with its analysis).
import type { Browser, Page } from '@playwright/test';
import { type Locale, locales } from '../../common/locales.ts';
import { routes } from '../../common/routes.ts';
import { codeFor, createAccount, uniqueEmail } from './accounts-helpers.ts';
import { expect, test } from './fixtures.ts';
import { writeLoginToIndexedDb } from './helpers.ts';
import { bannered, sampleLine, sourceLined, ui } from './language.ts';

const PHONE = { width: 360, height: 740 };

const address = (path: string) => (path === '/viewAllPosts' ? `${path}?name=mostLiked&isReel=false` : path);
const visitorPaths = [
  ...routes.filter((route) => ['A', 'B', 'public', 'none'].includes(route.guard)).map((route) => route.path),
  '/no-such-page',
];
const subscriberPaths = routes
  .filter((route) => route.guard === 'C' || route.guard === 'token')
  .map((route) => address(route.path));

/** The demo subscriber after an analysis, logged in once for every language's page. */
async function demoSubscriber(request: import('@playwright/test').APIRequestContext) {
  const email = uniqueEmail('phone.demo');
  await createAccount(request, { email, username: 'followscope.demo', fullName: 'Followscope Demo', subscribed: true });
  await request.post('/api/v1/client/insta/sendotp/', { data: { email } });
  const login = await request.post('/api/v1/client/insta/validateotp/', {
    data: { email, otp: await codeFor(request, email) },
  });
  const { token } = (await login.json()) as { token: string };
  const analysed = await request.get('/api/v1/client/insta/start/analysis/', {
    headers: { authorization: `Bearer ${token}` },
    timeout: 120_000,
  });
  expect(analysed.ok()).toBe(true);
  const { user } = (await analysed.json()) as { user: Record<string, unknown> };
  return {
    login: { token, email, username: 'followscope.demo', insta_full_name: 'Followscope Demo', is_subscribed: true },
    user,
  };
}

/** What one screen showed once it settled: its width, what sticks out, and its sample marks' texts. */
interface Seen {
  width: number;
  wide: string[];
  banner: string | null;
  sourceLine: string | null;
}

interface MeasureOptions {
  to?: string;
  settle?: boolean;
  marks?: { banner: boolean; sourceLine: boolean };
}

/**
 * In ONE round trip to the page: moves to `to` as the app's own links do (none: where the page is),
 * waits until the screen has its heading and nothing loads (and, where `marks` says so, its sample
 * banner or source line is there), then measures it. The wait polls each frame, bounded by 30 s, and
 * throws saying what was missing; `settle: false` measures at once.
 */
async function measure(
  page: Page,
  { to, settle = true, marks = { banner: false, sourceLine: false } }: MeasureOptions = {},
): Promise<Seen> {
  return page.evaluate(
    async ({ to, settle, limit, marks, timeoutMs }): Promise<Seen> => {
      if (to !== null) {
        history.pushState(null, '', to);
        dispatchEvent(new PopStateEvent('popstate'));
      }
      const frame = () => new Promise((done) => requestAnimationFrame(done));
      const deadline = performance.now() + timeoutMs;
      // Two frames first: the route's render (or its Suspense fallback, which is busy) is on screen.
      if (settle) await frame();
      while (settle) {
        await frame();
        const headings = [...document.querySelectorAll('main h1')];
        const heading = headings[0];
        const box = heading?.getBoundingClientRect();
        const headingShown =
          headings.length === 1 &&
          box !== undefined &&
          box.width > 0 &&
          box.height > 0 &&
          getComputedStyle(heading as Element).visibility !== 'hidden';
        const busy = document.querySelectorAll('[aria-busy="true"]').length;
        const markMissing =
          (marks.banner && !document.querySelector('[data-testid="sample-banner"]')) ||
          (marks.sourceLine && !document.querySelector('[data-testid="source-line"]'));
        if (headingShown && busy === 0 && !markMissing) break;
        if (performance.now() > deadline) {
          // Settled but a mark is missing: the caller's assertion names it; otherwise the wait failed.
          if (headingShown && busy === 0) break;
          throw new Error(
            `${location.pathname}: after ${timeoutMs / 1000} s, ${headings.length} main h1 (${headingShown ? 'shown' : 'not shown'}) and ${busy} [aria-busy="true"] left`,
          );
        }
      }
      const width = document.documentElement.scrollWidth;
      const sticksOut = (element: Element) => element.getBoundingClientRect().right > limit + 0.5;
      // The innermost elements that stick out: what makes the page too wide, not the boxes around it.
      const wide =
        width > limit
          ? [...document.querySelectorAll('main *, header *')]
              .filter((element) => sticksOut(element) && ![...element.children].some(sticksOut))
              .slice(0, 3)
              .map(
                (element) =>
                  `${element.tagName.toLowerCase()}.${element.className}: ${element.textContent?.slice(0, 40)}`,
              )
          : [];
      return {
        width,
        wide,
        banner: document.querySelector('[data-testid="sample-banner"]')?.textContent ?? null,
        sourceLine: document.querySelector('[data-testid="source-line"]')?.textContent ?? null,
      };
    },
    { to: to ?? null, settle, limit: PHONE.width, marks, timeoutMs: 30_000 },
  );
}

function expectFitted({ width, wide }: { width: number; wide: string[] }, what: string) {
  expect({ what, width, wide }).toEqual({ what, width: Math.min(width, PHONE.width), wide: [] });
}

/** The page as it is now (no waiting) fits the phone's width. */
async function expectFits(page: Page, what: string) {
  expectFitted(await measure(page, { settle: false }), what);
}

/** The demo's dashboard in `locale` says its figures are sample data: the banner, the source line, each card. */
async function expectSampleDashboard(page: Page, locale: Locale) {
  const banner = page.getByTestId('sample-banner');
  await expect(banner).toContainText(ui(locale, 'Sample data'));
  await expect(banner).toContainText(
    ui(
      locale,
      'This is a demo account on Followscope’s sample network, a simulation for demos and tests: its people, posts, comments and stories are invented, not a real account’s.',
    ),
  );
  await expect(page.locator('.home__account [data-testid="source-line"]')).toHaveText(sampleLine(locale));
  // Every card that shows a figure carries the mark.
  await expect(page.locator('.dashboard__card [data-testid="sample-mark"]')).toHaveCount(12);
}

/** A subscriber screen of the demo in `locale`, as `visitAndMeasure` saw it: the sample banner and source line where it has them. */
function expectSampleScreen(seen: Seen, locale: Locale, path: string) {
  if (bannered.includes(path)) expect(seen.banner, path).toContain(ui(locale, 'Sample data'));
  if (sourceLined.includes(path)) expect(seen.sourceLine, path).toMatch(sampleLine(locale));
}

/**
 * A phone-sized page in `locale`. Widths are the layout's, not the service worker's: without one, each of
 * the six contexts is spared installing it and fetching every file of the app into its cache.
 */
async function phonePage(browser: Browser, locale: string) {
  const context = await browser.newContext({
    locale,
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

test('no screen scrolls sideways at 360 px, and the demo says "Sample data", in any of the six languages', async ({
  browser,
  request,
}) => {
  // 6 languages × about 35 screens, moved between in the page: a few minutes on a loaded 2-core machine.
  test.setTimeout(600_000);
  const demo = await demoSubscriber(request);
  for (const locale of locales) {
    const { context, page, errors } = await phonePage(browser, locale);
    await page.goto('/');
    await measure(page);
    for (const path of visitorPaths) expectFitted(await measure(page, { to: path }), `${locale} ${path}`);
    // The offer's checkout, with its charges line above the pay button.
    await measure(page, { to: '/paymentplan' });
    await page.locator('.offer button.button--wide').first().click();
    await expect(page.getByTestId('charges')).toBeVisible();
    await expectFits(page, `${locale} the checkout`);

    await writeLoginToIndexedDb(page, demo.login, demo.user);
    await page.goto('/home');
    await measure(page);
    await expectSampleDashboard(page, locale);
    for (const path of subscriberPaths) {
      const marks = { banner: bannered.includes(path), sourceLine: sourceLined.includes(path) };
      const seen = await measure(page, { to: path, marks });
      expectFitted(seen, `${locale} ${path} (subscriber)`);
      expectSampleScreen(seen, locale, path);
    }
    expect(errors, `${locale}: the app logged errors`).toEqual([]);
    await context.close();
  }
});

test('the header keeps a long name whole on a phone, and says "Log out" as its menu does', async ({
  browser,
  request,
}) => {
  const email = uniqueEmail('header');
  await createAccount(request, { email, username: 'maria.lopez.photo', subscribed: true });
  await request.post('/api/v1/client/insta/sendotp/', { data: { email } });
  const login = await request.post('/api/v1/client/insta/validateotp/', {
    data: { email, otp: await codeFor(request, email) },
  });
  const { token, user } = (await login.json()) as { token: string; user: Record<string, unknown> };
  const { context, page } = await phonePage(browser, 'de-DE');
  await page.goto('/');
  await writeLoginToIndexedDb(
    page,
    { token, email, username: 'maria.lopez.photo', insta_full_name: '', is_subscribed: true },
    user,
  );
  await page.goto('/home');
  await measure(page);
  const name = page.locator('header .header__name');
  await expect(name).toHaveText('@maria.lopez.photo');
  // Nothing of it is cut off: its box holds all of its text.
  expect(await name.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  await expect(page.locator('header').getByRole('button', { name: 'Abmelden' })).toBeVisible();
  await page.getByRole('button', { name: 'Menü' }).click();
  await expect(page.locator('#main-menu').getByRole('button', { name: 'Abmelden' })).toBeVisible();
  await expectFits(page, 'the header with its menu open');
  await context.close();
});
