// Honest sources (issue 17) in real Chromium against the real server: a newcomer who pays with a real
// username is never shown a sample figure, on any screen or through any call the app makes. The demo
// account is marked "Sample data" everywhere: in English after an analysis the user starts, checked on the
// accessibility walk through the demo's screens (accessibility.spec.ts), and in every language where
// phone-width.spec.ts moves through them.
import type { APIRequestContext, Page } from '@playwright/test';
import { routes } from '../../common/routes.ts';
import { cardScreens } from '../../common/screens.ts';
import { screenSources } from '../../src/app/sources/screens.ts';
import { codeFor, searchOnToOffer, typeCode, uniqueEmail } from './accounts-helpers.ts';
import { cards, continueAfterPaying, fillCheckout, pay } from './checkout-helpers.ts';
import { expect, test } from './fixtures.ts';
import { storedToken } from './helpers.ts';

/** Every screen of spec §2 that can show a figure: the table the app itself decides sources by. */
const dataScreens = routes
  .filter((route) => route.screen in screenSources)
  .map((route) => (route.screen === 'viewAllPosts' ? `${route.path}?name=mostLiked&isReel=false` : route.path));

/** A newcomer's whole journey: the username, the offer, the sandbox card, the code, home. */
async function payAs(page: Page, request: APIRequestContext, username: string) {
  const email = uniqueEmail('honest');
  // The page's clock, so the search's delay is run instead of waited out.
  await page.clock.install();
  await page.goto('/getmyanalysis');
  await page.getByLabel('Your account username').fill(username);
  await page.getByRole('button', { name: 'Analyze my account' }).click();
  await searchOnToOffer(page);
  await page.getByRole('button', { name: 'Get My Plan' }).click();
  await fillCheckout(page, 'en', { email, card: cards.success });
  await pay(page, 'en');
  await continueAfterPaying(page, 'en');
  await expect(page).toHaveURL(/\/otp$/);
  await typeCode(page, await codeFor(request, email));
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/home$/);
}

test('a newcomer who pays as a real username is never shown a sample figure, anywhere', async ({ page, request }) => {
  test.setTimeout(120_000);
  await payAs(page, request, 'maria.lopez.photo');
  await expect(page.locator('header')).toContainText('@maria.lopez.photo');

  // The dashboard offers the legitimate sources instead of figures.
  await expect(page.getByTestId('get-your-data')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Import your data download' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start analysis' })).toHaveCount(0);
  await expect(page.getByTestId('total-followers')).toHaveCount(0);
  // Every card of the screens' table: spec §2's twelve, and the download's own two lists.
  await expect(page.locator('.dashboard__card [data-testid="unavailable"]')).toHaveCount(cardScreens.length);
  await expect(page.locator('.dashboard__count')).toHaveCount(0);
  await expect(page.getByTestId('sample-mark')).toHaveCount(0);

  // Every data screen: the offer, or the source that would give its figures; never a figure.
  for (const path of dataScreens) {
    await page.goto(path);
    await expect(page.locator('main h1')).toBeVisible();
    // Profile viewers say nothing legitimate names them (issue 34), the others the source that would.
    const why = page.getByTestId('get-your-data').or(page.getByTestId('unavailable'));
    await expect(why.or(page.getByTestId('profile-viewers-note')).first()).toBeVisible();
    for (const figure of ['source-line', 'sample-mark', 'sample-banner', 'metrics', 'sentiment-grid']) {
      await expect(page.getByTestId(figure), `${path} shows ${figure}`).toHaveCount(0);
    }
    await expect(page.locator('.follower-list__item, .post-tile__value, .story-card'), path).toHaveCount(0);
  }

  // And the calls the app makes, as the app makes them: nothing invented comes back.
  const headers = { authorization: `Bearer ${await storedToken(page)}` };
  const api = (path: string) => request.get(`/api/v1/${path}`, { headers });
  const { user } = await (await request.post('/api/v1/client/user/detail/', { headers })).json();
  expect(user).toMatchObject({ data_source: null, sources: [], total_followers: 0, profile_views_count: 0 });
  for (const list of [
    'new/followers',
    'follower/lost',
    'not/following/back',
    'dont/follow/back',
    'mutual/follower',
    'profile/view',
  ]) {
    expect(await (await api(`client/instagram/${list}/15/?page=1`)).json(), list).toEqual([]);
  }
  const analysis = await (await api('client/postAnalysis/')).json();
  expect(Object.values(analysis.metrics).every((value) => value === null)).toBe(true);
  expect(analysis.source).toBeNull();
  expect((await (await api('client/posts/mostCommented/false/')).json()).data).toMatchObject({
    posts: [],
    unavailable: true,
  });
  expect((await api('client/posts/comments/AAAAAAAAAAA/')).status()).toBe(409);
  expect((await api('client/stories/6/0/')).status()).toBe(404);
  expect((await api('client/insta/start/analysis/')).status()).toBe(409);
  const downloaded = await request.post('/api/v1/client/download/stories/reel/', {
    headers,
    data: { username: 'followscope.demo', post_url: '' },
  });
  expect(downloaded.status()).toBe(409);
  expect((await (await api('client/check/insight/popup/')).json()).popup).toBe(false);
  expect((await (await api('client/followers/history/')).json()).points).toEqual([]);
});
