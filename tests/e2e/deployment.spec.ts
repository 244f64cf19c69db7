// A deployment that follows docs/deployment.md (issue 26): on every interface the app works, and a visitor who
// asks for someone's login code and then opens the dev outbox finds nothing there to read.
import { askForCode, uniqueEmail } from './accounts-helpers.ts';
import { expect, test } from './fixtures.ts';

test('on every interface a user can ask for a code, and nobody can read it from the outbox', async ({
  page,
  ownServers,
}) => {
  // A server of its own and two codes asked for: on a loaded machine that is more than a minute.
  test.setTimeout(120_000);
  const server = await ownServers.start({ HOST: '0.0.0.0' });
  const victim = 'demo@followscope.app';
  await askForCode(page, 'en', victim, server.url);

  const outbox = await page.goto(`${server.url}/dev/mail?to=${encodeURIComponent(victim)}`);
  expect(outbox?.status()).toBe(404);
  await expect(page.locator('body')).not.toContainText('loginCode');
  expect(
    (await page.request.post(`${server.url}/dev/users`, { data: { email: uniqueEmail('x'), username: 'x' } })).status(),
  ).toBe(404);
  expect((await page.request.post(`${server.url}/dev/clock`, { data: { advance_ms: 86_400_000 } })).status()).toBe(404);
  expect((await page.request.get(`${server.url}/dev/source/account?username=followscope.demo`)).status()).toBe(404);

  // The same server on loopback is the developer's demo: there the outbox answers. The suite's own server
  // is that one (the same command and settings, on 127.0.0.1), so it needs no second start.
  await askForCode(page, 'en', victim);
  const mails = await page.request.get(`/dev/mail?to=${encodeURIComponent(victim)}`);
  expect(mails.status()).toBe(200);
  expect(JSON.stringify(await mails.json())).toContain('loginCode');
});
