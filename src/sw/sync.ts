// Background Sync (issue 8): when the browser says the connection is back, the open app is told to
// send its outbox (src/app/outbox.ts), which holds the login and the idempotency keys.
import { SYNC_TAG } from './sync-tag.ts';

interface SyncEvent extends ExtendableEvent {
  tag: string;
}

export function relayBackgroundSync(self: ServiceWorkerGlobalScope): void {
  self.addEventListener('sync', (event) => {
    const sync = event as SyncEvent;
    if (sync.tag !== SYNC_TAG) return;
    sync.waitUntil(
      self.clients.matchAll({ type: 'window' }).then((clients) => {
        for (const client of clients) client.postMessage({ type: 'outbox:flush' });
      }),
    );
  });
}
