// The share target's address (issue 33). The installed app's service worker answers the share sheet's
// POST itself (src/sw/share-target.ts); one that reaches the server found no worker in charge (its
// cache was cleared, say), so the download never got into the app. The import screen says so and offers
// the picker. The body is never read: a download can be hundreds of megabytes.
import type { FastifyInstance } from 'fastify';

/** Registers POST /share-target, answered before its body is read. */
export function shareTargetFallback(app: FastifyInstance): void {
  app.post('/share-target', {
    onRequest: (_request, reply, done) => {
      void reply.code(303).header('location', '/import?shared=none').header('cache-control', 'no-store').send();
      done();
    },
    handler: async () => undefined,
  });
}
