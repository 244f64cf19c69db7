// The app's badge (issue 33): followers who came or went since the user last opened the dashboard. The
// service worker adds each push's count; the dashboard clears it. Kept in the device cache so both
// sides read the same number.
import { DEVICE_CACHE } from './device-cache.ts';

const UNSEEN = '/__device/unseen';

/** The badge calls of a page's or a worker's navigator (absent where the platform has no badges). */
interface Badge {
  setAppBadge?(contents?: number): Promise<void>;
  clearAppBadge?(): Promise<void>;
}

async function readUnseen(cache: Cache): Promise<number> {
  const count = Number(await (await cache.match(UNSEEN))?.text());
  return Number.isFinite(count) && count > 0 ? count : 0;
}

/** Adds `changes` to the unseen count and shows it on the app's icon; returns the new count. */
export async function addUnseen(changes: number, badge: Badge): Promise<number> {
  const cache = await caches.open(DEVICE_CACHE);
  const count = (await readUnseen(cache)) + changes;
  await cache.put(UNSEEN, new Response(String(count)));
  // Where the platform has badges (installed apps): elsewhere the notification says it.
  await badge.setAppBadge?.(count).catch(() => undefined);
  return count;
}

/** The unseen count now (0 when nothing is unseen). */
export async function unseenCount(): Promise<number> {
  return readUnseen(await caches.open(DEVICE_CACHE));
}

/** The user has seen the dashboard: no count, no badge. */
export async function clearUnseen(badge: Badge): Promise<void> {
  await (await caches.open(DEVICE_CACHE)).delete(UNSEEN);
  await badge.clearAppBadge?.().catch(() => undefined);
}
