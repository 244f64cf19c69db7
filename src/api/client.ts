// The typed API client (spec §7): every call sends accept-language and app-version; authenticated
// calls send the token; a 401 on one clears the login and reloads (spec §4 Unauthorized). Failures
// come back as values carrying the server's message, never as rejections.
import { msg } from '@lingui/core/macro';
import { currentLocale, i18n } from '../i18n/index.ts';

export const API_BASE = '/api/v1/';

export type ApiErrorKind = 'network' | 'http' | 'invalid' | 'aborted';

export interface ApiError {
  kind: ApiErrorKind;
  /** HTTP status, or 0 when no response arrived. */
  status: number;
  /** The server's message when it sent one, else a localised description. */
  message: string;
  /** The response body, for calls whose errors carry data (spec §7 user/detail's 400). */
  body?: unknown;
  /** A 429's Retry-After, in seconds: when the same request may be sent again. */
  retryAfterS?: number;
}

export type ApiResult<T> = { ok: true; data: T } | { ok: false; error: ApiError };

export interface CallOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Sends the Authorization header; a 401 then logs the user out. */
  auth?: boolean;
  signal?: AbortSignal;
  /**
   * Checks the response's shape; a mismatch is an 'invalid' error, not a crash later on. The headers are
   * there for a body that stays spec §7's shape while a figure travels beside it (a list's length).
   */
  parse?: (raw: unknown, headers: Headers) => T;
  headers?: Record<string, string>;
}

/** How the client reaches the login; set once by the app so the client stays free of storage. */
export interface ClientHooks {
  token(): Promise<string | undefined>;
  onUnauthorized(): Promise<void>;
}

let hooks: ClientHooks = { token: async () => undefined, onUnauthorized: async () => undefined };

/** Connects the client to the session. */
export function configureClient(next: ClientHooks): void {
  hooks = next;
}

/** The headers every call sends (spec §7); the worker's own calls send them too. */
export function commonHeaders(): Record<string, string> {
  return { accept: 'application/json', 'accept-language': currentLocale(), 'app-version': __APP_VERSION__ };
}

/** The login's token, for calls made outside `call` (the collector worker's). */
export const currentToken = () => hooks.token();

/** spec §4 Unauthorized, for calls made outside `call`. */
export const reportUnauthorized = () => hooks.onUnauthorized();

/** Calls `API_BASE + path` and returns the parsed body or a typed error. */
export async function call<T>(path: string, options: CallOptions<T> = {}): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { ...commonHeaders(), ...options.headers };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.auth) {
    const token = await hooks.token();
    if (token) headers.authorization = `Bearer ${token}`;
  }

  let response: Response;
  try {
    response = await fetch(API_BASE + path, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch {
    if (options.signal?.aborted) return failure('aborted', 0, i18n._(msg`The request was cancelled.`));
    return failure('network', 0, i18n._(msg`No connection. Check your network and try again.`));
  }

  const body = await readJson(response);
  if (!response.ok) {
    if (response.status === 401 && options.auth) await hooks.onUnauthorized();
    const message = serverMessage(body) ?? i18n._(msg`Something went wrong. Please try again.`);
    const retryAfterS = Number(response.headers.get('retry-after')) || undefined;
    return { ok: false, error: { kind: 'http', status: response.status, message, body, retryAfterS } };
  }
  try {
    return { ok: true, data: options.parse ? options.parse(body, response.headers) : (body as T) };
  } catch {
    return failure('invalid', response.status, i18n._(msg`The server sent an answer we could not read.`));
  }
}

function failure(kind: ApiErrorKind, status: number, message: string): ApiResult<never> {
  return { ok: false, error: { kind, status, message } };
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

/** spec §8: the server's `message` (or `detail`, on a 401), also when nested under `data`. */
function serverMessage(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const record = body as { message?: unknown; detail?: unknown; data?: { message?: unknown } };
  for (const candidate of [record.message, record.detail, record.data?.message]) {
    if (typeof candidate === 'string' && candidate.trim()) return candidate;
  }
  return undefined;
}
