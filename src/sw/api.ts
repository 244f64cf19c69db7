// The service worker's calls to the API (issue 33), made while no page may be open: with the stored
// login, the headers every call sends (spec §7), and a deadline.
import { storedToken } from './app-database.ts';

/** Calls `/api/v1/<path>` as the logged-in user; undefined when nobody is logged in here. */
export async function callAsUser(
  path: string,
  init: { method?: 'GET' | 'POST'; body?: unknown; timeoutMs?: number } = {},
): Promise<Response | undefined> {
  const token = await storedToken();
  if (!token) return undefined;
  return fetch(`/api/v1/${path}`, {
    method: init.method ?? 'GET',
    headers: {
      accept: 'application/json',
      'accept-language': navigator.language,
      'app-version': __APP_VERSION__,
      authorization: `Bearer ${token}`,
      ...(init.body !== undefined && { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: AbortSignal.timeout(init.timeoutMs ?? 20_000),
  });
}
