// Service worker registration and the update flow.
//
// A new version installs in the background and waits. The user sees "A new version is ready" and
// chooses when to switch; the switch activates the new worker and reloads every open tab at once,
// so no page ever runs an old shell against a new cache. Until then the old worker keeps serving
// the old precache, whose chunks are all present, so lazy routes never 404 mid-session.
import type { Workbox } from 'workbox-window';
import { createStore } from './store.ts';

let workbox: Workbox | undefined;
const updateWaiting = createStore(false);

/** Registers the service worker (production builds only). */
export async function registerServiceWorker(): Promise<void> {
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  const { Workbox } = await import('workbox-window');
  workbox = new Workbox('/sw.js', { scope: '/' });
  workbox.addEventListener('waiting', () => updateWaiting.set(true));
  // A new worker took over (here or in another tab): reload so the page matches its cache.
  workbox.addEventListener('controlling', (event) => {
    if (event.isUpdate) window.location.reload();
  });
  try {
    await workbox.register();
  } catch (error) {
    // The browser gave up on this registration (its storage cleared under it, a worker script that
    // failed to load on a broken connection): the page works without it, and the next load tries again.
    console.warn('The service worker could not be registered; the next visit tries again.', error);
  }
}

/** Switches to the waiting version; the page reloads when it takes control. */
export function applyUpdate(): void {
  workbox?.messageSkipWaiting();
}

/** Whether a new version is installed and waiting. */
export function useUpdateWaiting(): boolean {
  return updateWaiting.use();
}

/**
 * Without a service worker (first visit, private mode) a deploy can remove a chunk the open page
 * still needs; Vite reports that as vite:preloadError. Reload once to pick up the new shell.
 */
export function reloadOnStaleChunk(target: Window = window): void {
  target.addEventListener('vite:preloadError', (event) => {
    const key = 'followscope.reloadedFor';
    if (sessionStorage.getItem(key) === __APP_VERSION__) return;
    sessionStorage.setItem(key, __APP_VERSION__);
    event.preventDefault();
    target.location.reload();
  });
}
