import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activateLocale } from '../i18n/index.ts';
import { call, configureClient } from './client.ts';
import { listPlans } from './plans.ts';

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  configureClient({ token: async () => 'secret-token', onUnauthorized: vi.fn(async () => undefined) });
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await activateLocale('en');
});

function sentHeaders(): Headers {
  const init = fetchMock.mock.calls[0]?.[1];
  return new Headers(init?.headers);
}

describe('API client (spec §7)', () => {
  it('calls /api/v1/ with accept-language and app-version, and no token unless asked', async () => {
    await activateLocale('de');
    fetchMock.mockResolvedValue(json(200, { ok: 1 }));
    const result = await call('list/plans/');
    expect(result).toEqual({ ok: true, data: { ok: 1 } });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v1/list/plans/');
    expect(sentHeaders().get('accept-language')).toBe('de');
    expect(sentHeaders().get('app-version')).toBe(__APP_VERSION__);
    expect(sentHeaders().has('authorization')).toBe(false);
  });

  it('sends the bearer token on authenticated calls and JSON bodies', async () => {
    fetchMock.mockResolvedValue(json(200, {}));
    await call('client/support/query/', { method: 'POST', auth: true, body: { query: 'hi' } });
    expect(sentHeaders().get('authorization')).toBe('Bearer secret-token');
    expect(sentHeaders().get('content-type')).toBe('application/json');
    expect(fetchMock.mock.calls[0]?.[1]?.body).toBe('{"query":"hi"}');
  });

  it("returns the server's message as a value on failure", async () => {
    fetchMock.mockResolvedValue(json(422, { message: 'Please enter valid email' }));
    expect(await call('x/')).toEqual({
      ok: false,
      error: {
        kind: 'http',
        status: 422,
        message: 'Please enter valid email',
        body: { message: 'Please enter valid email' },
      },
    });
    fetchMock.mockResolvedValue(json(400, { data: { message: 'Invalid username' } }));
    const nested = await call('x/');
    expect(nested.ok || nested.error.message).toBe('Invalid username');
  });

  it('gives a localised message when the server sends none, or nothing arrives', async () => {
    fetchMock.mockResolvedValue(new Response('<html>bad gateway</html>', { status: 502 }));
    const noMessage = await call('x/');
    expect(noMessage.ok || noMessage.error).toMatchObject({ kind: 'http', status: 502 });
    expect(noMessage.ok || noMessage.error.message).toMatch(/went wrong/);

    await activateLocale('fr');
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const offline = await call('x/');
    expect(offline.ok || offline.error.kind).toBe('network');
    expect(offline.ok || offline.error.message).toMatch(/connexion/i);
  });

  it('clears the login on a 401 from an authenticated call only, and shows the detail text', async () => {
    const onUnauthorized = vi.fn(async () => undefined);
    configureClient({ token: async () => 't', onUnauthorized });
    fetchMock.mockResolvedValue(json(401, { detail: 'Invalid token.' }));
    const result = await call('client/user/detail/', { method: 'POST', auth: true });
    expect(result.ok || result.error.message).toBe('Invalid token.');
    expect(onUnauthorized).toHaveBeenCalledOnce();

    fetchMock.mockResolvedValue(json(401, { detail: 'Wrong code.' }));
    await call('client/insta/validateotp/', { method: 'POST', body: {} });
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('reports an aborted call as aborted, not as offline', async () => {
    const controller = new AbortController();
    fetchMock.mockImplementation(async () => {
      controller.abort();
      throw new DOMException('aborted', 'AbortError');
    });
    const result = await call('x/', { signal: controller.signal });
    expect(result.ok || result.error.kind).toBe('aborted');
  });

  it('checks the shape of responses it parses', async () => {
    fetchMock.mockResolvedValue(json(200, { plans: [{ plan_id: 'p', name: 'Weekly' }] }));
    const result = await listPlans();
    expect(result.ok || result.error.kind).toBe('invalid');
  });
});
