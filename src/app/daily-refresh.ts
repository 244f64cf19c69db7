// Fresh figures before the network (issue 33): where the browser offers Periodic Background Sync (an
// installed app in Chromium, which grants it by how much the app is used), the service worker is asked
// to refresh the figures once a day (src/sw/periodic-sync.ts). Elsewhere the app refreshes on open.
import { FIGURES_SYNC_TAG } from '../sw/figures-tag.ts';

const DAY_MS = 24 * 3_600_000;

interface PeriodicSync {
  register(tag: string, options: { minInterval: number }): Promise<void>;
  unregister(tag: string): Promise<void>;
}

async function periodicSync(): Promise<PeriodicSync | undefined> {
  const registration = await navigator.serviceWorker?.getRegistration();
  return (registration as (ServiceWorkerRegistration & { periodicSync?: PeriodicSync }) | undefined)?.periodicSync;
}

/** Asks for the daily refresh; false where the browser does not offer it to this app. */
export async function refreshFiguresDaily(): Promise<boolean> {
  const sync = await periodicSync();
  if (!sync) return false;
  try {
    const allowed = await navigator.permissions.query({ name: 'periodic-background-sync' as PermissionName });
    if (allowed.state !== 'granted') return false;
    await sync.register(FIGURES_SYNC_TAG, { minInterval: DAY_MS });
    return true;
  } catch {
    return false;
  }
}

/** No more refreshes here (logged out). */
export async function stopDailyRefresh(): Promise<void> {
  await (await periodicSync())?.unregister(FIGURES_SYNC_TAG).catch(() => undefined);
}
