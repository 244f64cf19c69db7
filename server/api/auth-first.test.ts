// Issue 48 item 7: every route that needs a login answers 401 without one (and a subscriber's route 403
// to a login without a subscription) before it reads or validates anything it was sent, so a stranger
// learns nothing of a body's rules and costs no parsing. Every /api/v1 route is walked: a route is either
// guarded or named below as open to anyone, so a new route that forgets its guard fails here.
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, testSettings } from '../../tests/support/test-server.ts';
import { GUARD } from '../auth/guard.ts';
import { pushServiceHosts } from '../push/hosts.ts';

/** The routes anyone may call, and why. */
const OPEN: Record<string, string> = {
  'GET /api/v1/health': 'the balancer’s check',
  'GET /api/v1/list/plans/': 'the offer, before paying',
  'GET /api/v1/cms/pages/:name/': 'terms and privacy',
  'GET /api/v1/check/captcha/': 'whether the human check is asked, before paying',
  'GET /api/v1/captcha/challenge/': 'the human check, before paying',
  'POST /api/v1/captcha/validate/': 'the human check, before paying',
  'POST /api/v1/client/register/': 'paying makes the account',
  'POST /api/v1/client/initial/payment/': 'a payment’s retry, before the account exists',
  'POST /api/v1/client/insta/sendotp/': 'logging in',
  'POST /api/v1/client/insta/validateotp/': 'logging in',
  'POST /api/v1/client/insta/loginlink/': 'logging in',
  'POST /api/v1/client/recover/username/': 'a forgotten username',
  'GET /api/v1/client/logout/': 'logging out works with no login left',
  'POST /api/v1/webhooks/recurly': 'signed by Recurly',
  'GET /api/v1/proxy': 'signed media links (the signature is the key)',
  'POST /api/v1/official/deauthorize': 'the platform’s callback, its signed request verified (issue 49)',
  'POST /api/v1/official/deletion': 'the platform’s callback, its signed request verified (issue 49)',
  'GET /api/v1/official/deletion/:code': 'a deletion’s status page the platform links to (issue 49)',
};

const routes: RouteOptions[] = [];
let server: TestServer;
let unsubscribed = '';

beforeAll(async () => {
  server = await startTestServer({
    onRoute: (route) => {
      routes.push(route);
    },
    // Notifications on (issue 33), so their routes are registered too.
    settings: { ...testSettings, push: { vapid: undefined, serviceHosts: pushServiceHosts(undefined) } },
  });
  await server.app.ready();
  // The demo account whose subscription has lapsed: a login without a subscription.
  const email = 'expired@followscope.app';
  const post = (url: string, payload: object) => server.app.inject({ method: 'POST', url, payload });
  await post('/api/v1/client/insta/sendotp/', { email });
  const [mail] = (await server.app.inject(`/dev/mail?to=${email}`)).json() as Array<{ subject: string }>;
  const otp = mail?.subject.match(/\d{4}/)?.[0];
  unsubscribed = (await post('/api/v1/client/insta/validateotp/', { email, otp })).json().token;
  expect(unsubscribed).toBeTruthy();
});
afterAll(() => server?.close());

const guardOf = (route: RouteOptions): 'user' | 'subscriber' | undefined => {
  const hooks = [route.onRequest ?? []].flat() as Array<{ [GUARD]?: 'user' | 'subscriber' }>;
  return hooks.find((hook) => hook[GUARD])?.[GUARD];
};
const api = () =>
  routes
    .filter((route) => route.url.startsWith('/api/v1/'))
    .flatMap((route) => [route.method].flat().map((method) => ({ method, route })))
    .filter(({ method }) => method !== 'HEAD' && method !== 'OPTIONS');
/** A body and params that break every rule a route could have: validated first, they would answer 400. */
const hostile = (method: string, url: string) => ({
  method: method as 'GET',
  url: url.replace(/:(\w+)/g, '%00bad'),
  ...(method === 'GET' ? {} : { payload: { email: 1, otp: [], token: {}, nested: { deep: '\u0000' } } }),
});

describe('every route that needs a login', () => {
  it('is guarded, or named as open to anyone', () => {
    const unguarded = api()
      .filter(({ route }) => !guardOf(route))
      .map(({ method, route }) => `${method} ${route.url}`)
      .filter((key) => !(key in OPEN));
    expect(unguarded).toEqual([]);
    expect(api().filter(({ route }) => guardOf(route)).length).toBeGreaterThan(40);
  });

  it('answers 401 without a login, before reading its body', async () => {
    const answers: string[] = [];
    for (const { method, route } of api().filter(({ route }) => guardOf(route))) {
      const response = await server.app.inject(hostile(method, route.url));
      if (response.statusCode !== 401) answers.push(`${method} ${route.url}: ${response.statusCode} ${response.body}`);
    }
    expect(answers).toEqual([]);
  });

  it('answers 403 to a login without a subscription on a subscriber’s route, before reading its body', async () => {
    const answers: string[] = [];
    for (const { method, route } of api().filter(({ route }) => guardOf(route) === 'subscriber')) {
      const response = await server.app.inject({
        ...hostile(method, route.url),
        headers: { authorization: `Bearer ${unsubscribed}` },
      });
      if (response.statusCode !== 403) answers.push(`${method} ${route.url}: ${response.statusCode} ${response.body}`);
    }
    expect(answers).toEqual([]);
  });
});
