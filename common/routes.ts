// Every route of spec §2 with its guard, derived from the screens' table (common/screens.ts). The screens
// live in src/views and are loaded per route.
import { type Guard, type ScreenId, screenEntry, screenIds } from './screens.ts';

export type { Guard, ScreenId };

export interface Route {
  path: string;
  guard: Guard;
  screen: ScreenId;
}

/** Every path of every screen, in the screens' table's order. */
export const routes: readonly Route[] = screenIds.flatMap((screen) => {
  const { paths, guard } = screenEntry(screen);
  return paths.map((path) => ({ path, guard, screen }));
});

/** The not-found route: any path not in the table. */
export const notFoundRoute: Route = { path: '*', guard: screenEntry('notFound').guard, screen: 'notFound' };

/** The route for a path; paths match exactly, as in the spec's table (query strings are not part of it). */
export function routeFor(path: string): Route {
  return routes.find((route) => route.path === path) ?? notFoundRoute;
}

/** Whether `name` is a screen of the table (a screen named in a URL, say). */
export function isScreenId(name: string): name is ScreenId {
  return (screenIds as string[]).includes(name);
}

/** The page of the hidden frame a subscriber's first visit warms its code cache in (src/app/code-cache.ts). */
export const WARM_PATH = '/warm.html';
