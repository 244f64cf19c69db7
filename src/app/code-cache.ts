// The compiled code a repeat visit needs, kept before the user comes back (issue 19).
//
// A repeat visit runs the app from the service worker's cache, where the browser (Chromium's V8) also
// keeps each module's compiled code, but only once it has run that module from the cache. The first
// visit ran everything from the network, before the worker was installed, so the first repeat visit
// compiled every module again and stored the result on the way: about a third of its time on a
// mid-range phone's CPU (measured with the CPU slowed 4x: 1.2-1.5 s, against 0.7-1.0 s once cached).
// So once the new worker takes control of that first visit, a hidden same-origin frame runs the entry,
// the language catalog and the screens a repeat visit opens, from the worker's cache, and is removed.
// A page the worker already controlled at load ran its modules from the cache itself: nothing to do.
import { type ScreenId, WARM_PATH } from '../../common/routes.ts';

const WARMED = 'followscope:code-cache-warmed';
/** A frame that has not answered by then is given up (a very slow device, a broken deploy). */
const GIVE_UP_MS = 60_000;
/**
 * How long after the worker takes control the frame waits (then for an idle moment): the first visit's
 * own loading and first steps go first. Its code runs on the page's main thread, about 0.5 s in all with
 * the CPU slowed 4x: measured inside Lighthouse's window, it raised the logged-in screens' blocking time.
 */
const WARM_AFTER_MS = 10_000;

/** Whether this document is the warm-up frame (the entry then only loads code, see warmUp). */
export function isWarmUpFrame(location: Pick<Location, 'pathname'>): boolean {
  return location.pathname === WARM_PATH;
}

/** The frame's address for these screens. */
export function warmUpUrl(screens: readonly ScreenId[]): string {
  return `${WARM_PATH}?${new URLSearchParams({ screens: [...new Set(screens)].join(',') })}`;
}

/**
 * In the frame: runs the language catalog (`activate`) and the named screens' code (`load`), then tells
 * the page that made it. A screen that fails to load leaves the others warmed.
 */
export async function warmUp(
  location: Pick<Location, 'search' | 'origin'>,
  load: (screen: ScreenId) => Promise<unknown>,
  activate: () => Promise<unknown>,
  known: (name: string) => name is ScreenId,
  parent: Pick<Window, 'postMessage'>,
): Promise<void> {
  const names = new URLSearchParams(location.search).get('screens')?.split(',') ?? [];
  await Promise.allSettled([activate(), ...names.filter(known).map(load)]);
  parent.postMessage({ type: WARMED }, location.origin);
}

/** What the page says about its code, for whoever waits on it (the repeat-visit benchmark): data-code-cache. */
type State = 'warming' | 'warm' | 'given-up';

/**
 * In the app's page: once a service worker installed during this visit takes control, ten seconds later
 * when the page is idle, runs the warm-up frame for `screens()`, asked then so it names the screen the
 * user is on (none asked, no frame).
 */
export function warmCodeCacheOnInstall(screens: () => ScreenId[], container: ServiceWorkerContainer): void {
  if (container.controller) return;
  container.addEventListener(
    'controllerchange',
    () =>
      whenIdle(() => {
        const wanted = screens();
        if (wanted.length > 0) runFrame(wanted);
      }),
    { once: true },
  );
}

function whenIdle(task: () => void): void {
  setTimeout(() => {
    if ('requestIdleCallback' in window) requestIdleCallback(task, { timeout: 5000 });
    else task();
  }, WARM_AFTER_MS);
}

function runFrame(screens: ScreenId[]): void {
  const frame = document.createElement('iframe');
  frame.hidden = true;
  frame.tabIndex = -1;
  frame.setAttribute('aria-hidden', 'true');
  frame.title = 'code cache';
  frame.src = warmUpUrl(screens);
  const end = (state: State) => {
    window.removeEventListener('message', onMessage);
    clearTimeout(timer);
    frame.remove();
    document.documentElement.dataset.codeCache = state;
  };
  const onMessage = (event: MessageEvent) => {
    const fromFrame = event.source === frame.contentWindow && event.origin === window.location.origin;
    if (fromFrame && (event.data as { type?: unknown } | null)?.type === WARMED) end('warm');
  };
  const timer = setTimeout(() => end('given-up'), GIVE_UP_MS);
  window.addEventListener('message', onMessage);
  document.documentElement.dataset.codeCache = 'warming';
  document.body.append(frame);
}
