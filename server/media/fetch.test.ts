// safeFetch against loopback servers only. The tests' address policy lets 127.0.0.2 (the upstream)
// through as if it were public; victims on 127.0.0.1 and ::1 count any connection that slips by.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { png, startUpstream, UPSTREAM_ADDRESS, type Upstream, video } from '../../tests/support/media-upstream.ts';
import { isAllowedAddress } from './address.ts';
import { type FetchTestHooks, type SafeFetchOptions, safeFetch } from './fetch.ts';

let upstream: Upstream;
let connected: string[];
let names: Record<string, string[]>;

const resolve = vi.fn(async (hostname: string) => {
  const answer = names[hostname];
  if (!answer) throw Object.assign(new Error(`ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return answer;
});

/** The test policy: the default one, plus the upstream's 127.0.0.2. */
const hooks: FetchTestHooks = {
  resolve,
  allowAddress: (address) => address === UPSTREAM_ADDRESS || isAllowedAddress(address),
  onConnect: (address) => connected.push(address),
};

function fetchWith(url: string, options: Partial<SafeFetchOptions> = {}) {
  return safeFetch(url, { allowedHosts: ['media.test', 'cdn.test'], ...hooks, ...options });
}

beforeAll(async () => {
  upstream = await startUpstream();
});

afterAll(async () => {
  await upstream.close();
});

beforeEach(() => {
  connected = [];
  resolve.mockClear();
  names = { 'media.test': [UPSTREAM_ADDRESS], 'cdn.test': [UPSTREAM_ADDRESS] };
  upstream.requests.length = 0;
  upstream.victimConnections.length = 0;
});

function expectNoVictim() {
  expect(upstream.victimConnections).toEqual([]);
  expect(connected.every((address) => address === UPSTREAM_ADDRESS)).toBe(true);
}

describe('safeFetch: success', () => {
  it('fetches an image from an allowed host through the checked address', async () => {
    const result = await fetchWith(`${upstream.base('media.test')}/image.png`);
    expect(result).toMatchObject({ ok: true, status: 200, contentType: 'image/png' });
    expect(result.ok && result.body.equals(png)).toBe(true);
    expect(resolve).toHaveBeenCalledTimes(1);
    expect(connected).toEqual([UPSTREAM_ADDRESS]);
  });

  it('matches hosts case-insensitively and ignores one trailing dot', async () => {
    const result = await fetchWith(`HTTP://MEDIA.TEST.:${upstream.port}/image.png`);
    expect(result).toMatchObject({ ok: true, status: 200 });
  });

  it("takes every host under a `*.name` entry, and no other (the official API's CDN hosts)", async () => {
    names['scontent-a1.cdn.test'] = [UPSTREAM_ADDRESS];
    names['evilcdn.test'] = [UPSTREAM_ADDRESS];
    const wildcard = { allowedHosts: ['*.cdn.test'] };
    const under = await fetchWith(`${upstream.base('scontent-a1.cdn.test')}/image.png`, wildcard);
    expect(under).toMatchObject({ ok: true, status: 200 });
    for (const host of ['evilcdn.test', 'cdn.test', 'cdn.test.evil.test']) {
      names[host] = [UPSTREAM_ADDRESS];
      expect(await fetchWith(`${upstream.base(host)}/image.png`, wildcard), host).toMatchObject({
        ok: false,
        reason: 'host',
      });
    }
  });

  it('reduces the content type to its lower-case media type', async () => {
    const result = await fetchWith(`${upstream.base('media.test')}/photo.jpg`);
    expect(result).toMatchObject({ ok: true, contentType: 'image/jpeg' });
  });

  it('reads a body that ends when the connection closes', async () => {
    const result = await fetchWith(`${upstream.base('media.test')}/close-delimited.png`);
    expect(result).toMatchObject({ ok: true, status: 200 });
    expect(result.ok && result.body.equals(png)).toBe(true);
  });

  it('forwards a byte range and passes back 206 with content-range', async () => {
    const result = await fetchWith(`${upstream.base('media.test')}/video.mp4`, { range: 'bytes=100-199' });
    expect(result).toMatchObject({
      ok: true,
      status: 206,
      contentType: 'video/mp4',
      contentRange: 'bytes 100-199/1000',
    });
    expect(result.ok && result.body.equals(video.subarray(100, 200))).toBe(true);
    const suffix = await fetchWith(`${upstream.base('media.test')}/video.mp4`, { range: 'bytes=-10' });
    expect(suffix).toMatchObject({ ok: true, status: 206, contentRange: 'bytes 990-999/1000' });
  });

  it('drops a range header that is not one byte range', async () => {
    const result = await fetchWith(`${upstream.base('media.test')}/video.mp4`, { range: 'bytes=0-1,5-6' });
    expect(result).toMatchObject({ ok: true, status: 200 });
    expect(upstream.requests[0]?.headers.range).toBeUndefined();
  });

  it('never sends cookies, authorization or the URL credentials; asks for identity encoding', async () => {
    await fetchWith(`${upstream.base('media.test')}/headers.png`, { range: 'bytes=0-' });
    const headers = upstream.requests[0]?.headers ?? {};
    expect(Object.keys(headers).sort()).toEqual([
      'accept',
      'accept-encoding',
      'connection',
      'host',
      'range',
      'user-agent',
    ]);
    expect(headers['accept-encoding']).toBe('identity');
    expect(headers.host).toBe(`media.test:${upstream.port}`);
  });

  it('follows redirects up to the limit, re-checking each hop', async () => {
    const result = await fetchWith(`${upstream.base('media.test')}/chain/3`);
    expect(result).toMatchObject({ ok: true, url: `${upstream.base('media.test')}/chain/0` });
    expect(resolve).toHaveBeenCalledTimes(4);
  });

  it('follows a redirect to another allowed host', async () => {
    const to = `${upstream.base('cdn.test')}/image.png`;
    const result = await fetchWith(`${upstream.base('media.test')}/redirect?status=301&to=${encodeURIComponent(to)}`);
    expect(result).toMatchObject({ ok: true, url: to });
    expect(resolve.mock.calls.map(([name]) => name)).toEqual(['media.test', 'cdn.test']);
  });
});

describe('safeFetch: refusals', () => {
  it.each([
    'ftp://media.test/x.png',
    'file:///etc/passwd',
    'gopher://media.test/',
    'data:image/png;base64,AA==',
    'ws://media.test/',
  ])('refuses the scheme of %s without a lookup', async (url) => {
    expect(await fetchWith(url)).toMatchObject({ ok: false, reason: 'scheme' });
    expect(resolve).not.toHaveBeenCalled();
  });

  it('refuses a host off the allowlist before any lookup', async () => {
    names['other.test'] = [UPSTREAM_ADDRESS];
    for (const url of [
      `${upstream.base('other.test')}/image.png`,
      `${upstream.base('media.test..')}/image.png`,
      `${upstream.base('sub.media.test')}/image.png`,
      `${upstream.base('media.test.other.test')}/image.png`,
    ]) {
      expect(await fetchWith(url)).toMatchObject({ ok: false, reason: 'host' });
    }
    expect(resolve).not.toHaveBeenCalled();
    expect(connected).toEqual([]);
  });

  it('refuses credentials in the URL', async () => {
    const result = await fetchWith(`http://user:pass@media.test:${upstream.port}/image.png`);
    expect(result).toMatchObject({ ok: false, reason: 'host' });
    expect(resolve).not.toHaveBeenCalled();
  });

  it('refuses loopback by default (no test policy), by literal and by name', async () => {
    const literal = await safeFetch(`http://127.0.0.1:${upstream.port}/`, { allowedHosts: ['127.0.0.1'] });
    expect(literal).toMatchObject({ ok: false, reason: 'address' });
    const named = await safeFetch(`http://localhost:${upstream.port}/`, { allowedHosts: ['localhost'] });
    expect(named).toMatchObject({ ok: false, reason: 'address' });
    const upstreamItself = await safeFetch(`http://${UPSTREAM_ADDRESS}:${upstream.port}/image.png`, {
      allowedHosts: [UPSTREAM_ADDRESS],
    });
    expect(upstreamItself).toMatchObject({ ok: false, reason: 'address' });
    expect(upstream.victimConnections).toEqual([]);
    expect(upstream.requests).toEqual([]);
  });

  it('refuses a host when any of its addresses is refused', async () => {
    names['media.test'] = [UPSTREAM_ADDRESS, '10.0.0.1'];
    expect(await fetchWith(`${upstream.base('media.test')}/image.png`)).toMatchObject({ ok: false, reason: 'address' });
    names['media.test'] = ['not-an-address'];
    expect(await fetchWith(`${upstream.base('media.test')}/image.png`)).toMatchObject({ ok: false, reason: 'address' });
    expect(connected).toEqual([]);
  });

  it('connects only to the address it checked when DNS changes its answer (rebinding)', async () => {
    let calls = 0;
    const rebinding = vi.fn(async () => (calls++ === 0 ? [UPSTREAM_ADDRESS] : ['127.0.0.1']));
    const result = await fetchWith(`${upstream.base('media.test')}/image.png`, { resolve: rebinding });
    expect(result).toMatchObject({ ok: true });
    expect(rebinding).toHaveBeenCalledTimes(1);
    expect(connected).toEqual([UPSTREAM_ADDRESS]);
    expectNoVictim();
  });

  it('re-resolves and refuses on the next hop when DNS rebinds between redirects', async () => {
    let calls = 0;
    const rebinding = vi.fn(async () => (calls++ === 0 ? [UPSTREAM_ADDRESS] : ['127.0.0.1']));
    const to = encodeURIComponent(`${upstream.base('media.test')}/image.png`);
    const result = await fetchWith(`${upstream.base('media.test')}/redirect?to=${to}`, { resolve: rebinding });
    expect(result).toMatchObject({ ok: false, reason: 'address' });
    expect(rebinding).toHaveBeenCalledTimes(2);
    expectNoVictim();
  });

  it('pins https connections too', async () => {
    // The upstream speaks plain HTTP, so the TLS handshake fails, after connecting to the checked address.
    const result = await fetchWith(`https://media.test:${upstream.port}/image.png`);
    expect(result).toMatchObject({ ok: false, reason: 'upstream' });
    expect(connected).toEqual([UPSTREAM_ADDRESS]);
    expectNoVictim();
  });

  it.each([
    ['a loopback literal', (port: number) => `http://127.0.0.1:${port}/image.png`, 'address'],
    ['a loopback literal in hex', (port: number) => `http://0x7f000001:${port}/image.png`, 'address'],
    ['IPv6 loopback', (port: number) => `http://[::1]:${port}/image.png`, 'address'],
    ['a private address', () => 'http://10.0.0.1/image.png', 'address'],
    ['the metadata service', () => 'http://169.254.169.254/latest/meta-data/', 'address'],
    ['a name that resolves to loopback', (port: number) => `http://evil.test:${port}/image.png`, 'address'],
    ['a host off the allowlist', (port: number) => `http://other.test:${port}/image.png`, 'host'],
    ['file:', () => 'file:///etc/passwd', 'scheme'],
    ['gopher:', (port: number) => `gopher://127.0.0.1:${port}/_x`, 'scheme'],
    ['credentials', (port: number) => `http://u:p@media.test:${port}/image.png`, 'host'],
    ['an invalid URL', () => 'http://[fe80::1%25eth0]/', 'scheme'],
  ])('refuses a redirect to %s', async (_name, target, reason) => {
    names['evil.test'] = ['127.0.0.1'];
    const allowedHosts = ['media.test', '127.0.0.1', '0x7f000001', '[::1]', '10.0.0.1', '169.254.169.254', 'evil.test'];
    const to = encodeURIComponent(target(upstream.port));
    const result = await fetchWith(`${upstream.base('media.test')}/redirect?to=${to}`, { allowedHosts });
    expect(result).toMatchObject({ ok: false, reason });
    expect(connected).toEqual([UPSTREAM_ADDRESS]);
    expectNoVictim();
  });

  it('stops after the redirect limit', async () => {
    expect(await fetchWith(`${upstream.base('media.test')}/chain/4`)).toMatchObject({ ok: false, reason: 'redirects' });
    expect(await fetchWith(`${upstream.base('media.test')}/chain/1`, { maxRedirects: 0 })).toMatchObject({
      ok: false,
      reason: 'redirects',
    });
    expect(await fetchWith(`${upstream.base('media.test')}/loop`)).toMatchObject({ ok: false, reason: 'redirects' });
    expect(upstream.requests.filter((request) => request.path === '/loop')).toHaveLength(4);
  });

  it('refuses a body whose content-length is over the limit without reading it', async () => {
    const result = await fetchWith(`${upstream.base('media.test')}/big.png`, { maxBytes: 1000 });
    expect(result).toMatchObject({ ok: false, reason: 'size' });
  });

  it('aborts a body without content-length as soon as it passes the limit', async () => {
    upstream.streamCutOff.value = false;
    const result = await fetchWith(`${upstream.base('media.test')}/stream.png`, { maxBytes: 10_000 });
    expect(result).toMatchObject({ ok: false, reason: 'size' });
    await vi.waitFor(() => expect(upstream.streamCutOff.value).toBe(true), { timeout: 15_000 });
  });

  it('aborts a body sent until close, without any length, past the limit', async () => {
    const result = await fetchWith(`${upstream.base('media.test')}/lying-absent.png`, { maxBytes: 10_000 });
    expect(result).toMatchObject({ ok: false, reason: 'size' });
  });

  it('never reads more than a lying content-length announces', async () => {
    const result = await fetchWith(`${upstream.base('media.test')}/lying-short.png`, { maxBytes: 1000 });
    expect(result).toMatchObject({ ok: true });
    expect(result.ok && result.body.length).toBe(10);
  });

  it('refuses a body shorter than its content-length', async () => {
    const result = await fetchWith(`${upstream.base('media.test')}/lying-long.png`);
    expect(result).toMatchObject({ ok: false, reason: 'upstream' });
  });

  it.each([
    ['text/html', '/page.html'],
    ['image/svg+xml', '/pic.svg'],
    ['no content type', '/notype'],
  ])('refuses %s', async (_type, path) => {
    expect(await fetchWith(`${upstream.base('media.test')}${path}`)).toMatchObject({ ok: false, reason: 'type' });
  });

  it('gives up on a slow answer after the timeout', async () => {
    const started = Date.now();
    const result = await fetchWith(`${upstream.base('media.test')}/slow.png`, { timeoutMs: 200 });
    expect(result).toMatchObject({ ok: false, reason: 'timeout' });
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('gives up on a body that stalls after the timeout', async () => {
    const result = await fetchWith(`${upstream.base('media.test')}/stall.png`, { timeoutMs: 200 });
    expect(result).toMatchObject({ ok: false, reason: 'timeout' });
  });

  it('passes on the upstream status of a failure', async () => {
    const result = await fetchWith(`${upstream.base('media.test')}/missing.png`);
    expect(result).toMatchObject({ ok: false, reason: 'upstream', status: 404 });
  });

  it('reports a failed lookup as an upstream failure', async () => {
    const result = await fetchWith(`http://nowhere.test:${upstream.port}/`, { allowedHosts: ['nowhere.test'] });
    expect(result).toMatchObject({ ok: false, reason: 'upstream' });
    expect(connected).toEqual([]);
  });

  it('stops when the caller aborts', async () => {
    const controller = new AbortController();
    const pending = fetchWith(`${upstream.base('media.test')}/slow.png`, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    expect(await pending).toMatchObject({ ok: false, reason: 'upstream' });
  });
});
