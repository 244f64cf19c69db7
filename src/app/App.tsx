// The app: language provider, shell and routes.
import { I18nProvider } from '@lingui/react';
import { lazy, Suspense, useEffect } from 'react';
import { type BaseLocationHook, type BaseSearchHook, Router, useLocation } from 'wouter';
import { routeFor } from '../../common/routes.ts';
import { i18n } from '../i18n/index.ts';
import { Footer } from './Footer.tsx';
import { openingReadsSettled, readsFirst } from './first-reads.ts';
import { notePath } from './navigation.ts';
import { OfflineBanner } from './OfflineBanner.tsx';
import { RouteView } from './RouteView.tsx';
import { shellParts } from './shell-table.ts';
import { Toaster } from './toast.tsx';
import { UpdateBanner } from './UpdateBanner.tsx';

// The header reads the stored user record, so it (and Dexie) load only on screens that show it; it paints
// with the record, as the screen below it does.
const Header = lazy(() => Promise.all([import('./Header.tsx'), openingReadsSettled()]).then(([header]) => header));

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
    <div className={readsFirst(route.guard) || parts.fillsView ? 'shell shell--fills-view' : 'shell'}>
      {/* The screen shows with its header, never before it: a screen painted below the header's placeholder
          moved down when the header came taller (a name on two lines, issue 31). One boundary whether or
          not the screen has a header, so going from one kind to the other keeps the screen mounted. */}
      <Suspense
        fallback={
          parts.header && (
            <>
              <div className="header header--placeholder" />
              {/* The screen's room while it waits, so the footer below stays out of view (issue 31). */}
              <main className="shell__main">
                <div className="screen screen--waiting" aria-busy="true" />
              </main>
            </>
          )
        }
      >
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
