// The installed shell opens offline on any route after one visit, with the .wasm core cached.

import { expect, test } from './fixtures.ts';
import { loginAs, visit, waitForOfflineReady } from './helpers.ts';
import { type RunningServer, startServer } from './server.ts';

let server: RunningServer;

test.beforeEach(async () => {
  server = await startServer();
});
test.afterEach(async () => {
  await server.stop();
});

test('after one visit, every route opens with the server gone and the network off', async ({
  page,
  context,
  request,
}) => {
  await page.goto(`${server.url}/`);
  await waitForOfflineReady(page);
  await loginAs(page, request, { subscribed: true, fullName: 'Offline Olga', username: 'olga' }, server.url);
  expect(await visit(page, `${server.url}/home`)).toBe('/home');

  await server.stop();
  await context.setOffline(true);

  // A deep route, reloaded: the shell and the screen's lazy chunk come from the cache.
  expect(await visit(page, `${server.url}/privacypolicy`)).toBe('/privacypolicy');
  await page.reload();
  await expect(page.locator('main h1')).toHaveText('Privacy Policy');

  // The dashboard paints from IndexedDB: the header knows who is logged in.
  expect(await visit(page, `${server.url}/home`)).toBe('/home');
  await expect(page.locator('header')).toContainText('Offline Olga');

  // The collector core is precached, so the worker loads it offline (no "clear the cache" toast).
  const wasmCached = await page.evaluate(async () => {
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      if ((await cache.keys()).some((request) => request.url.endsWith('.wasm'))) return true;
    }
    return false;
  });
  expect(wasmCached).toBe(true);
  await page.waitForTimeout(500);
  await expect(page.getByRole('alert')).toHaveCount(0);

  // Any other path still gets the not-found page with its home button.
  await visit(page, `${server.url}/nothing/here`);
  await expect(page.getByRole('link', { name: 'Go home' })).toBeVisible();
});
