// The app: language provider, shell and routes.
import { I18nProvider } from '@lingui/react';
import { type ComponentType, lazy, Suspense, useEffect } from 'react';
import { type BaseLocationHook, type BaseSearchHook, Router, useLocation } from 'wouter';
import { type Route, routeFor } from '../../common/routes.ts';
import { i18n } from '../i18n/index.ts';
import { Footer } from './Footer.tsx';
import { openingReadsSettled, readsFirst } from './first-reads.ts';
import { notePath } from './navigation.ts';
import { OfflineBanner } from './OfflineBanner.tsx';
import { RouteView } from './RouteView.tsx';
import { shellParts } from './shell-table.ts';
import { Toaster } from './toast.tsx';
import { UpdateBanner } from './UpdateBanner.tsx';

type HeaderModule = typeof import('./Header.tsx');
let loadedHeader: HeaderModule['default'] | undefined;

/**
 * The header's code and the opening screen's reads it paints with: the header reads the stored user record,
 * so it (and Dexie) load only on screens that show it, and it paints with the record, as the screen below it
 * does. The entry waits for this before the app's first render, so the header commits at once: a first
 * render that suspended on it committed the placeholder, and React then holds a boundary's content back
 * until 300 ms after its fallback showed (its fallback throttle), half of a cached dashboard's time (issue 31).
 */
export function loadHeader(): Promise<HeaderModule> {
  return Promise.all([import('./Header.tsx'), openingReadsSettled()]).then(([header]) => {
    loadedHeader = header.default;
    return header;
  });
}

const LazyHeader = lazy(loadHeader);
/** Chosen once for the page's life (another component type later would mount the header again). */
let ChosenHeader: ComponentType | undefined;

function Header() {
  ChosenHeader ??= loadedHeader ?? LazyHeader;
  return <ChosenHeader />;
}

/** The shell's class for a screen: a subscriber's screens and the offer fill the view (issue 31). */
function shellClass(route: Route): string {
  return readsFirst(route.guard) || shellParts(route.screen).fillsView ? 'shell shell--fills-view' : 'shell';
}

/**
 * What a screen shows while its code and its first reads are on their way: the header's room with its
 * menu button (drawn where the header draws it, unusable until then), and the screen's room, so the
 * footer below stays out of view (issue 31).
 */
function Waiting({ header }: { header: boolean }) {
  if (!header) return null;
  return (
    <>
      <div className="header header--placeholder">
        <nav className="menu">
          <button type="button" className="icon-button" disabled tabIndex={-1} aria-hidden="true">
            ☰
          </button>
        </nav>
      </div>
      <main className="shell__main">
        <div className="screen screen--waiting" aria-busy="true" />
      </main>
    </>
  );
}

/**
 * The page a subscriber's screen opens on, painted by the entry before the language's catalog, the
 * screen's code and its reads are in (issue 31): the page showed nothing until all of them had come
 * (Lighthouse's observed first paint came 40-400 ms earlier with it). The app's first render replaces it
 * with the same placeholder or the screen itself, so nothing on it moves.
 */
export function OpeningPlaceholder({ path }: { path: string }) {
  const route = routeFor(path);
  return (
    <div className={shellClass(route)}>
      <Waiting header={shellParts(route.screen).header} />
    </div>
  );
}

function Shell() {
  const [path] = useLocation();
  const route = routeFor(path);
  const parts = shellParts(route.screen);

  // spec §2: the scroll position resets to the top on each navigation.
  useEffect(() => {
    notePath(path);
    window.scrollTo(0, 0);
  }, [path]);

  return (
    // A subscriber's screens and the offer keep the footer below the fold: a screen that grows as its data
    // comes would otherwise push it down in view (issue 31).
    <div className={shellClass(route)}>
      {/* The screen shows with its header, never before it: a screen painted below the header's placeholder
          moved down when the header came taller (a name on two lines, issue 31). One boundary whether or
          not the screen has a header, so going from one kind to the other keeps the screen mounted. */}
      <Suspense fallback={<Waiting header={parts.header} />}>
        {parts.header && <Header />}
        <OfflineBanner />
        <main className="shell__main">
          <RouteView />
        </main>
      </Suspense>
      {parts.footer && <Footer parts={parts} />}
      <UpdateBanner />
      <Toaster />
    </div>
  );
}

/** The whole app; tests hand in a memory location (and its query string) instead of the browser's history. */
export function App({ location, search }: { location?: BaseLocationHook; search?: BaseSearchHook }) {
  return (
    <I18nProvider i18n={i18n}>
      <Router hook={location} searchHook={search}>
        <Shell />
      </Router>
    </I18nProvider>
  );
}
