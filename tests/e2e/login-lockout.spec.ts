// Issue 48 in real Chromium against the real server: a stranger who guesses wrong codes for someone's
// email cannot lock them out. The stranger's address is blocked for that email; the owner logs in by code
// on the phone they logged in on before, and on a new device with the sign-in link the next code's mail
// carries. The stranger comes from another address: the server trusts X-Forwarded-For here
// (TRUST_PROXY=true), so its requests say where they come from while the browser's come from loopback.
import type { APIRequestContext } from '@playwright/test';
import { askForCode, codeFor, createAccount, mailTo, typeCode, uniqueEmail } from './accounts-helpers.ts';
import { expect, test } from './fixtures.ts';
import { serverText, ui } from './language.ts';

const STRANGER = { 'x-forwarded-for': '203.0.113.9' };
const wrongFor = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');

/** The stranger's 10 wrong codes for `email`: two codes, five guesses at each, as fast as allowed. */
async function guessWrong(request: APIRequestContext, origin: string, email: string) {
  for (let round = 0; round < 2; round++) {
    const sent = await request.post(`${origin}/api/v1/client/insta/sendotp/`, { data: { email }, headers: STRANGER });
    expect(sent.status()).toBe(200);
    const code = await codeFor(request, email, origin);
    for (let guess = 0; guess < 5; guess++) {
      for (;;) {
        const answer = await request.post(`${origin}/api/v1/client/insta/validateotp/`, {
          data: { email, otp: wrongFor(code) },
          headers: STRANGER,
        });
        // Slowed from the fifth wrong code: the stranger waits as told (the server's clock moves).
        const wait = Number(answer.headers()['retry-after']);
        if (answer.status() !== 429 || !wait) {
          expect(answer.status()).toBe(400);
          break;
        }
        await request.post(`${origin}/dev/clock`, { data: { advance_ms: wait * 1000 } });
      }
    }
  }
}

test('a stranger’s wrong codes lock out their own address, never the owner', async ({
  page,
  browser,
  request,
  ownServers,
}) => {
  test.setTimeout(120_000);
  const server = await ownServers.start({ TRUST_PROXY: 'true' });
  const email = uniqueEmail('owner');
  await createAccount(request, { email, username: 'owner.of.it', subscribed: true }, server.url);

  // The owner logs in on their phone once, and logs out (which clears the app's storage).
  await askForCode(page, 'en', email, server.url);
  await typeCode(page, await codeFor(request, email, server.url));
  await page.getByRole('button', { name: ui('en', 'Submit') }).click();
  await expect(page).toHaveURL(/\/home$/);
  await page.getByRole('button', { name: ui('en', 'Menu') }).click();
  await page
    .locator('#main-menu')
    .getByRole('button', { name: ui('en', 'Log out') })
    .click();
  await expect(page).toHaveURL(/\/$/);

  await guessWrong(request, server.url, email);
  // The stranger's address is blocked for this email, and the owner was told.
  const blocked = await request.post(`${server.url}/api/v1/client/insta/sendotp/`, {
    data: { email },
    headers: STRANGER,
  });
  expect(blocked.status()).toBe(429);
  expect((await blocked.json()).message).toBe(serverText('en', 'lockedHere'));
  expect((await mailTo(request, email, server.url)).map((mail) => mail.kind)).toContain('loginGuessed');

  // On the phone, the owner asks for a code and it works.
  await askForCode(page, 'en', email, server.url);
  await typeCode(page, await codeFor(request, email, server.url));
  await page.getByRole('button', { name: ui('en', 'Submit') }).click();
  await expect(page).toHaveURL(/\/home$/);

  // On a device never used before, typing a code is paused; the mail's sign-in link logs the owner in.
  const laptop = await browser.newContext({ baseURL: server.url });
  const fresh = await laptop.newPage();
  try {
    await askForCode(fresh, 'en', email, server.url);
    await typeCode(fresh, await codeFor(request, email, server.url));
    await fresh.getByRole('button', { name: ui('en', 'Submit') }).click();
    await expect(fresh.locator('.notice--error')).toHaveText(serverText('en', 'useSignInLink'));
    const [mail] = (await mailTo(request, email, server.url)).filter((m) => m.kind === 'loginCode');
    const link = mail?.text.match(/http\S+\/otp#link=[\w-]{43}/)?.[0];
    expect(link, mail?.text).toBeTruthy();
    await fresh.goto(link ?? '');
    await expect(fresh).toHaveURL(/\/home$/);
    await expect(fresh.getByRole('heading', { level: 1, name: ui('en', 'Dashboard') })).toBeVisible();
    // The link is taken off the address, and works once: opened again, it says so.
    await fresh.goto(link ?? '');
    await expect(fresh.locator('.notice--error')).toHaveText(serverText('en', 'signInLinkInvalid'));
  } finally {
    await laptop.close();
  }
});
