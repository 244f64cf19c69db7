// A deployment that follows docs/deployment.md is safe (issue 26): the development endpoints answer only this
// machine, and production refuses to start without what it needs, naming it.
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { DEV_KEY_HEADER, TEST_DEV_SECRET } from '../tests/support/dev-key.ts';
import { startTestServer, type TestServer, testSettings } from '../tests/support/test-server.ts';
import { devRoutes } from './api/dev.ts';
import { loadConfig } from './config.ts';
import { deploymentProblems, isLoopbackHost } from './deployment.ts';
import { validateWithZod } from './http/validation.ts';
import type { Services } from './services.ts';
import type { SampleNetwork } from './source/sample.ts';

/** Every route the development module registers, read from the module itself so a new one is covered. */
async function everyDevRoute(): Promise<Array<{ method: string; url: string }>> {
  const probe = Fastify();
  validateWithZod(probe);
  const routes: Array<{ method: string; url: string }> = [];
  probe.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push({ method, url: route.url });
  });
  const services = { settings: { sampleNetwork: true } } as Services;
  await probe.register((dev) => devRoutes(dev, services, 'probe-key-0123456789', {} as SampleNetwork, () => undefined));
  await probe.ready();
  await probe.close();
  return routes;
}

/** A request that would pass validation on each route, so a 404 means "not routed", not "bad input". */
function requestFor(route: { method: string; url: string }) {
  const queries: Record<string, string> = {
    '/dev/mail': 'to=demo@followscope.app',
    '/dev/source/truth': 'username=followscope.demo&from=2026-11-01T00:00:00Z&to=2026-11-02T00:00:00Z',
    '/dev/account/rows': 'email=demo@followscope.app',
  };
  const bodies: Record<string, unknown> = {
    '/dev/users': { email: 'made@example.com', username: 'made.here' },
    '/dev/clock': { advance_ms: 1000 },
    '/dev/source/stories/seen': { item_id: '1', viewer: 'someone' },
  };
  return {
    method: route.method as 'GET' | 'POST',
    url: `${route.url}?${queries[route.url] ?? 'username=followscope.demo'}`,
    ...(route.method === 'POST' ? { payload: bodies[route.url] ?? {} } : {}),
  };
}

const keys = webpush.generateVAPIDKeys();
/** Web Push's keys (issue 33), which production needs while notifications are on. */
const vapid = {
  VAPID_PUBLIC_KEY: keys.publicKey,
  VAPID_PRIVATE_KEY: keys.privateKey,
  VAPID_SUBJECT: 'mailto:ops@example.com',
};
const production = {
  NODE_ENV: 'production',
  SMTP_URL: 'smtp://mail.example.com:587',
  PUBLIC_URL: 'https://app.example.com',
  RECURLY_API_KEY: 'key',
  RECURLY_WEBHOOK_KEY: 'hook',
  ...vapid,
};

describe('where the development endpoints exist', () => {
  it('only on loopback outside production, unless switched on or off', () => {
    expect(loadConfig({}).devEndpoints).toBe(true);
    expect(loadConfig({ HOST: '::1' }).devEndpoints).toBe(true);
    expect(loadConfig({ HOST: 'localhost' }).devEndpoints).toBe(true);
    expect(loadConfig({ HOST: '0.0.0.0' }).devEndpoints).toBe(false);
    expect(loadConfig({ HOST: '::' }).devEndpoints).toBe(false);
    expect(loadConfig({ HOST: '10.0.0.7' }).devEndpoints).toBe(false);
    expect(loadConfig({ HOST: 'app.internal' }).devEndpoints).toBe(false);
    expect(loadConfig({ HOST: '0.0.0.0', DEV_ENDPOINTS: 'on' }).devEndpoints).toBe(true);
    expect(loadConfig({ DEV_ENDPOINTS: 'off' }).devEndpoints).toBe(false);
    expect(loadConfig({ ...production, HOST: '127.0.0.1' }).devEndpoints).toBe(false);
    expect(() => loadConfig({ DEV_ENDPOINTS: 'yes' })).toThrow(/DEV_ENDPOINTS/);
  });

  it('reads loopback addresses in the forms a host setting takes', () => {
    for (const host of ['127.0.0.1', '127.8.9.10', '::1', '[::1]', 'LOCALHOST', '::ffff:127.0.0.1']) {
      expect(isLoopbackHost(host), host).toBe(true);
    }
    for (const host of ['0.0.0.0', '::', '192.168.1.2', 'fe80::1', 'example.com', '', 'localhost.example.com']) {
      expect(isLoopbackHost(host), host).toBe(false);
    }
  });
});

describe('the development endpoints on a server', () => {
  let server: TestServer | undefined;
  // With a movable clock, so POST /dev/clock is among the routes when they are on.
  const start = (overrides: Parameters<typeof startTestServer>[0] = {}) =>
    startTestServer({ advanceClock: () => undefined, ...overrides });
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('answers every one from this machine when they are on', async () => {
    server = await start();
    const routes = await everyDevRoute();
    expect(routes.map((route) => route.url)).toEqual(
      expect.arrayContaining(['/dev/mail', '/dev/users', '/dev/clock', '/dev/source/truth']),
    );
    for (const route of routes) {
      const response = await server.app.inject(requestFor(route));
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(200);
    }
  });

  it('routes none of them when they are off: 404 like any unknown path', async () => {
    server = await start({ settings: { ...testSettings, devEndpoints: false } });
    for (const route of await everyDevRoute()) {
      const response = await server.app.inject(requestFor(route));
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(404);
    }
  });

  it('routes none of them in production, whatever else says so', async () => {
    server = await start({ settings: { ...testSettings, production: true, devEndpoints: true } });
    for (const route of await everyDevRoute()) {
      expect((await server.app.inject(requestFor(route))).statusCode, route.url).toBe(404);
    }
  });

  it('answers no request from another machine, nor one a proxy on this machine passed on', async () => {
    server = await start();
    const app = server.app;
    for (const route of await everyDevRoute()) {
      const remote = await app.inject({ ...requestFor(route), remoteAddress: '203.0.113.9' });
      expect(remote.statusCode, `${route.url} from another machine`).toBe(404);
      for (const header of ['x-forwarded-for', 'forwarded', 'x-real-ip']) {
        const proxied = await app.inject({ ...requestFor(route), headers: { [header]: '203.0.113.9' } });
        expect(proxied.statusCode, `${route.url} through a proxy (${header})`).toBe(404);
      }
    }
    // The outbox itself, asked for the code of a real account: nothing.
    const mail = await app.inject({ url: '/dev/mail?to=demo@followscope.app', remoteAddress: '198.51.100.4' });
    expect(mail.statusCode).toBe(404);
    expect(mail.body).not.toContain('loginCode');
  });

  it('answers only a request carrying the key made at start, however it came (issue 32)', async () => {
    server = await start();
    const app = server.app;
    for (const route of await everyDevRoute()) {
      for (const key of ['', 'x', `${TEST_DEV_SECRET}x`, TEST_DEV_SECRET.slice(1)]) {
        const response = await app.inject({ ...requestFor(route), headers: { [DEV_KEY_HEADER]: key } });
        expect(response.statusCode, `${route.url} with the key ${JSON.stringify(key)}`).toBe(404);
      }
    }
    // In the link the start line prints, and in the header.
    const link = await app.inject({
      url: `/dev/mail?to=demo@followscope.app&key=${TEST_DEV_SECRET}`,
    });
    expect(link.statusCode).toBe(200);
    const unkeyedLink = await app.inject({
      url: '/dev/mail?to=demo@followscope.app&key=guess',
    });
    expect(unkeyedLink.statusCode).toBe(404);
  });

  it('makes a new key at each start unless DEV_SECRET gives one', () => {
    const first = loadConfig({}).devSecret;
    expect(first).toMatch(/^[\w-]{22}$/);
    expect(loadConfig({}).devSecret).not.toBe(first);
    expect(loadConfig({ DEV_SECRET: 'shared-by-two-processes' }).devSecret).toBe('shared-by-two-processes');
    expect(() => loadConfig({ DEV_SECRET: 'short' })).toThrow(/DEV_SECRET/);
  });
});

describe('production refuses to start without what it needs', () => {
  it('starts with every setting production needs', () => {
    const config = loadConfig(production);
    expect(config).toMatchObject({ production: true, devEndpoints: false, seedDemo: false });
    expect(config.billing.gateway).toBe('recurly');
  });

  it.each([
    ['SMTP_URL', /SMTP_URL: .*no one can log in/],
    ['PUBLIC_URL', /PUBLIC_URL: .*sign-in links/],
    ['RECURLY_API_KEY', /RECURLY_API_KEY: .*PAYMENTS=sandbox/],
    ['RECURLY_WEBHOOK_KEY', /RECURLY_WEBHOOK_KEY: .*lapses/],
  ])('names %s when it is missing', (name, message) => {
    expect(() => loadConfig({ ...production, [name]: undefined })).toThrow(message);
  });

  it('takes the sandbox only when it is chosen on purpose', () => {
    const sandbox = loadConfig({ ...production, RECURLY_API_KEY: undefined, PAYMENTS: 'sandbox' });
    expect(sandbox.billing.gateway).toBe('sandbox');
    expect(() => loadConfig({ ...production, PAYMENTS: 'recurly', RECURLY_API_KEY: undefined })).toThrow(
      /RECURLY_API_KEY/,
    );
    expect(() => loadConfig({ PAYMENTS: 'recurly' })).toThrow(/RECURLY_API_KEY/);
    expect(loadConfig({}).billing.gateway).toBe('sandbox');
    expect(loadConfig({ RECURLY_API_KEY: 'k' }).billing.gateway).toBe('recurly');
  });

  it('refuses a sign-in link address in clear', () => {
    expect(() => loadConfig({ ...production, PUBLIC_URL: 'http://app.example.com' })).toThrow(/PUBLIC_URL: .*https/);
    expect(loadConfig({ ...production, PUBLIC_URL: 'https://app.example.com/' }).publicUrl).toBe(
      'https://app.example.com',
    );
  });

  it('refuses development switches in production', () => {
    expect(() => loadConfig({ ...production, DEV_ENDPOINTS: 'on' })).toThrow(/DEV_ENDPOINTS/);
    expect(() => loadConfig({ ...production, FROZEN_CLOCK: '2026-11-20T12:00:00.000Z' })).toThrow(/FROZEN_CLOCK/);
  });

  it('names every missing setting at once, so one restart is enough', () => {
    const problems = deploymentProblems({}, true);
    expect(problems.map((problem) => problem.split(':')[0])).toEqual([
      'SMTP_URL',
      'PUBLIC_URL',
      'RECURLY_API_KEY',
      'VAPID_PUBLIC_KEY',
      'VAPID_PRIVATE_KEY',
      'VAPID_SUBJECT',
    ]);
    expect(deploymentProblems({}, false)).toEqual([]);
  });

  it('runs the sample network outside production only, unless asked for', () => {
    expect(loadConfig({}).sampleNetwork).toBe(true);
    expect(loadConfig(production).sampleNetwork).toBe(false);
    expect(loadConfig({ ...production, SAMPLE_NETWORK: 'on' })).toMatchObject({ sampleNetwork: true, seedDemo: true });
    expect(loadConfig({ SAMPLE_NETWORK: 'off' })).toMatchObject({ sampleNetwork: false, seedDemo: false });
    expect(() => loadConfig({ SAMPLE_NETWORK: 'maybe' })).toThrow(/SAMPLE_NETWORK/);
  });

  it('seeds the demo accounts outside production, and in production only when asked', () => {
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig(production).seedDemo).toBe(false);
    expect(loadConfig({ ...production, SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });
});

describe('Web Push in production (issue 33)', () => {
  it('needs its own VAPID keys when push is on, and names each one missing', () => {
    const without = {
      ...production,
      VAPID_PUBLIC_KEY: undefined,
      VAPID_PRIVATE_KEY: undefined,
      VAPID_SUBJECT: undefined,
    };
    expect(() => loadConfig(without)).toThrow(/VAPID_PUBLIC_KEY.*VAPID_PRIVATE_KEY.*VAPID_SUBJECT.*PUSH=off/s);
    expect(loadConfig({ ...without, PUSH: 'off' }).push).toBeUndefined();
    expect(loadConfig(production).push?.vapid).toEqual({
      publicKey: keys.publicKey,
      privateKey: keys.privateKey,
      subject: 'mailto:ops@example.com',
    });
  });

  it('refuses half a key set, a public key that is not the private key’s, and a bad contact, anywhere', () => {
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: keys.publicKey })).toThrow(/VAPID_PRIVATE_KEY.*VAPID_SUBJECT/s);
    const other = webpush.generateVAPIDKeys();
    expect(() => loadConfig({ ...vapid, VAPID_PUBLIC_KEY: other.publicKey })).toThrow(/is not the public key/);
    expect(() => loadConfig({ ...vapid, VAPID_SUBJECT: 'ops@example.com' })).toThrow(/VAPID_SUBJECT/);
    // Outside production the keys are the database's own: nothing to set.
    expect(loadConfig({}).push).toMatchObject({ vapid: undefined });
  });

  it('posts only to the browsers’ push services and to hosts named in PUSH_SERVICE_HOSTS', () => {
    const hosts = loadConfig({ PUSH_SERVICE_HOSTS: 'push.example.org, 10.0.0.5:8443' }).push?.serviceHosts;
    expect(hosts).toEqual(
      expect.arrayContaining([
        { host: 'fcm.googleapis.com', port: 443 },
        { host: '.push.apple.com', port: 443 },
        { host: 'push.example.org', port: 443 },
        { host: '10.0.0.5', port: 8443 },
      ]),
    );
    expect(() => loadConfig({ PUSH_SERVICE_HOSTS: 'https://push.example.org/x' })).toThrow(/PUSH_SERVICE_HOSTS/);
  });
});
