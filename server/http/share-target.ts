// The share target's address (issue 33). The installed app's service worker answers the share sheet's
// POST itself (src/sw/share-target.ts); one that reaches the server found no worker in charge (its
// cache was cleared, say), so the download never got into the app. The import screen says so and offers
// the picker. The body is never read: a download can be hundreds of megabytes, and nothing of it is kept.
// Issue 48: a POST another site sent is told apart here too, where the browser's Sec-Fetch-Site is seen
// (a service worker is not shown it): the screen then says another page tried, not that the share failed.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { importScreenSaying, SHARE_TARGET_PATH } from '../../common/share-target.ts';

/**
 * Whether another page sent `request`: the browser says another site (or a sibling on this site) did, or,
 * from a browser without Sec-Fetch-Site, its Origin names another host. The phone's own share sheet
 * sends `none` (https://developer.mozilla.org/docs/Web/HTTP/Headers/Sec-Fetch-Site: "This request is a
 * user-originated operation") and no origin of a site; this app's own pages send `same-origin`.
 */
export function sentByAnotherPage(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined) return site === 'cross-site' || site === 'same-site';
  const origin = request.headers.origin;
  if (origin === undefined || origin === 'null') return false;
  try {
    return new URL(origin).host !== request.host;
  } catch {
    return true;
  }
}

/** Registers POST /share-target, answered before its body is read. */
export function shareTargetFallback(app: FastifyInstance): void {
  app.post(SHARE_TARGET_PATH, {
    // Answered here and the chain not continued (no `done()`): with an async onSend hook the answer is
    // still being written when a `done()` would go on to the body parser, which answers 415 to multipart.
    // https://fastify.dev/docs/latest/Reference/Hooks/#respond-to-a-request-from-a-hook
    onRequest: (request, reply) => {
      const location = importScreenSaying(sentByAnotherPage(request) ? 'refused' : 'none');
      void reply.code(303).header('location', location).header('cache-control', 'no-store').send();
    },
    handler: async () => undefined,
  });
}
