// The proxy route end to end, against loopback servers only (see tests/support/media-upstream.ts): signatures come
// first, the sample network's media never touches the network, and the known SSRF spellings are
// refused whether signed or not, directly or through a redirect, without reaching a refused address.
import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { png, startUpstream, UPSTREAM_ADDRESS, type Upstream, video } from '../../tests/support/media-upstream.ts';
import { registerSecurityHeaders } from '../http/security.ts';
import { isAllowedAddress } from './address.ts';
import { type FetchTestHooks, normalizeAllowedHost } from './fetch.ts';
import { byteRangeOf, type MediaProxyOptions, mediaProxyRoutes, parseMediaHosts, SAMPLE_MEDIA_HOST } from './proxy.ts';
import { createMediaSigner } from './sign.ts';

const signer = createMediaSigner(randomBytes(32));
const otherSigner = createMediaSigner(randomBytes(32));

let upstream: Upstream;
let connected: string[];
let rebindCalls: number;

const resolve = vi.fn(async (hostname: string): Promise<string[]> => {
  if (hostname === 'allowed.host') return [UPSTREAM_ADDRESS];
  if (hostname === 'localhost') return ['127.0.0.1', '::1'];
  if (hostname === 'metadata.google.internal') return ['169.254.169.254'];
  if (hostname.endsWith('.nip.io')) return ['127.0.0.1'];
  // First a "public" answer, then loopback: DNS rebinding.
  if (hostname === 'rebind.test') return rebindCalls++ === 0 ? [UPSTREAM_ADDRESS] : ['127.0.0.1'];
  throw Object.assign(new Error(`ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
});

/** The test policy: the default one, plus the upstream's 127.0.0.2 standing in for a public address. */
const testing: FetchTestHooks = {
  resolve,
  allowAddress: (address) => address === UPSTREAM_ADDRESS || isAllowedAddress(address),
  onConnect: (address) => connected.push(address),
};

/** Known SSRF spellings; `port` is the upstream's, where victims listen on 127.0.0.1 and ::1. */
const ssrf: [name: string, url: (port: number) => string][] = [
  ['loopback', (p) => `http://127.0.0.1:${p}/image.png`],
  ['localhost', (p) => `http://localhost:${p}/image.png`],
  ['short form', (p) => `http://127.1:${p}/image.png`],
  ['decimal integer', (p) => `http://2130706433:${p}/image.png`],
  ['hex integer', (p) => `http://0x7f000001:${p}/image.png`],
  ['octal integer', (p) => `http://017700000001:${p}/image.png`],
  ['octal dotted', (p) => `http://0177.0.0.1:${p}/image.png`],
  ['hex dotted', (p) => `http://0x7f.0.0.1:${p}/image.png`],
  ['hex short form', (p) => `http://0x7f.1:${p}/image.png`],
  ['IPv6 loopback', (p) => `http://[::1]:${p}/image.png`],
  ['IPv4-mapped dotted', (p) => `http://[::ffff:127.0.0.1]:${p}/image.png`],
  ['IPv4-mapped hex', (p) => `http://[::ffff:7f00:1]:${p}/image.png`],
  ['IPv4-mapped long form', (p) => `http://[0:0:0:0:0:ffff:127.0.0.1]:${p}/image.png`],
  ['IPv4-compatible', (p) => `http://[::127.0.0.1]:${p}/image.png`],
  ['NAT64 of loopback', (p) => `http://[64:ff9b::7f00:1]:${p}/image.png`],
  ['6to4 of loopback', (p) => `http://[2002:7f00:1::]:${p}/image.png`],
  ['Teredo', () => 'http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/image.png'],
  ['AWS metadata', () => 'http://169.254.169.254/latest/meta-data/'],
  ['AWS metadata over IPv6', () => 'http://[fd00:ec2::254]/latest/meta-data/'],
  ['metadata mapped into IPv6', () => 'http://[::ffff:a9fe:a9fe]/latest/meta-data/'],
  ['GCP metadata name', () => 'http://metadata.google.internal/computeMetadata/v1/'],
  ['Alibaba metadata', () => 'http://100.100.100.200/latest/meta-data/'],
  ['private 10/8', () => 'http://10.0.0.1/'],
  ['private 10/8 short form', () => 'http://10.1/'],
  ['private 172.16/12', () => 'http://172.16.0.1/'],
  ['private 192.168/16', () => 'http://192.168.1.1/'],
  ['carrier-grade NAT', () => 'http://100.64.0.1/'],
  ['link-local IPv6', (p) => `http://[fe80::1]:${p}/`],
  ['unique local IPv6', () => 'http://[fd12:3456::1]/'],
  ['unspecified', (p) => `http://0.0.0.0:${p}/image.png`],
  ['zero', (p) => `http://0:${p}/image.png`],
  ['unspecified IPv6', (p) => `http://[::]:${p}/image.png`],
  ['broadcast', () => 'http://255.255.255.255/'],
  ['multicast', () => 'http://224.0.0.1/'],
  ['nip.io name', (p) => `http://127.0.0.1.nip.io:${p}/image.png`],
  ['allowed host prefix on a nip.io name', (p) => `http://allowed.host.127.0.0.1.nip.io:${p}/image.png`],
  [
    'DNS rebinding',
    (p) => `http://rebind.test:${p}/redirect?to=${encodeURIComponent(`http://rebind.test:${p}/image.png`)}`,
  ],
  ['file:', () => 'file:///etc/passwd'],
  ['gopher:', (p) => `gopher://127.0.0.1:${p}/_GET%20/`],
  ['ftp:', () => 'ftp://allowed.host/image.png'],
  ['dict:', (p) => `dict://127.0.0.1:${p}/info`],
  ['javascript:', () => 'javascript:alert(1)'],
  ['credentials and a second @', (p) => `http://user:pass@allowed.host@127.0.0.1:${p}/image.png`],
  ['credentials on the allowed host', (p) => `http://user:pass@allowed.host:${p}/image.png`],
  ['percent-encoded host', (p) => `http://%31%32%37.0.0.1:${p}/image.png`],
  ['full-width digits', (p) => `http://１２７.０.０.１:${p}/image.png`],
  ['IPv6 with zone id', (p) => `http://[fe80::1%25eth0]:${p}/image.png`],
  ['IPv6 loopback with zone id', (p) => `http://[::1%25lo]:${p}/image.png`],
  ['trailing dot', (p) => `http://127.0.0.1.:${p}/image.png`],
  ['trailing dot on a name', (p) => `http://localhost.:${p}/image.png`],
  ['upper case', (p) => `HTTP://LOCALHOST:${p}/image.png`],
  ['upper-case scheme, loopback', (p) => `HtTp://127.0.0.1:${p}/image.png`],
  ['https to loopback', (p) => `https://127.0.0.1:${p}/image.png`],
  ['backslashes', (p) => `http:\\\\127.0.0.1:${p}\\image.png`],
  ['not a URL', (p) => `http://[::1:${p}/image.png`],
];

const hostOf = (url: string): string | undefined => {
  try {
    return normalizeAllowedHost(new URL(url).hostname);
  } catch {
    return undefined;
  }
};

let port: number;
/** Every table host allowed, so that the address checks are what refuses. */
let open: FastifyInstance;
/** Only allowed.host: the allowlist refuses before any lookup. */
let strict: FastifyInstance;

async function buildProxy(options: Partial<MediaProxyOptions>): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  await app.register(
    (api) =>
      mediaProxyRoutes(api, {
        signer,
        allowedHosts: ['allowed.host'],
        testing,
        limits: { maxBytes: 2000, timeoutMs: 300 },
        ...options,
      }),
    { prefix: '/api/v1' },
  );
  await app.ready();
  return app;
}

beforeAll(async () => {
  upstream = await startUpstream();
  port = upstream.port;
  const hosts = new Set(['allowed.host']);
  for (const [, url] of ssrf) {
    const host = hostOf(url(port));
    if (host) hosts.add(host);
  }
  open = await buildProxy({ allowedHosts: [...hosts] });
  strict = await buildProxy({});
});

afterAll(async () => {
  await Promise.all([open.close(), strict.close()]);
  await upstream.close();
});

beforeEach(() => {
  connected = [];
  rebindCalls = 0;
  resolve.mockClear();
  upstream.requests.length = 0;
  upstream.victimConnections.length = 0;
});

function expectNothingReached() {
  expect(resolve).not.toHaveBeenCalled();
  expect(connected).toEqual([]);
  expect(upstream.victimConnections).toEqual([]);
  expect(upstream.requests).toEqual([]);
}

function expectNoRefusedAddressReached() {
  expect(connected.every((address) => address === UPSTREAM_ADDRESS)).toBe(true);
  expect(upstream.victimConnections).toEqual([]);
}

describe('known SSRF spellings', () => {
  it('has at least 30 of them', () => {
    expect(ssrf.length).toBeGreaterThanOrEqual(30);
  });

  describe.each(ssrf)('%s', (_name, url) => {
    it('unsigned: 403 before any lookup or connection', async () => {
      const target = url(port);
      for (const path of [
        `/api/v1/proxy?url=${encodeURIComponent(target)}`,
        `/api/v1/proxy?url=${encodeURIComponent(target)}&sig=`,
        otherSigner.proxyUrl(target),
        `${signer.proxyUrl(target)}x`,
      ]) {
        const response = await open.inject(path);
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ message: expect.any(String) });
      }
      expectNothingReached();
    });

    it('signed, host allowed: refused by the scheme or address checks', async () => {
      const response = await open.inject(signer.proxyUrl(url(port)));
      expect([400, 403]).toContain(response.statusCode);
      expect(response.headers['cache-control']).toBe('no-store');
      expectNoRefusedAddressReached();
    });

    it('signed, host not allowed: refused before any lookup', async () => {
      const response = await strict.inject(signer.proxyUrl(url(port)));
      expect([400, 403]).toContain(response.statusCode);
      expectNothingReached();
    });

    it('signed, as a redirect target: refused on the next hop', async () => {
      const redirect = `http://allowed.host:${port}/redirect?to=${encodeURIComponent(url(port))}`;
      const response = await open.inject(signer.proxyUrl(redirect));
      expect([400, 403]).toContain(response.statusCode);
      expect(connected[0]).toBe(UPSTREAM_ADDRESS);
      expectNoRefusedAddressReached();
    });
  });
});

describe('GET /api/v1/proxy', () => {
  it('serves a signed image with its type and the cache and sandbox headers', async () => {
    const response = await open.inject(signer.proxyUrl(`http://allowed.host:${port}/image.png`));
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(png)).toBe(true);
    expect(response.headers).toMatchObject({
      'content-type': 'image/png',
      'cache-control': 'public, max-age=86400, immutable',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    });
    expect(response.headers['accept-ranges']).toBeUndefined();
    expect(connected).toEqual([UPSTREAM_ADDRESS]);
  });

  it("keeps its own sandbox policy under the app's security headers", async () => {
    const app = Fastify({ logger: false });
    await registerSecurityHeaders(app, { recurly: false });
    await app.register((api) => mediaProxyRoutes(api, { signer, allowedHosts: ['allowed.host'], testing }), {
      prefix: '/api/v1',
    });
    try {
      const ok = await app.inject(signer.proxyUrl(`http://allowed.host:${port}/image.png`));
      const refused = await app.inject('/api/v1/proxy');
      for (const response of [ok, refused]) {
        expect(response.headers['content-security-policy']).toBe(
          "default-src 'none'; style-src 'unsafe-inline'; sandbox",
        );
        expect(response.headers['x-content-type-options']).toBe('nosniff');
      }
      expect(ok.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('refuses a tampered url with the old signature', async () => {
    const signed = new URL(signer.proxyUrl(`http://allowed.host:${port}/image.png`), 'http://app');
    const sig = signed.searchParams.get('sig') ?? '';
    for (const tampered of [
      `http://allowed.host:${port}/video.mp4`,
      `http://allowed.host:${port}/image.png?`,
      `http://ALLOWED.host:${port}/image.png`,
      `http://127.0.0.1:${port}/image.png`,
    ]) {
      const response = await open.inject(`/api/v1/proxy?url=${encodeURIComponent(tampered)}&sig=${sig}`);
      expect(response.statusCode).toBe(403);
    }
    expectNothingReached();
  });

  it('refuses a missing or repeated parameter', async () => {
    const signed = signer.proxyUrl(`http://allowed.host:${port}/image.png`);
    const sig = new URL(signed, 'http://app').searchParams.get('sig') ?? '';
    for (const path of ['/api/v1/proxy', `/api/v1/proxy?sig=${sig}`, `${signed}&sig=${sig}`, `${signed}&url=x`]) {
      expect((await open.inject(path)).statusCode).toBe(403);
    }
    expectNothingReached();
  });

  it('answers a range of a video with 206 and the right bytes', async () => {
    const response = await open.inject({
      url: signer.proxyUrl(`http://allowed.host:${port}/video.mp4`),
      headers: { range: 'bytes=10-19' },
    });
    expect(response.statusCode).toBe(206);
    expect(response.rawPayload.equals(video.subarray(10, 20))).toBe(true);
    expect(response.headers).toMatchObject({
      'content-type': 'video/mp4',
      'content-range': 'bytes 10-19/1000',
      'accept-ranges': 'bytes',
      'content-length': '10',
      'cache-control': 'public, max-age=86400, immutable',
    });
  });

  it('serves the whole video with accept-ranges when no range is asked', async () => {
    const response = await open.inject(signer.proxyUrl(`http://allowed.host:${port}/video.mp4`));
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(video)).toBe(true);
    expect(response.headers['accept-ranges']).toBe('bytes');
  });

  it('forwards neither cookies nor authorization', async () => {
    await open.inject({
      url: signer.proxyUrl(`http://allowed.host:${port}/headers.png`),
      headers: { cookie: 'session=secret', authorization: 'Bearer secret', 'x-forwarded-for': '1.2.3.4' },
    });
    const headers = upstream.requests[0]?.headers ?? {};
    expect(headers.cookie).toBeUndefined();
    expect(headers.authorization).toBeUndefined();
    expect(headers['x-forwarded-for']).toBeUndefined();
  });

  it.each([
    ['an HTML page', '/page.html', 415],
    ['a remote SVG', '/pic.svg', 415],
    ['a body over the limit', '/big.png', 413],
    ['a body over the limit without length', '/stream.png', 413],
    ['a slow answer', '/slow.png', 504],
    ['too many redirects', '/chain/4', 502],
    ['a missing file', '/missing.png', 404],
  ])('answers %s (%s) with %i and a JSON message', async (_name, path, status) => {
    const response = await open.inject(signer.proxyUrl(`http://allowed.host:${port}${path}`));
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ message: expect.any(String) });
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers a signed link that is not a URL with 400', async () => {
    const response = await open.inject(signer.proxyUrl('not a url'));
    expect(response.statusCode).toBe(400);
  });
});

/** The sample network's media as the app serves it in-process (a stand-in for its own files). */
const sampleFiles: Record<string, { contentType: string; body: Buffer }> = {
  '/avatars/1234567.svg': {
    contentType: 'image/svg+xml',
    body: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
  },
  '/posts/B9kF3xQ2mPa.svg': { contentType: 'image/svg+xml; charset=utf-8', body: Buffer.from('<svg />') },
  '/clips/clip.webm': { contentType: 'video/webm', body: video },
};

describe('in-process media', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = Fastify({ logger: false });
    await app.register(
      (api) =>
        mediaProxyRoutes(api, {
          signer,
          allowedHosts: parseMediaHosts(undefined),
          inProcess: async (url) => (url.hostname === SAMPLE_MEDIA_HOST ? sampleFiles[url.pathname] : undefined),
          inProcessHosts: [SAMPLE_MEDIA_HOST],
          testing,
        }),
      { prefix: '/api/v1' },
    );
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
  });

  it.each([`https://${SAMPLE_MEDIA_HOST}/avatars/1234567.svg`, `https://${SAMPLE_MEDIA_HOST}/posts/B9kF3xQ2mPa.svg`])(
    'serves %s signed, with its type and cache headers, without the network',
    async (url) => {
      const response = await app.inject(signer.proxyUrl(url));
      expect(response.statusCode).toBe(200);
      expect(response.headers).toMatchObject({
        'content-type': 'image/svg+xml',
        'cache-control': 'public, max-age=86400, immutable',
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      });
      expect(response.body).toMatch(/^<svg /);
      expectNothingReached();
    },
  );

  it('answers ranges of an in-process video itself', async () => {
    const url = signer.proxyUrl(`https://${SAMPLE_MEDIA_HOST}/clips/clip.webm`);
    const whole = await app.inject(url);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers).toMatchObject({ 'content-type': 'video/webm', 'accept-ranges': 'bytes' });
    const part = await app.inject({ url, headers: { range: 'bytes=990-' } });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(video.subarray(990))).toBe(true);
    expect(part.headers).toMatchObject({
      'content-range': 'bytes 990-999/1000',
      'cache-control': 'public, max-age=86400, immutable',
    });
    const outside = await app.inject({ url, headers: { range: 'bytes=1000-' } });
    expect(outside.statusCode).toBe(416);
    expect(outside.headers['content-range']).toBe('bytes */1000');
    expectNothingReached();
  });

  it('refuses it unsigned', async () => {
    const response = await app.inject(
      `/api/v1/proxy?url=${encodeURIComponent(`https://${SAMPLE_MEDIA_HOST}/avatars/1.svg`)}`,
    );
    expect(response.statusCode).toBe(403);
  });

  it('answers 404 for anything else on the in-process host, and never fetches it', async () => {
    for (const path of ['/avatars/x.png', '/api/v1/health', '/avatars/1234567.svg/', '/AVATARS/1234567.svg']) {
      const response = await app.inject(signer.proxyUrl(`https://${SAMPLE_MEDIA_HOST}${path}`));
      expect(response.statusCode).toBe(404);
    }
    expectNothingReached();
  });

  it('fetches no other host by default', async () => {
    const response = await app.inject(signer.proxyUrl(`http://allowed.host:${port}/image.png`));
    expect(response.statusCode).toBe(403);
    expectNothingReached();
  });
});

describe('byteRangeOf', () => {
  it.each([
    ['bytes=0-9', { start: 0, end: 9 }],
    ['bytes=5-', { start: 5, end: 99 }],
    ['bytes=90-500', { start: 90, end: 99 }],
    ['bytes=-10', { start: 90, end: 99 }],
    ['bytes=-500', { start: 0, end: 99 }],
    ['bytes=100-', 'unsatisfiable'],
    ['bytes=-0', 'unsatisfiable'],
    ['bytes=9-5', undefined],
    ['bytes=0-1,3-4', undefined],
    ['items=0-9', undefined],
  ])('reads %s of 100 bytes', (range, expected) => {
    expect(byteRangeOf(100, range)).toEqual(expected);
  });
});

describe('parseMediaHosts', () => {
  it('reads a comma-separated list of host names', () => {
    expect(parseMediaHosts(undefined)).toEqual([]);
    expect(parseMediaHosts(' cdn.Example.com, images.example.org. ,,cdn.example.com')).toEqual([
      'cdn.example.com',
      'images.example.org',
    ]);
  });

  it.each(['https://cdn.example.com', 'cdn.example.com/path', 'user@cdn.example.com', 'cdn.example.com:8080', 'a b'])(
    'refuses %s',
    (entry) => {
      expect(() => parseMediaHosts(entry)).toThrow(/not a host name/);
    },
  );
});
