// The installed shell opens offline on any route after one visit, with the .wasm core cached.

import { expect, test } from './fixtures.ts';
import { loginAs, visit, waitForOfflineReady } from './helpers.ts';

test('after one visit, every route opens with the server gone and the network off', async ({
  page,
  context,
  request,
  ownServers,
}) => {
  const server = await ownServers.start();
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

test('a first visit runs its code once more from the service worker, so a repeat visit finds it compiled', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  // Issue 19: the browser keeps a module's compiled code only when it ran it from the worker's cache.
  // The frame waits ten seconds after the worker takes control, then for an idle moment: the page's clock
  // is the test's, so it jumps them instead of waiting them out.
  test.setTimeout(90_000);
  const framed: Array<{ file: string; fromWorker: boolean }> = [];
  page.on('response', (response) => {
    if (response.frame() === page.mainFrame()) return;
    framed.push({ file: new URL(response.url()).pathname, fromWorker: response.fromServiceWorker() });
  });
  await page.clock.install();
  // Before the app's own listener: once this one has run, so has the app's, which set the frame's timer.
  await context.addInitScript(() => {
    navigator.serviceWorker?.addEventListener('controllerchange', () => {
      document.documentElement.dataset.testControllerChanged = 'yes';
    });
  });
  // A subscriber's first visit, on the dashboard: the login stored, and the worker the login page may
  // have installed removed, so the dashboard is the visit that installs it.
  await loginAs(page, request, { subscribed: true, fullName: 'Warm Wanda', username: 'wanda' });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Storage.clearDataForOrigin', {
    origin: String(baseURL),
    storageTypes: 'service_workers,cache_storage',
  });
  expect(await visit(page, '/home')).toBe('/home');
  await waitForOfflineReady(page);
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset.testControllerChanged)).toBe('yes');
  await page.clock.fastForward('00:11');
  await expect
    .poll(() => page.evaluate(() => document.documentElement.dataset.codeCache), { timeout: 60_000 })
    .toBe('warm');
  await expect(page.locator('iframe')).toHaveCount(0);

  // The frame's page came from the server (which lets the app alone frame it); its code, the entry and
  // the dashboard's among it, from the worker's cache.
  expect(framed.find((response) => response.file === '/warm.html')).toEqual({
    file: '/warm.html',
    fromWorker: false,
  });
  const code = framed.filter((response) => response.file.endsWith('.js'));
  expect(code.map((response) => response.file)).toEqual(
    expect.arrayContaining([expect.stringMatching(/^\/assets\/index-/), expect.stringMatching(/^\/assets\/Home-/)]),
  );
  expect(code.every((response) => response.fromWorker)).toBe(true);

  // A page the worker controls from the start ran its code from the cache itself: no frame, even past the
  // time one would have waited (ten seconds, then at most five for an idle moment).
  await page.reload();
  await expect(page.locator('main h1')).toHaveText('Dashboard');
  await page.clock.fastForward('00:16');
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  expect(await page.evaluate(() => document.documentElement.dataset.codeCache)).toBeUndefined();
  await expect(page.locator('iframe')).toHaveCount(0);
});
