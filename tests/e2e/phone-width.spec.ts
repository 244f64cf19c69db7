// A phone layout that fits in every language (issue 34): the de-DE dashboard was 394 px wide on a 360 px
// screen; issue 51: the German header 220 px tall, pt-BR's "Dados de exemplo" tags out of their cards.
// One 320 px page per language visits every route of common/routes.ts, as a visitor and as the demo
// subscriber with figures, moving between them as the app does (no reload), and checks that no element
// is wider than its container, nothing scrolls sideways and the header is at most 72 px tall. The checkout with its charges line and the confirmation after paying are screens too.
// On the way, in each language, the demo's sample figures say so (issue 17: "Sample data" on the dashboard,
// its cards and every screen that shows them; accessibility.spec.ts has the English journey with its analysis).
import type { Browser, Page } from '@playwright/test';
import { type Locale, locales } from '../../common/locales.ts';
import { routes } from '../../common/routes.ts';
import { cardScreens, screenEntry } from '../../common/screens.ts';
import { codeFor, createAccount, uniqueEmail } from './accounts-helpers.ts';
import { cards, fillCheckout, openCheckout } from './checkout-helpers.ts';
import { expect, test } from './fixtures.ts';
import { writeLoginToIndexedDb } from './helpers.ts';
import { bannered, sampleLine, serverText, sourceLined, ui } from './language.ts';
import { findMisfits, HEADER_LIMIT } from './phone-helpers.ts';

const PHONE = { width: 320, height: 640 };

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
    async ({ to, settle, marks, timeoutMs }): Promise<Seen> => {
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
      return {
        banner: document.querySelector('[data-testid="sample-banner"]')?.textContent ?? null,
        sourceLine: document.querySelector('[data-testid="source-line"]')?.textContent ?? null,
      };
    },
    { to: to ?? null, settle, marks, timeoutMs: 30_000 },
  );
}

/**
 * The screen as it is now fits the phone (issue 51): nothing wider than its container, the header at
 * most 72 px tall. Soft, so one run names every screen that does not.
 */
async function expectFits(page: Page, what: string) {
  expect.soft(await page.evaluate(findMisfits, HEADER_LIMIT), what).toEqual([]);
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
  // Every card the sample network fills carries the mark (the download's own lists it does not fill).
  const sampleCards = cardScreens.filter((card) => screenEntry(card).sources?.fills.includes('sample'));
  await expect(page.locator('.dashboard__card [data-testid="sample-mark"]')).toHaveCount(sampleCards.length);
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
async function phonePage(browser: Browser, locale: string, viewport = PHONE) {
  const context = await browser.newContext({
    locale,
    viewport,
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

test('no element is wider than its container and the header is at most 72 px tall at 320 px, and the demo says "Sample data", in any of the six languages', async ({
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
    for (const path of visitorPaths) {
      await measure(page, { to: path });
      await expectFits(page, `${locale} ${path}`);
    }
    // The offer's checkout, with its charges line above the pay button.
    await measure(page, { to: '/paymentplan' });
    await page.locator('.offer button.button--wide').first().click();
    await expect(page.getByTestId('charges')).toBeVisible();
    await expectFits(page, `${locale} the checkout`);

    await writeLoginToIndexedDb(page, demo.login, demo.user);
    await page.goto('/home');
    await measure(page);
    await expectSampleDashboard(page, locale);
    await expectFits(page, `${locale} /home with its figures`);
    for (const path of subscriberPaths) {
      const marks = { banner: bannered.includes(path), sourceLine: sourceLined.includes(path) };
      const seen = await measure(page, { to: path, marks });
      await expectFits(page, `${locale} ${path} (subscriber)`);
      expectSampleScreen(seen, locale, path);
    }
    expect(errors, `${locale}: the app logged errors`).toEqual([]);
    await context.close();
  }
});

/** A subscriber with a long name and username, logged in on a phone-sized page in `locale`. */
async function longNamedSubscriber(
  browser: Browser,
  request: import('@playwright/test').APIRequestContext,
  locale: string,
  viewport: { width: number; height: number },
) {
  const email = uniqueEmail('header');
  const username = 'maria.silva.fotos.e.viagens';
  const fullName = 'Maria Aparecida da Silva Fotografia';
  await createAccount(request, { email, username, fullName, subscribed: true });
  await request.post('/api/v1/client/insta/sendotp/', { data: { email } });
  const login = await request.post('/api/v1/client/insta/validateotp/', {
    data: { email, otp: await codeFor(request, email) },
  });
  const { token, user } = (await login.json()) as { token: string; user: Record<string, unknown> };
  const { context, page } = await phonePage(browser, locale, viewport);
  await page.goto('/');
  await writeLoginToIndexedDb(page, { token, email, username, insta_full_name: fullName, is_subscribed: true }, user);
  return { context, page, username, fullName };
}

test('the header is one row of at most 72 px at 320 and 360 px in every language, with the whole name on a tap', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  for (const width of [320, 360]) {
    for (const locale of locales) {
      const { context, page, username, fullName } = await longNamedSubscriber(browser, request, locale, {
        width,
        height: 640,
      });
      await page.goto('/home');
      await measure(page);
      const what = `${locale} at ${width} px`;
      const header = page.locator('header.header');
      expect((await header.boundingBox())?.height, what).toBeLessThanOrEqual(HEADER_LIMIT);
      // One line each, cut with an ellipsis; the whole of both is the button's name and its title.
      const whole = `${fullName} @${username}`;
      const who = header.getByRole('button', { name: whole });
      await expect(who).toHaveAttribute('title', whole);
      for (const line of ['.header__name', '.header__username'])
        expect(
          await header.locator(line).evaluate((element) => ({
            lines: Math.round(
              element.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(element).lineHeight),
            ),
            ellipsis: getComputedStyle(element).textOverflow,
          })),
          `${what} ${line}`,
        ).toEqual({ lines: 1, ellipsis: 'ellipsis' });
      // No room kept for an install the browser does not offer; "Log out" once, in the menu.
      await expect(header.getByRole('button', { name: ui(locale, 'Install') })).toHaveCount(0);
      await expect(header.getByRole('button', { name: ui(locale, 'Log out') })).toHaveCount(0);
      await who.click();
      await expect(page.locator('#header-whole-name')).toHaveText(`${fullName}@${username}`);
      const shown = await page.locator('#header-whole-name').boundingBox();
      expect(shown && shown.x >= 0 && shown.x + shown.width <= width + 0.5, `${what}: the whole name on screen`).toBe(
        true,
      );
      await page.getByRole('button', { name: ui(locale, 'Menu') }).click();
      await expect(page.locator('#main-menu').getByRole('button', { name: ui(locale, 'Log out') })).toHaveCount(1);
      await expect(page.getByRole('button', { name: ui(locale, 'Log out') })).toHaveCount(1);
      await expectFits(page, `${what}, the menu open`);
      await context.close();
    }
  }
});

// ALTCHA's own words for its check box, per language (node_modules/altcha/dist/i18n/<tag>.js).
const humanCheckLabels: Record<Locale, string> = {
  en: 'I’m not a robot',
  es: 'No soy un robot',
  fr: 'Je ne suis pas un robot',
  de: 'Ich bin kein Roboter',
  it: 'Non sono un robot',
  'pt-BR': 'Eu não sou um robô',
};

test.describe('with a server of its own', () => {
  test('the human check speaks the reader’s language and the 3-D Secure dialog fits at 320 px, in every language', async ({
    browser,
    ownServers,
  }) => {
    test.setTimeout(300_000);
    const server = await ownServers.start({ CAPTCHA: 'always' });
    for (const locale of locales) {
      const { context, page, errors } = await phonePage(browser, locale);
      await openCheckout(page, locale, server.url);
      await fillCheckout(page, locale, { username: 'three.ds', email: uniqueEmail('phone-3ds'), card: cards.threeDs });
      const check = page.locator('altcha-widget');
      await expect(check.locator('label').first()).toHaveText(humanCheckLabels[locale].replace('’', "'"));
      await expectFits(page, `${locale} the checkout with its human check`);
      await check.locator('label').first().click();
      const submit = page.getByRole('button', {
        name: new RegExp(`^${ui(locale, 'Pay {amount} today').replace('{amount}', '.+')}$`),
      });
      await expect(submit).toBeEnabled({ timeout: 30_000 });
      await submit.click();
      const bank = page.getByRole('dialog');
      await expect(bank.getByRole('button', { name: ui(locale, 'Fail authentication') })).toBeVisible();
      await expectFits(page, `${locale} the 3-D Secure dialog`);
      await bank.getByRole('button', { name: ui(locale, 'Fail authentication') }).click();
      await expect(page.getByText(serverText(locale, 'threeDsFailed'))).toBeVisible();
      expect(errors, `${locale}: the app logged errors`).toEqual([]);
      await context.close();
    }
  });
});
