// When the browser renews a push subscription (issue 33), the worker subscribes again with the server's
// key and tells the server, naming the old endpoint so it is dropped.
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { FollowscopeDb } from '../db/schema.ts';
import { resubscribe } from './subscription-change.ts';

let db: FollowscopeDb;
beforeEach(async () => {
  // The worker's navigator (Node 20 has none).
  vi.stubGlobal('navigator', { language: 'en-GB' });
  db = new FollowscopeDb('followscope');
  await db.open();
  await db.login.put({
    id: 'current',
    token: 'tok',
    email: 'ana@example.com',
    username: 'ana',
    insta_full_name: '',
    is_subscribed: true,
    updatedAt: 1,
  });
});
afterEach(async () => {
  vi.unstubAllGlobals();
  db.close();
  await db.delete();
});

const subscription = (endpoint: string) => ({
  endpoint,
  options: { applicationServerKey: null },
  toJSON: () => ({ endpoint, keys: { p256dh: 'p', auth: 'a' } }),
});

it('subscribes again with the server’s key and tells the server which endpoint it replaces', async () => {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Response(
        JSON.stringify(url.endsWith('key/') ? { enabled: true, public_key: 'BKEY' } : { message: 'ok' }),
      );
    }),
  );
  const subscribe = vi.fn(async () => subscription('https://fcm.googleapis.com/fcm/send/new'));
  const scope = { registration: { pushManager: { subscribe } } } as unknown as ServiceWorkerGlobalScope;
  const event = {
    oldSubscription: subscription('https://fcm.googleapis.com/fcm/send/old'),
    newSubscription: null,
  } as unknown as PushSubscriptionChangeEvent;
  await resubscribe(scope, event);
  expect(subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: 'BKEY' });
  const told = calls.find((call) => call.url === '/api/v1/client/push/subscription/');
  expect(told?.init.headers).toMatchObject({ authorization: 'Bearer tok', 'accept-language': 'en-GB' });
  expect(JSON.parse(String(told?.init.body))).toEqual({
    endpoint: 'https://fcm.googleapis.com/fcm/send/new',
    keys: { p256dh: 'p', auth: 'a' },
    replaces: 'https://fcm.googleapis.com/fcm/send/old',
  });
});

it('does nothing for a device nobody is logged in on', async () => {
  await db.login.clear();
  const fetch = vi.fn();
  vi.stubGlobal('fetch', fetch);
  const subscribe = vi.fn();
  await resubscribe(
    { registration: { pushManager: { subscribe } } } as unknown as ServiceWorkerGlobalScope,
    { oldSubscription: null, newSubscription: null } as unknown as PushSubscriptionChangeEvent,
  );
  expect(fetch).not.toHaveBeenCalled();
  expect(subscribe).not.toHaveBeenCalled();
});
