// Media through the proxy (/api/v1/proxy): cache-first, so a story or post seen once shows again
// offline. A signed proxy URL never changes, so a cached copy is never stale. Fetches are retried
// (flaky mobile networks); the cache keeps at most MAX_ENTRIES files for MAX_AGE; a quota error
// empties it rather than failing the page. Videos ask for byte ranges: the whole file is fetched
// and cached once, and ranges are cut from it.
import { CacheExpiration } from 'workbox-expiration';
import { createPartialResponse } from 'workbox-range-requests';
import { registerRoute } from 'workbox-routing';
import { MEDIA_CACHE } from './media-cache.ts';

const MAX_ENTRIES = 400;
const MAX_AGE_SECONDS = 7 * 24 * 3600;
/** Tries after the first, and the wait before each. */
const RETRY_DELAYS_MS = [400, 1200];

const expiration = new CacheExpiration(MEDIA_CACHE, { maxEntries: MAX_ENTRIES, maxAgeSeconds: MAX_AGE_SECONDS });

async function fetchWithRetries(url: string): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    try {
      const response = await fetch(url, { credentials: 'same-origin' });
      // A refusal (403, 404, 415…) is an answer; only server trouble is worth another try.
      if (response.status < 500 || attempt >= RETRY_DELAYS_MS.length) return response;
    } catch (error) {
      if (attempt >= RETRY_DELAYS_MS.length) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, RETRY_DELAYS_MS[attempt]));
  }
}

async function remember(url: string, response: Response): Promise<void> {
  try {
    const cache = await caches.open(MEDIA_CACHE);
    await cache.put(url, response);
    await expiration.updateTimestamp(url);
    await expiration.expireEntries();
  } catch (error) {
    // Out of space: media go first, never the login or the results (those live in IndexedDB).
    if (error instanceof DOMException && error.name === 'QuotaExceededError') await caches.delete(MEDIA_CACHE);
  }
}

async function media(request: Request, event: ExtendableEvent): Promise<Response> {
  const url = request.url;
  const cache = await caches.open(MEDIA_CACHE);
  let whole = await cache.match(url);
  if (whole) {
    event.waitUntil(expiration.updateTimestamp(url));
  } else {
    whole = await fetchWithRetries(url);
    if (whole.status === 200) event.waitUntil(remember(url, whole.clone()));
    else return whole;
  }
  return request.headers.has('range') ? createPartialResponse(request, whole) : whole;
}

export function cacheMedia(): void {
  registerRoute(
    ({ url, request }) => url.pathname === '/api/v1/proxy' && request.method === 'GET',
    ({ request, event }) => media(request, event as ExtendableEvent),
  );
}
