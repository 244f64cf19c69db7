// Renders the route for the current path, after its guard (spec §2 "Route guards"), and, for a screen
// behind a login, after its first reads from IndexedDB (issue 31: src/app/first-reads.ts).
import { useLingui } from '@lingui/react';
import { Suspense, useEffect, useMemo, useState } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { routeFor } from '../../common/routes.ts';
import { answeredWhenAll, firstReadsFor, type Reads, readsFirst } from './first-reads.ts';
import { decide } from './guards.ts';
import { screenTitles } from './screen-titles.ts';
import { loadScreen, screenComponent, screenLoaded } from './screens.ts';
import { loadSession, useSession } from './session.ts';

const waiting = <div className="screen screen--waiting" aria-busy="true" />;

/** Whether a navigation's reads have answered (none to wait for counts as answered). */
function useAnswered(reads: Reads | undefined): boolean {
  const [answered, setAnswered] = useState<Reads>();
  const ready = !reads || reads.answered === true || answered === reads;
  useEffect(() => {
    if (!reads || ready) return;
    let current = true;
    void reads.then(() => current && setAnswered(reads));
    return () => {
      current = false;
    };
  }, [reads, ready]);
  return ready;
}

/** The guarded screen for the current location. */
export function RouteView() {
  const [path] = useLocation();
  const search = useSearch();
  const route = routeFor(path);
  const { auth } = useSession();
  const decision = decide(route.guard, auth);
  const { i18n } = useLingui();
  const renders = decision.kind === 'render';
  // One set of reads per navigation, and the screen's code, so it renders at once when they are in.
  const reads = useMemo(
    () =>
      renders && readsFirst(route.guard)
        ? answeredWhenAll([
            firstReadsFor(path, route.screen, search),
            screenLoaded(route.screen) ? undefined : loadScreen(route.screen),
          ])
        : undefined,
    [renders, path, search, route.guard, route.screen],
  );
  const answered = useAnswered(reads);

  useEffect(() => {
    if (decision.kind === 'wait') void loadSession();
  }, [decision.kind]);

  useEffect(() => {
    document.title = `${i18n._(screenTitles[route.screen])} · Followscope`;
  }, [i18n, route.screen]);

  if (decision.kind === 'redirect') return <Redirect to={decision.to} replace />;
  if (decision.kind === 'wait' || !answered) return waiting;
  const Screen = screenComponent(route.screen);
  return (
    <Suspense fallback={waiting}>
      <Screen screen={route.screen} />
    </Suspense>
  );
}
