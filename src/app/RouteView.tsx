// Renders the route for the current path, after its guard (spec §2 "Route guards").
import { useLingui } from '@lingui/react';
import { Suspense, useEffect } from 'react';
import { Redirect, useLocation } from 'wouter';
import { routeFor } from '../../common/routes.ts';
import { decide } from './guards.ts';
import { screenTitles } from './screen-titles.ts';
import { screenComponent } from './screens.ts';
import { loadSession, useSession } from './session.ts';

/** The guarded screen for the current location. */
export function RouteView() {
  const [path] = useLocation();
  const route = routeFor(path);
  const { auth } = useSession();
  const decision = decide(route.guard, auth);
  const { i18n } = useLingui();

  useEffect(() => {
    if (decision.kind === 'wait') void loadSession();
  }, [decision.kind]);

  useEffect(() => {
    document.title = `${i18n._(screenTitles[route.screen])} · Followscope`;
  }, [i18n, route.screen]);

  if (decision.kind === 'redirect') return <Redirect to={decision.to} replace />;
  if (decision.kind === 'wait') return <div className="screen screen--waiting" aria-busy="true" />;
  const Screen = screenComponent(route.screen);
  return (
    <Suspense fallback={<div className="screen screen--waiting" aria-busy="true" />}>
      <Screen screen={route.screen} />
    </Suspense>
  );
}
