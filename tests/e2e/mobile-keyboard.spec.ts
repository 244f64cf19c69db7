// spec §9's mobile keyboard blur (issue 36): on a phone, a form sent from its field lets the keyboard go
// (the field is blurred), so the results are not under it. (A field marked wrong keeping the focus, and
// a desktop keeping it always, are in src/app/keyboard-blur.test.ts, on a clock the test moves.)
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { loginAs } from './helpers.ts';

const DEMO = 'followscope.demo';

async function reelLink(request: APIRequestContext) {
  const posts = (await (await request.get(`/dev/source/posts?username=${DEMO}`)).json()) as Array<{
    shortCode: string;
    isReel: boolean;
  }>;
  const reel = posts.find((post) => post.isReel);
  if (!reel) throw new Error('no reel on the sample network');
  return `https://www.instagram.com/reel/${reel.shortCode}/`;
}

/** Types a link into the downloader and sends the form with the keyboard's Enter, as a phone's Go key does. */
async function sendFromField(page: Page, link: string) {
  const field = page.getByLabel('Link to a post or reel');
  await field.fill(link);
  await field.press('Enter');
  return field;
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('sending a form from its field blurs the field, so the keyboard goes and the results show', async ({
    page,
    request,
  }) => {
    await loginAs(page, request, { subscribed: true, username: DEMO, fullName: 'Demo' });
    await page.goto('/downloadreel');
    expect(await page.evaluate(() => matchMedia('(pointer: coarse)').matches)).toBe(true);

    const field = await sendFromField(page, await reelLink(request));
    await expect(page.getByRole('link', { name: 'View video' })).toBeVisible();
    await expect(field).not.toBeFocused();
    await expect.poll(() => page.evaluate(() => document.activeElement === document.body)).toBe(true);
  });
});
