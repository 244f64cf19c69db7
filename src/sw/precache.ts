// Precaches the shell: every built file, the .wasm core included (see vite.config.ts globPatterns).
import { cleanupOutdatedCaches, type PrecacheEntry, precacheAndRoute } from 'workbox-precaching';

/** Precaches the build and drops caches of older Workbox versions. */
export function precacheShell(manifest: Array<PrecacheEntry | string>): void {
  cleanupOutdatedCaches();
  precacheAndRoute(manifest);
}
