// Fresh figures before the network (issue 33): where the browser offers Periodic Background Sync (an
// installed app in Chromium), it wakes the worker about once a day, and the worker refreshes the
// stored user record, so the dashboard opens on today's figures before any request. Elsewhere the app
// refreshes on open, as it always has.
import { callAsUser } from './api.ts';
import { refreshStoredUser } from './app-database.ts';
import { FIGURES_SYNC_TAG } from './figures-tag.ts';

interface PeriodicSyncEvent extends ExtendableEvent {
  tag: string;
}

/** Reads the user record as the dashboard does and stores it; false when nothing changed here. */
export async function refreshFigures(): Promise<boolean> {
  const answer = await callAsUser('client/user/detail/', { method: 'POST' });
  if (!answer?.ok) return false;
  const body = (await answer.json()) as { user?: Record<string, unknown> };
  if (!body.user || typeof body.user.username !== 'string') return false;
  return refreshStoredUser(body.user, Date.now());
}

/** Answers the daily Periodic Background Sync. */
export function refreshFiguresDaily(scope: ServiceWorkerGlobalScope): void {
  scope.addEventListener('periodicsync' as 'message', (event: Event) => {
    const sync = event as PeriodicSyncEvent;
    if (sync.tag !== FIGURES_SYNC_TAG) return;
    sync.waitUntil(refreshFigures().catch(() => false));
  });
}
