// Stories with the analysis and the watch call (issue 36; spec §4, §7, §9): an analysis brings the stories
// list's first page into the cache, so the stories list opens offline right after (issue 51: whatever the
// number of story users; before, only fewer than 6 came);
// watching a user's stories there marks the card seen at once, the watch waits in the outbox and
// reaches our server when the connection returns, and the network never learns who watched.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { loginAs, waitForOfflineReady } from './helpers.ts';

/**
 * A sample-network account whose following has stories up, but fewer than 6 of them today (the
 * count changes by the hour). An ordinary sample account follows hundreds, so its count is in the
 * dozens; a `size.N.8` account follows 8 or 9, about half of whom have stories up at any hour.
 */
async function accountWithFewStories(request: APIRequestContext): Promise<string> {
  for (let n = 0; n < 60; n++) {
    const username = `size.${20 + n}.8`;
    const response = await request.get(`/dev/source/account?username=${username}`);
    expect(response.status(), await response.text()).toBe(200);
    const { storiesCount } = (await response.json()) as { storiesCount: number };
    if (storiesCount > 0 && storiesCount < 6) return username;
  }
  throw new Error('no sample account with 1 to 5 story users now');
}

/** What the app's IndexedDB holds in a store (a count, or the login's email). */
function readStore(page: Page, store: string) {
  return page.evaluate(
    (name) =>
      new Promise<Array<Record<string, unknown>>>((resolve, reject) => {
        const open = indexedDB.open('followscope');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const request = open.result.transaction(name).objectStore(name).getAll();
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        };
      }),
    store,
  );
}

test('an analysis brings its stories: the list opens offline, and a watch made there reaches our server only', async ({
  page,
  request,
  context,
}) => {
  test.setTimeout(120_000);
  const username = await accountWithFewStories(request);
  await loginAs(page, request, { subscribed: true, username, fullName: 'Few Stories' });
  await page.goto('/home');
  await page.getByRole('button', { name: 'Start analysis' }).click();
  await expect(page.getByRole('progressbar')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start analysis' })).toBeVisible({ timeout: 60_000 });

  // The stories came with the result (6 asked for), without the list ever being opened.
  await expect.poll(async () => (await readStore(page, 'stories')).length, { timeout: 20_000 }).toBeGreaterThan(0);
  const stored = (await readStore(page, 'stories')) as Array<{ position: number; user: { items: unknown[] } }>;
  const cached = stored.length;
  expect(cached).toBeLessThanOrEqual(6);
  const firstItems = stored.sort((a, b) => a.position - b.position)[0]?.user.items.length ?? 0;
  const [login] = await readStore(page, 'login');
  const email = String(login?.email);

  await waitForOfflineReady(page);
  await context.setOffline(true);
  await page.goto('/stories');
  const cards = page.locator('.story-card');
  await expect(cards).toHaveCount(cached);
  await expect(page.getByText('No story available')).toHaveCount(0);

  // Watching offline, every item of the first user (→ goes to the next item): the card is seen at once,
  // and the watch waits in the outbox.
  await expect(cards.first()).toHaveAttribute('data-seen', 'false');
  await cards.first().click();
  const viewer = page.getByRole('dialog');
  await expect(viewer).toBeVisible();
  for (let item = 1; item < firstItems; item++) {
    await page.keyboard.press('ArrowRight');
    await expect(viewer).toHaveAttribute('data-item-index', String(item));
  }
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(cards.first()).toHaveAttribute('data-seen', 'true');
  await expect(cards.first().getByText('Seen')).toBeVisible();
  await expect
    .poll(async () => (await readStore(page, 'outbox')).map((row) => row.path))
    .toContain('client/list/watch/stories/');

  // Back online, the outbox sends it: our server holds the watch; the network's viewer lists stay empty.
  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect.poll(async () => (await readStore(page, 'outbox')).length, { timeout: 20_000 }).toBe(0);
  const rows = (await (await request.get(`/dev/account/rows?email=${encodeURIComponent(email)}`)).json()) as {
    counts: Record<string, number>;
  };
  expect(rows.counts.story_watches).toBe(1);
  expect(await (await request.get('/dev/source/story-viewers')).json()).toEqual({});
});

test('after an analysis of an account with many story users, the list’s first page opens offline (issue 51)', async ({
  page,
  request,
  context,
}) => {
  test.setTimeout(120_000);
  // A medium sample account follows hundreds: dozens of them have stories up at any hour.
  const username = 'stella.many.stories.sample';
  const account = await request.get(`/dev/source/account?username=${username}`);
  expect(((await account.json()) as { storiesCount: number }).storiesCount).toBeGreaterThanOrEqual(6);
  await loginAs(page, request, { subscribed: true, username, fullName: 'Many Stories' });
  await page.goto('/home');
  await page.getByRole('button', { name: 'Start analysis' }).click();
  await expect(page.getByRole('progressbar')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start analysis' })).toBeVisible({ timeout: 60_000 });

  // The first page (6 story users) came with the result, without the list ever being opened.
  await expect.poll(async () => (await readStore(page, 'stories')).length, { timeout: 20_000 }).toBe(6);
  await waitForOfflineReady(page);
  await context.setOffline(true);
  await page.goto('/stories');
  await expect(page.locator('.story-card')).toHaveCount(6);
  await expect(page.getByText('No story available')).toHaveCount(0);
});
