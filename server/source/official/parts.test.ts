// The official API's small parts (issue 18): sealing tokens, the consent state, sorting the platform's
// errors and reading its usage headers, and the settings a deployment must give together.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { authorizationUrl, checkConsentState, consentState, STATE_TTL_MS } from './consent.ts';
import { classify, usagePercent } from './graph.ts';
import { openToken, sealToken } from './seal.ts';
import { OFFICIAL_SCOPES, type OfficialSettings } from './settings.ts';

const key = randomBytes(32);

describe('tokens at rest', () => {
  it('open only with the key and for the user they were sealed for', () => {
    const sealed = sealToken(key, 'user-a', 'IGAA-secret-token');
    expect(sealed).not.toContain('IGAA-secret-token');
    expect(openToken(key, 'user-a', sealed)).toBe('IGAA-secret-token');
    expect(openToken(key, 'user-b', sealed)).toBeUndefined();
    expect(openToken(randomBytes(32), 'user-a', sealed)).toBeUndefined();
    const [version, iv, tag, body = ''] = sealed.split('.');
    const flipped = `${body.slice(0, -2)}${body.endsWith('AA') ? 'AB' : 'AA'}`;
    expect(openToken(key, 'user-a', [version, iv, tag, flipped].join('.'))).toBeUndefined();
    expect(openToken(key, 'user-a', 'not sealed')).toBeUndefined();
  });

  it('seal the same token differently each time', () => {
    expect(sealToken(key, 'u', 't')).not.toBe(sealToken(key, 'u', 't'));
  });
});

describe('the consent state', () => {
  const now = Date.parse('2026-11-25T12:00:00Z');

  it('is accepted back only by the session that started the consent, within its time', () => {
    const state = consentState(key, 'user-a', 'session-1', now);
    expect(checkConsentState(key, 'user-a', 'session-1', state, now + 60_000)).toBe('ok');
    expect(checkConsentState(key, 'user-a', 'session-2', state, now)).toBe('invalid');
    expect(checkConsentState(key, 'user-b', 'session-1', state, now)).toBe('invalid');
    expect(checkConsentState(randomBytes(32), 'user-a', 'session-1', state, now)).toBe('invalid');
    expect(checkConsentState(key, 'user-a', 'session-1', state, now + STATE_TTL_MS + 1000)).toBe('expired');
    expect(checkConsentState(key, 'user-a', 'session-1', `${state}x`, now)).toBe('invalid');
    expect(checkConsentState(key, 'user-a', 'session-1', 'a.b', now)).toBe('invalid');
  });

  it('goes to the authorization window with the app, the redirect and the scopes', () => {
    const settings = {
      appId: '990001',
      redirectUri: 'https://app.example/connected',
      authUrl: 'https://www.instagram.com/oauth/authorize',
    } as OfficialSettings;
    const url = new URL(authorizationUrl(settings, 'the-state'));
    expect(url.origin + url.pathname).toBe('https://www.instagram.com/oauth/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: '990001',
      redirect_uri: 'https://app.example/connected',
      response_type: 'code',
      scope: OFFICIAL_SCOPES.join(','),
      state: 'the-state',
    });
  });
});

describe("the platform's errors", () => {
  it('sort into reconnect, back off, retry, unavailable, refused, defect and failed', () => {
    const error = (code: number, extra: object = {}) => ({
      error: { message: 'm', type: 'OAuthException', code, ...extra },
    });
    expect(classify(400, error(190, { error_subcode: 463 }))).toEqual({ kind: 'reconnect', reason: 'expired' });
    expect(classify(400, error(190, { error_subcode: 460 }))).toEqual({ kind: 'reconnect', reason: 'revoked' });
    expect(classify(400, error(190, { error_subcode: 458 }))).toEqual({ kind: 'reconnect', reason: 'revoked' });
    // Issue 49: a checkpoint (459) or an unconfirmed user (464) is cleared by logging in to the network.
    for (const subcode of [459, 464]) {
      expect(classify(400, error(190, { error_subcode: subcode }))).toEqual({
        kind: 'reconnect',
        reason: 'login_required',
      });
    }
    expect(classify(400, error(190))).toEqual({ kind: 'reconnect', reason: 'expired' });
    // 341 and 368 are waited out and retried, as the rate limits are.
    for (const code of [4, 17, 32, 341, 368, 613, 80002]) expect(classify(400, error(code))).toBe('throttled');
    expect(classify(429, {})).toBe('throttled');
    expect(classify(500, error(2))).toBe('transient');
    // Code 1 has its own bounded retries (UNKNOWN_RETRIES), not the transient ones.
    expect(classify(500, error(1))).toBe('unknown');
    expect(classify(503, {})).toBe('transient');
    expect(classify(400, error(10))).toMatchObject({ kind: 'unavailable', code: 10 });
    expect(classify(400, error(100, { error_subcode: 2108006 }))).toMatchObject({ kind: 'unavailable', code: 100 });
    const shares = { error: { message: '(#100) The metric shares is not supported for this media type', code: 100 } };
    expect(classify(400, shares)).toMatchObject({ kind: 'refused', metric: 'shares' });
    // Any other code 100 is a request of ours the API found malformed: a defect, never "unavailable".
    const wrong =
      '(#100) The following metrics (profile_views) should be specified with parameter metric_type=total_value';
    expect(classify(400, { error: { message: wrong, code: 100 } })).toEqual({
      kind: 'defect',
      code: 100,
      message: wrong,
    });
    expect(classify(400, error(803))).toEqual({ kind: 'failed', message: 'm' });
  });

  it('read the highest use of any budget, and the time to regain access', () => {
    const headers = new Headers({
      'x-app-usage': JSON.stringify({ call_count: 12, total_cputime: 3, total_time: 40 }),
      'x-business-use-case-usage': JSON.stringify({
        '17841400000000001': [
          { type: 'instagram', call_count: 95, total_cputime: 2, total_time: 9, estimated_time_to_regain_access: 3 },
        ],
      }),
    });
    expect(usagePercent(headers)).toEqual({ percent: 95, regainMs: 180_000 });
    expect(usagePercent(new Headers({ 'x-app-usage': 'not json' }))).toEqual({ percent: 0, regainMs: 0 });
    expect(usagePercent(new Headers())).toEqual({ percent: 0, regainMs: 0 });
  });
});

describe('configuration', () => {
  const app = {
    INSTAGRAM_APP_ID: '990001',
    INSTAGRAM_APP_SECRET: 'secret',
    INSTAGRAM_REDIRECT_URI: 'https://app.example/connected',
  };
  const production = {
    NODE_ENV: 'production',
    SMTP_URL: 'smtp://mail.example.com:587',
    PUBLIC_URL: 'https://app.example',
    RECURLY_API_KEY: 'key',
    RECURLY_WEBHOOK_KEY: 'hook',
    // Notifications (issue 33) would need their keys: not what these tests are about.
    PUSH: 'off',
  };

  it('offers the official API only with the app id, secret and redirect together', () => {
    expect(loadConfig({}).official).toBeUndefined();
    expect(loadConfig(app).official).toMatchObject({
      appId: '990001',
      graphUrl: 'https://graph.instagram.com',
      version: 'v24.0',
      tokenKey: undefined,
    });
    expect(() => loadConfig({ INSTAGRAM_APP_ID: '990001' })).toThrow(/INSTAGRAM_APP_SECRET.*INSTAGRAM_REDIRECT_URI/s);
  });

  it('refuses production without the token key, or with a redirect that is not https', () => {
    expect(() => loadConfig({ ...production, ...app })).toThrow(/OFFICIAL_TOKEN_KEY/);
    const tokenKey = randomBytes(32).toString('base64');
    expect(loadConfig({ ...production, ...app, OFFICIAL_TOKEN_KEY: tokenKey }).official?.tokenKey).toEqual(
      Buffer.from(tokenKey, 'base64'),
    );
    expect(() =>
      loadConfig({
        ...production,
        ...app,
        OFFICIAL_TOKEN_KEY: tokenKey,
        INSTAGRAM_REDIRECT_URI: 'http://app.example/c',
      }),
    ).toThrow(/INSTAGRAM_REDIRECT_URI/);
    expect(() => loadConfig({ ...app, OFFICIAL_TOKEN_KEY: 'short' })).toThrow(/OFFICIAL_TOKEN_KEY/);
  });

  it('refuses production official-API addresses in clear, naming each one; a local fake is fine in tests', () => {
    const tokenKey = randomBytes(32).toString('base64');
    const clear = {
      INSTAGRAM_AUTH_URL: 'http://graph.local/oauth/authorize',
      INSTAGRAM_TOKEN_URL: 'http://graph.local/oauth/access_token',
      INSTAGRAM_GRAPH_URL: 'http://graph.local',
    };
    let message = '';
    try {
      loadConfig({ ...production, ...app, OFFICIAL_TOKEN_KEY: tokenKey, ...clear });
    } catch (error) {
      message = (error as Error).message;
    }
    for (const name of Object.keys(clear)) expect(message).toContain(`${name}: production talks to the official API`);
    expect(loadConfig({ ...app, ...clear }).official?.tokenUrl).toBe(clear.INSTAGRAM_TOKEN_URL);
  });
});

describe('a call of ours the API finds malformed (issue 49)', () => {
  it('is logged as an error with its metric and parameters, and never passes for a figure the API lacks', async () => {
    const { GraphError } = await import('./graph.ts');
    const { orUnavailable } = await import('./shapes.ts');
    const logged: { details: Record<string, unknown>; message: string }[] = [];
    const log = {
      error: (details: object, message: string) => logged.push({ details: details as never, message }),
      warn: () => {},
    };
    const call = { path: '/v24.0/1784/insights', params: { metric: 'reach,profile_views', period: 'day' } };
    const wrong =
      '(#100) The following metrics (profile_views) should be specified with parameter metric_type=total_value';
    const defect = () => Promise.reject(new GraphError({ kind: 'defect', code: 100, message: wrong }, call));
    expect(await orUnavailable(defect, log)).toBeUndefined();
    expect(logged).toEqual([
      {
        details: { metric: 'reach,profile_views', params: call.params, path: call.path, api: wrong },
        message: expect.stringMatching(/malformed \(a defect, not a missing figure\)/),
      },
    ]);
    // A figure the API does not give is not an error of ours: nothing is logged.
    const unavailable = () => Promise.reject(new GraphError({ kind: 'unavailable', code: 10, message: 'm' }, call));
    expect(await orUnavailable(unavailable, log)).toBeUndefined();
    expect(logged).toHaveLength(1);
  });
});
