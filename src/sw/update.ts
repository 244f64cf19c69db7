// The update handshake with src/app/update.ts: wait until the page says switch, then take over.

/** Activates on the page's SKIP_WAITING and claims open pages (which then reload). */
export function handleUpdateMessages(scope: ServiceWorkerGlobalScope): void {
  scope.addEventListener('message', (event) => {
    if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void scope.skipWaiting();
  });
  // On first install nothing is stale, so the page is claimed at once and works offline on reload.
  scope.addEventListener('activate', (event) => {
    event.waitUntil(scope.clients.claim());
  });
}
