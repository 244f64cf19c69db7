// Business Login for Instagram (issue 18): the authorization window's address with a `state` bound to
// the user's session, the code exchanged for a short-lived token and that for a long-lived one (60
// days), and its refresh. No password ever passes through us: the owner consents on the network's page.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { beforeDeadline } from '../../http/deadline.ts';
import { OFFICIAL_SCOPES, type OfficialSettings } from './settings.ts';

/** How long the owner has on the consent page before its answer is refused. */
export const STATE_TTL_MS = 15 * 60_000;

/**
 * A `state` for this user's session: expiry, a nonce, and an HMAC over them, the user and the login
 * token's hash, so a consent started by one session cannot be completed by another (login CSRF).
 */
export function consentState(key: Buffer, userId: string, sessionToken: string, now: number): string {
  const expires = Math.floor((now + STATE_TTL_MS) / 1000).toString(36);
  const nonce = randomBytes(12).toString('base64url');
  return `${expires}.${nonce}.${stateMac(key, userId, sessionToken, expires, nonce)}`;
}

export type StateCheck = 'ok' | 'expired' | 'invalid';

export function checkConsentState(
  key: Buffer,
  userId: string,
  sessionToken: string,
  state: string,
  now: number,
): StateCheck {
  const [expires, nonce, mac] = state.split('.');
  if (!expires || !nonce || !mac || !/^[0-9a-z]{1,12}$/.test(expires)) return 'invalid';
  const expected = Buffer.from(stateMac(key, userId, sessionToken, expires, nonce));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  return Number.parseInt(expires, 36) * 1000 < now ? 'expired' : 'ok';
}

function stateMac(key: Buffer, userId: string, sessionToken: string, expires: string, nonce: string): string {
  const session = createHash('sha256').update(sessionToken).digest('hex');
  return createHmac('sha256', key)
    .update(`official-consent|${userId}|${session}|${expires}|${nonce}`)
    .digest('base64url');
}

/** The authorization window the Connect button opens. */
export function authorizationUrl(settings: OfficialSettings, state: string): string {
  const url = new URL(settings.authUrl);
  url.searchParams.set('client_id', settings.appId);
  url.searchParams.set('redirect_uri', settings.redirectUri);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', OFFICIAL_SCOPES.join(','));
  url.searchParams.set('state', state);
  return url.toString();
}

export interface LongLivedToken {
  token: string;
  /** The app-scoped id of the professional account that consented. */
  userId: string;
  /** The scopes the owner granted (they may untick some on the consent page). */
  scopes: string[];
  expiresAt: Date;
}

/** Why a consent could not be completed: the network refused the code, or could not be reached. */
export class ConsentError extends Error {
  override name = 'ConsentError';
  constructor(
    readonly kind: 'refused' | 'unreachable',
    message: string,
  ) {
    super(message);
  }
}

type Fetch = typeof fetch;

async function readJson(response: Response): Promise<Record<string, unknown>> {
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (response.ok && !body.error && !body.error_type) return body;
  const error = body.error as { message?: string } | undefined;
  const message = String(body.error_message ?? error?.message ?? `HTTP ${response.status}`);
  throw new ConsentError(response.status >= 500 ? 'unreachable' : 'refused', message);
}

/** The token exchange's deadline (issue 35): the owner waits on it, and past it is told to try again. */
export const CONSENT_TIMEOUT_MS = 20_000;

async function call(fetcher: Fetch, url: string | URL, init?: RequestInit): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await beforeDeadline(CONSENT_TIMEOUT_MS, (signal) => fetcher(url, { ...init, signal }));
  } catch (error) {
    throw new ConsentError('unreachable', String(error));
  }
  return readJson(response);
}

/** A token answer's access token and lifetime (`expires_in`, seconds). */
function longLived(body: Record<string, unknown>, now: number) {
  const token = body.access_token;
  const seconds = Number(body.expires_in);
  if (typeof token !== 'string' || !token || !Number.isFinite(seconds)) {
    throw new ConsentError('refused', 'the token answer has no access_token or expires_in');
  }
  return { token, expiresAt: new Date(now + seconds * 1000) };
}

/** The code from the consent page → a short-lived token → a long-lived one. */
export async function exchangeCode(
  settings: OfficialSettings,
  code: string,
  now: number,
  fetcher: Fetch = fetch,
): Promise<LongLivedToken> {
  const form = new URLSearchParams({
    client_id: settings.appId,
    client_secret: settings.appSecret,
    grant_type: 'authorization_code',
    redirect_uri: settings.redirectUri,
    code,
  });
  const answer = await call(fetcher, settings.tokenUrl, { method: 'POST', body: form });
  // Business Login answers `{ data: [ {...} ] }`; the older window answered the object itself.
  const short = (Array.isArray(answer.data) ? answer.data[0] : answer) as Record<string, unknown> | undefined;
  const shortToken = short?.access_token;
  if (typeof shortToken !== 'string' || !short?.user_id) {
    throw new ConsentError('refused', 'the code exchange gave no access token');
  }
  const permissions = short.permissions;
  const scopes = Array.isArray(permissions)
    ? permissions.map(String)
    : String(permissions ?? '')
        .split(',')
        .map((scope) => scope.trim())
        .filter(Boolean);
  const exchange = new URL(`${settings.graphUrl.replace(/\/$/, '')}/access_token`);
  exchange.searchParams.set('grant_type', 'ig_exchange_token');
  exchange.searchParams.set('client_secret', settings.appSecret);
  exchange.searchParams.set('access_token', shortToken);
  const long = longLived(await call(fetcher, exchange), now);
  return { ...long, userId: String(short.user_id), scopes };
}

/** A long-lived token's next 60 days (the platform refreshes one that is at least a day old and unexpired). */
export async function refreshToken(
  settings: OfficialSettings,
  token: string,
  now: number,
  fetcher: Fetch = fetch,
): Promise<{ token: string; expiresAt: Date }> {
  const url = new URL(`${settings.graphUrl.replace(/\/$/, '')}/refresh_access_token`);
  url.searchParams.set('grant_type', 'ig_refresh_token');
  url.searchParams.set('access_token', token);
  return longLived(await call(fetcher, url), now);
}
