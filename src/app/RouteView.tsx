// Renders the route for the current path, after its guard (spec §2 "Route guards"), and, for a screen
// behind a login, after its first reads from IndexedDB (issue 31: src/app/first-reads.ts).
import { useLingui } from '@lingui/react';
import { Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { routeFor } from '../../common/routes.ts';
import { markScreenPainted } from './after-paint.ts';
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
  // The path whose screen is on the page. A screen that changes only its own query (the import screen
  // dropping `?shared=1` once it has taken the download) stays mounted while the new reads run: taking
  // it down for a frame would lose its state and move the page.
  const shownPath = useRef<string | undefined>(undefined);
  const shows = renders && (answered || shownPath.current === path);
  useEffect(() => {
    shownPath.current = shows ? path : undefined;
  });

  useEffect(() => {
    if (decision.kind === 'wait') void loadSession();
  }, [decision.kind]);

  useEffect(() => {
    document.title = `${i18n._(screenTitles[route.screen])} · Followscope`;
  }, [i18n, route.screen]);

  if (decision.kind === 'redirect') return <Redirect to={decision.to} replace />;
  if (!shows) return waiting;
  const Screen = screenComponent(route.screen);
  return (
    <Suspense fallback={waiting}>
      <Screen screen={route.screen} />
      <Painted />
    </Suspense>
  );
}

/** Rendered after the screen, inside its Suspense: its effect runs once the screen itself has rendered. */
function Painted() {
  useEffect(markScreenPainted, []);
  return null;
}
