// Steps written as a user (or the app's own storage) would take them.
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { codeFor, createAccount, uniqueEmail } from './accounts-helpers.ts';

export interface Persona {
  subscribed: boolean;
  username?: string;
  fullName?: string;
}

/**
 * In the page: puts a login and user record into the app's stores, as a validated code does; false while
 * the app has not created them yet. Runs in the browser through Playwright's or puppeteer's `evaluate`,
 * so it uses nothing from outside its own body.
 */
export async function storeLoginInPage({
  login,
  user,
}: {
  login: Record<string, unknown>;
  user: Record<string, unknown>;
}): Promise<boolean> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open('followscope');
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  try {
    if (!db.objectStoreNames.contains('login') || !db.objectStoreNames.contains('user')) return false;
    await new Promise<void>((resolve, reject) => {
      const tx = db.transaction(['login', 'user'], 'readwrite');
      tx.objectStore('login').put({ ...login, id: 'current', updatedAt: Date.now() });
      tx.objectStore('user').put({ ...user, id: 'current', updatedAt: Date.now() });
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
    });
    return true;
  } finally {
    db.close();
  }
}

/**
 * Writes a login and user record into the app's IndexedDB, as a validated code does. Waits until the
 * app has created its stores (the database can exist a moment before its stores do).
 */
export async function writeLoginToIndexedDb(page: Page, login: Record<string, unknown>, user: Record<string, unknown>) {
  let reloaded = false;
  // A look every 50 ms (a poll's default backs off to a second): every logged-in test starts here.
  await expect
    .poll(
      async () => {
        if (await page.evaluate(storeLoginInPage, { login, user })) return true;
        // A first visit opens no database of ours when the browser lists none (src/app/session.ts): if the
        // page looked before this helper's first look made one, nothing ever created the stores (4 of 8
        // runs of two guard tests failed so). A load that finds the database listed opens it.
        if (!reloaded) {
          reloaded = true;
          await page.reload();
        }
        return false;
      },
      { intervals: [50] },
    )
    .toBe(true);
}

/**
 * A real account with a real token, stored in the browser as a validated code stores it: the fast
 * path for tests about what a logged-in user sees (accounts.spec.ts logs in through the screens).
 * Resolves to the account's email.
 */
export async function loginAs(page: Page, request: APIRequestContext, persona: Persona, origin = ''): Promise<string> {
  const email = uniqueEmail(persona.username ?? 'persona');
  const username = persona.username ?? 'demo.user';
  await createAccount(
    request,
    { email, username, fullName: persona.fullName ?? 'Demo User', subscribed: persona.subscribed },
    origin,
  );
  await request.post(`${origin}/api/v1/client/insta/sendotp/`, { data: { email } });
  const response = await request.post(`${origin}/api/v1/client/insta/validateotp/`, {
    data: { email, otp: await codeFor(request, email, origin) },
  });
  const { token, user } = (await response.json()) as { token: string; user: Record<string, unknown> };

  await page.goto(`${origin}/`);
  const login = {
    token,
    email,
    username,
    insta_full_name: persona.fullName ?? 'Demo User',
    is_subscribed: persona.subscribed,
  };
  await writeLoginToIndexedDb(page, login, user);
  return email;
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
  await expect
    .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { intervals: [50] })
    .toBe(true);
}

/** The login token the app stored after the code screen, read as the API client reads it. */
export async function storedToken(page: Page): Promise<string> {
  const token = await page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('followscope');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    try {
      return await new Promise<string | undefined>((resolve, reject) => {
        const read = db.transaction('login').objectStore('login').get('current');
        read.onsuccess = () => resolve((read.result as { token?: string } | undefined)?.token);
        read.onerror = () => reject(read.error);
      });
    } finally {
      db.close();
    }
  });
  if (!token) throw new Error('no login stored');
  return token;
}
