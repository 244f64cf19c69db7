// Steps written as a user (or the app's own storage) would take them.
import { expect, type Page } from '@playwright/test';

export interface Persona {
  subscribed: boolean;
  username?: string;
  fullName?: string;
}

/** Waits until the app has opened its database (it does so right after the first paint). */
async function waitForDatabase(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(async () => (await indexedDB.databases()).some((db) => db.name === 'followscope')))
    .toBe(true);
}

/** Stores a login the way a validated code does; `origin` is for a server the test started itself. */
export async function loginAs(page: Page, persona: Persona, origin = ''): Promise<void> {
  await page.goto(`${origin}/`);
  await waitForDatabase(page);
  const row = {
    id: 'current',
    token: `token-${persona.username ?? 'demo'}`,
    email: `${persona.username ?? 'demo'}@example.com`,
    username: persona.username ?? 'demo',
    insta_full_name: persona.fullName ?? 'Demo User',
    is_subscribed: persona.subscribed,
    updatedAt: Date.now(),
  };
  await page.evaluate(async (login) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('followscope');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    await new Promise<void>((resolve, reject) => {
      const tx = db.transaction('login', 'readwrite');
      tx.objectStore('login').put(login);
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
    });
    db.close();
  }, row);
}

/** Opens a path and waits for its screen's heading; returns where the app ended up. */
export async function visit(page: Page, path: string): Promise<string> {
  await page.goto(path);
  await expect(page.locator('main h1')).toBeVisible();
  return new URL(page.url()).pathname;
}

/** Waits until the service worker controls the page, so the shell is cached. */
export async function waitForOfflineReady(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}
