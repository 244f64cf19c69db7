// Which source file holds each screen, as the build's manifest names it (common/screens.ts). The server
// reads it to name a route's code in the page it sends (server/http/shell.ts), so the browser fetches that
// code beside the entry instead of after it; src/app/screens.ts imports the same files.
import { type Guard, type ScreenId, type ScreenModule, screenIds, screens } from './screens.ts';

export const screenModules = Object.fromEntries(screenIds.map((screen) => [screen, screens[screen].module])) as Record<
  ScreenId,
  ScreenModule
>;

/**
 * Whether a route's screen shows the subscriber's data, read from IndexedDB before its first render
 * (issue 31): the screens behind a login.
 */
export function readsFirst(guard: Guard): boolean {
  return guard === 'C' || guard === 'token';
}

/** Where those first reads are (src/app/first-reads.ts loads it): the page names its code beside the screen's. */
export const firstReadsModule = 'src/db/first-reads.ts';

/**
 * Where the stored login is read (src/app/session.ts loads it before any guard can decide): a screen behind
 * a login waits on it, so its page names it too rather than finding it one round trip later.
 */
export const sessionModule = 'src/db/login.ts';

/** The header of a subscriber's screens, which the app loads apart from the entry (src/app/App.tsx). */
export const headerModule = 'src/app/Header.tsx';
