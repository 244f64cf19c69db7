// Any navigation opens the cached shell, so every route works offline after one visit.
import { createHandlerBoundToURL } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

/** Answers navigations with the precached index.html; API paths and files are left alone. */
export function routeNavigationsToShell(): void {
  registerRoute(
    new NavigationRoute(createHandlerBoundToURL('/index.html'), {
      denylist: [/^\/api\//, /\/[^/?]+\.[^/]+$/],
    }),
  );
}
