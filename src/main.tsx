// The entry: pick the language, paint, then do the rest in the background.
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { isScreenId, routeFor, type ScreenId } from '../common/routes.ts';
import { configureClient } from './api/client.ts';
import { App, loadHeader, OpeningPlaceholder } from './app/App.tsx';
import { afterScreenPaint } from './app/after-paint.ts';
import { isWarmUpFrame, warmCodeCacheOnInstall, warmUp } from './app/code-cache.ts';
import { loadSubscriberCode, readsFirst, startOpeningReads } from './app/first-reads.ts';
import { listenForInstallPrompt } from './app/install.ts';
import { blurKeyboardOnSubmit } from './app/keyboard-blur.ts';
import { loadScreen, preloadScreen } from './app/screens.ts';
import { currentToken, forgetLogin, getSession, loadSession } from './app/session.ts';
import { shellParts } from './app/shell-table.ts';
import { registerServiceWorker, reloadOnStaleChunk } from './app/update.ts';
import { warmUpFormats } from './i18n/formats.ts';
import { activateLocale, detectLocale } from './i18n/index.ts';
import './app/app.css';

if (isWarmUpFrame(window.location)) {
  // The hidden frame of a first visit (app/code-cache.ts): run the code a repeat visit needs, nothing else.
  const load = (screen: ScreenId) => Promise.all([loadScreen(screen), loadSubscriberCode(screen)]);
  await warmUp(window.location, load, () => activateLocale(detectLocale()), isScreenId, window.parent);
} else {
  listenForInstallPrompt();
  reloadOnStaleChunk();
  // spec §9: on a phone, the keyboard goes after a form is sent, so its answer shows.
  blurKeyboardOnSubmit();
  configureClient({
    token: currentToken,
    // spec §4 Unauthorized: a 401 on an authenticated call clears the login and reloads.
    async onUnauthorized() {
      await forgetLogin();
      window.location.reload();
    },
  });

  // The opening screen's code loads beside the catalog, not after it; a subscriber's screen reads what it
  // shows from IndexedDB beside both, so it paints once, with its data (issue 31). Without the login's
  // hint (its first visit since the hint was cleared) the login is read beside them too, not after.
  const { pathname, search } = window.location;
  const opening = routeFor(pathname);
  const screenCode = preloadScreen(opening.screen);
  const locale = detectLocale();
  const catalog = activateLocale(locale);
  const root = document.getElementById('root');
  const reactRoot = root ? createRoot(root) : undefined;
  const firstRender: Array<Promise<unknown>> = [catalog];
  if (readsFirst(opening.guard)) {
    const reads = startOpeningReads(pathname, opening.screen, search.replace(/^\?/, ''));
    if (!getSession().auth) void loadSession();
    // Only with a login's hint, since a visitor who typed the address is sent to the welcome card: the screen
    // paints its header's room and menu button now, while the rest loads, and the app's first render waits
    // for what it needs so that it does not suspend. A suspended first render committed the placeholder,
    // and React then held the screen back until 300 ms after that (issue 31).
    if (getSession().auth?.token) {
      reactRoot?.render(<OpeningPlaceholder path={pathname} />);
      firstRender.push(reads, screenCode);
      if (shellParts(opening.screen).header) firstRender.push(loadHeader());
    }
    warmUpFormats(locale);
  } else if (opening.screen === 'paymentPlan') warmUpFormats(locale, 'offer');
  // A part that failed is the app's to show (a chunk that did not load, a database that did not open).
  await Promise.allSettled(firstRender);
  await catalog;
  // The app's first render is a transition: React renders it in slices, so a subscriber's screen mounting
  // with its data never holds the main thread in one long task (issue 31).
  if (reactRoot) startTransition(() => reactRoot.render(<App />));

  // After the opening screen's paint: read the stored login (it corrects the guard hint) and install the worker.
  afterScreenPaint(() => {
    void loadSession().then(async () => {
      // A logged-in user's queued requests go out now and whenever the connection comes back.
      if (!(await currentToken())) return;
      const [{ startOutbox }, { persistWhenInstalled }] = await Promise.all([
        import('./app/outbox.ts'),
        import('./app/storage.ts'),
      ]);
      startOutbox();
      void persistWhenInstalled();
      // Issue 33: notifications checked against the browser, the daily figures refresh asked for.
      void import('./app/phone.ts').then((phone) => phone.startPhoneFeatures());
    });
    // A subscriber's installed app: the screen the user is on and the dashboard, what the next visit
    // most likely opens. A visitor's next visit is most likely a first one again: nothing.
    const screensToWarm = (): ScreenId[] =>
      getSession().auth?.token ? [routeFor(window.location.pathname).screen, 'home'] : [];
    if ('serviceWorker' in navigator) warmCodeCacheOnInstall(screensToWarm, navigator.serviceWorker);
    void registerServiceWorker();
  });
}
