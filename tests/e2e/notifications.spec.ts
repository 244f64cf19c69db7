// Issue 33 in real Chromium against the real server: a subscriber turns notifications on from the
// dashboard's invitation, the server sends the day's changes through a push service (the local one in
// tests/support, over https, trusted through NODE_EXTRA_CA_CERTS as a self-hoster's would be), the
// service worker shows them and counts them on the app's badge, and the dashboard clears the count.
import { type PushServiceDouble, startPushService } from '../support/push-service.ts';
import { expect, test } from './fixtures.ts';
import { loginAs, storedToken } from './helpers.ts';
import { deliverPush, fakeBrowserPush, shownNotifications, unseenChanges } from './phone-helpers.ts';

let service: PushServiceDouble;
test.beforeAll(async () => {
  service = await startPushService();
});
test.afterAll(() => service.close());

test('the day’s changes reach the phone as one notification of counts, and the dashboard clears the badge', async ({
  page,
  context,
  ownServers,
}) => {
  // A server of its own and two analyses of a medium account: minutes on a loaded machine.
  test.setTimeout(240_000);
  const server = await ownServers.start({ PUSH_SERVICE_HOSTS: service.host, NODE_EXTRA_CA_CERTS: service.caPath });
  await context.grantPermissions(['notifications'], { origin: server.url });
  const username = `nora.${Date.now().toString(36)}.sample`;
  await loginAs(page, page.request, { subscribed: true, username, fullName: 'Nora' }, server.url);
  const headers = { authorization: `Bearer ${await storedToken(page)}` };
  const api = (path: string) => `${server.url}/api/v1/${path}`;
  const key = (await (await page.request.get(api('client/push/key/'), { headers })).json()).public_key as string;
  // The first subscription comes from a push service the server may not post to; the second is the phone's.
  const foreign = { ...service.subscribe(key), endpoint: 'https://push.example.net/send/abc' };
  const phone = service.subscribe(key);
  await page.addInitScript(fakeBrowserPush, [foreign, phone]);

  // The first collection is the baseline: the dashboard invites, and asks no permission by itself.
  const analyse = async () =>
    (await page.request.get(api('client/insta/start/analysis/'), { headers, timeout: 150_000 })).json();
  await analyse();
  await page.goto(`${server.url}/home`);
  const invitation = page.getByTestId('notify-invite');
  await expect(invitation).toContainText('Know when your followers change');
  await invitation.getByRole('button', { name: 'Turn on notifications' }).click();
  await expect(
    page.getByText(/^This browser delivers notifications through a service Followscope does not send to/),
  ).toBeVisible();
  await invitation.getByRole('button', { name: 'Turn on notifications' }).click();
  await expect(invitation).toContainText('Notifications are on for this device.');
  expect(service.received).toHaveLength(0);

  // A day later the collection finds who came and who left: one digest, counts only.
  await page.request.post(`${server.url}/dev/clock`, { data: { advance_ms: 86_400_000 } });
  const { user } = await analyse();
  const changes = user.new_followers + user.followers_lost;
  expect(changes).toBeGreaterThan(0);
  const [message] = await service.waitForMessages(1, 60_000);
  expect(message).toMatchObject({ endpoint: phone.endpoint, topic: 'digest' });
  // Kept a day at most: what is left of the day since the digest was queued.
  expect(message?.ttl).toBeGreaterThan(86_000);
  expect(message?.ttl).toBeLessThanOrEqual(86_400);
  const payload = JSON.parse(message?.payload ?? '{}');
  expect(payload).toMatchObject({ title: 'Changes on your account', changes });
  expect(payload.body).toMatch(/^(\d+ new followers?|\d+ followers? lost)/);

  // The service worker shows it, with the app's icon and badge, and counts it on the app's badge.
  await deliverPush(context, page, message?.payload ?? '');
  const shown = {
    title: 'Changes on your account',
    body: payload.body,
    tag: payload.tag,
    icon: '/icons/icon-192.png',
    badge: '/icons/badge-96.png',
    url: payload.url,
  };
  await expect.poll(() => shownNotifications(page)).toEqual([shown]);
  await expect.poll(() => unseenChanges(page)).toBe(changes);
  // A newer digest replaces the last: one notification per user, and the count adds up.
  await deliverPush(context, page, JSON.stringify({ ...payload, body: '1 new follower.', changes: 1 }));
  await expect.poll(() => shownNotifications(page)).toEqual([{ ...shown, body: '1 new follower.' }]);
  await expect.poll(() => unseenChanges(page)).toBe(changes + 1);

  // Opening the dashboard is seeing the changes.
  await page.goto(`${server.url}/home`);
  await expect(page.getByTestId('total-followers')).toBeVisible();
  await expect.poll(() => unseenChanges(page)).toBe(0);

  // Manage subscription: the weekly reminder to ask for a fresh download is the server's to keep.
  await page.goto(`${server.url}/managesubscription`);
  const notify = page.getByRole('switch', { name: 'Tell me when my followers change' });
  const reminder = page.getByRole('checkbox', { name: 'Remind me each week to ask the network for a fresh download' });
  await expect(notify).toBeChecked();
  await expect(reminder).not.toBeChecked();
  await reminder.click();
  await expect(reminder).toBeChecked();
  await page.evaluate(() => localStorage.removeItem('followscope.notifications'));
  await page.reload();
  await expect(reminder).toBeChecked();

  // The switch turns them off, and the server forgets this device.
  await notify.click();
  await expect(notify).not.toBeChecked();
  const email = (await (await page.request.post(api('client/user/detail/'), { headers })).json()).user.email;
  const stored = async () =>
    (await (await page.request.get(`${server.url}/dev/account/rows?email=${encodeURIComponent(email)}`)).json()).counts
      .push_subscriptions;
  await expect.poll(stored).toBe(0);
});

test('where the browser cannot subscribe, the switch says why within seconds and can be tried again (issue 51)', async ({
  page,
  context,
  request,
}) => {
  await context.grantPermissions(['notifications']);
  await loginAs(page, request, { subscribed: true, username: 'nina.pushless.sample', fullName: 'Nina' });
  const notify = page.getByRole('switch', { name: 'Tell me when my followers change' });
  const about = page.getByTestId('notifications-about');
  const pushService = /^This browser’s push service did not answer, so notifications cannot be turned on here\./;

  /** Taps the switch; it ends off, usable again, saying why, within a few seconds. */
  async function tapAndExpectReason() {
    await page.goto('/managesubscription');
    await expect(notify).toBeEnabled();
    const tapped = Date.now();
    await notify.click();
    await expect(about).toHaveText(pushService, { timeout: 9_000 });
    await expect(notify).toBeEnabled();
    expect(Date.now() - tapped).toBeLessThan(9_000);
    await expect(notify).not.toBeChecked();
    await expect(page.locator('.toast', { hasText: pushService })).toBeVisible();
    await expect(page.locator('.toast', { hasText: /connection/i })).toHaveCount(0);
  }

  // This Chromium has no push service it can reach, as a browser without its maker's service.
  await tapAndExpectReason();
  // One whose push service never answers.
  await page.addInitScript(() => {
    PushManager.prototype.subscribe = () => new Promise<PushSubscription>(() => undefined);
  });
  await tapAndExpectReason();
});
