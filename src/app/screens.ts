// The component for each screen, loaded with its route so the first route stays small.
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { type ScreenId, type ScreenModule, screens } from '../../common/screens.ts';

export interface ScreenProps {
  screen: ScreenId;
}

type Screen = LazyExoticComponent<ComponentType<ScreenProps>> | ComponentType<ScreenProps>;
type Loader = () => Promise<{ default: ComponentType<ScreenProps> }>;

// One import per module, keyed by the file common/screens.ts names for each screen: Vite splits a chunk at
// each literal import(), so the table cannot be built from the names; a module missing here, or one no
// screen names, fails to compile.
const loaders = {
  'src/views/welcome/Welcome.tsx': () => import('../views/welcome/Welcome.tsx'),
  'src/views/onboarding/Onboarding.tsx': () => import('../views/onboarding/Onboarding.tsx'),
  'src/views/get-my-analysis/GetMyAnalysis.tsx': () => import('../views/get-my-analysis/GetMyAnalysis.tsx'),
  'src/views/searching/Searching.tsx': () => import('../views/searching/Searching.tsx'),
  'src/views/payment-plan/PaymentPlan.tsx': () => import('../views/payment-plan/PaymentPlan.tsx'),
  'src/views/login/ExistingUserLogin.tsx': () => import('../views/login/ExistingUserLogin.tsx'),
  'src/views/otp/Otp.tsx': () => import('../views/otp/Otp.tsx'),
  'src/views/forgot-user/ForgotUser.tsx': () => import('../views/forgot-user/ForgotUser.tsx'),
  'src/views/home/Home.tsx': () => import('../views/home/Home.tsx'),
  'src/views/follower-list/FollowerList.tsx': () => import('../views/follower-list/FollowerList.tsx'),
  'src/views/post-analytics/PostAnalytics.tsx': () => import('../views/post-analytics/PostAnalytics.tsx'),
  'src/views/view-all/ViewAllPosts.tsx': () => import('../views/view-all/ViewAllPosts.tsx'),
  'src/views/downloader/Downloader.tsx': () => import('../views/downloader/Downloader.tsx'),
  'src/views/stories/StoriesList.tsx': () => import('../views/stories/StoriesList.tsx'),
  'src/views/sentiment/Sentiment.tsx': () => import('../views/sentiment/Sentiment.tsx'),
  'src/views/contact/ContactUs.tsx': () => import('../views/contact/ContactUs.tsx'),
  'src/views/manage-subscription/ManageSubscription.tsx': () =>
    import('../views/manage-subscription/ManageSubscription.tsx'),
  'src/views/import/ImportDownload.tsx': () => import('../views/import/ImportDownload.tsx'),
  'src/views/connected/Connected.tsx': () => import('../views/connected/Connected.tsx'),
  'src/views/legal/LegalPage.tsx': () => import('../views/legal/LegalPage.tsx'),
  'src/views/not-found/NotFound.tsx': () => import('../views/not-found/NotFound.tsx'),
} satisfies Record<ScreenModule, Loader>;

/** One component per loader, so screens sharing a view share its component (and its state). */
const components = new Map<Loader, Screen>();
/** The modules loaded so far. */
const loadedModules = new Map<Loader, ComponentType<ScreenProps>>();

function loaderOf(screen: ScreenId): Loader {
  return loaders[screens[screen].module];
}

/**
 * The component that renders a screen: the module's own when it has loaded before the screen's first
 * render (a subscriber's screen waits for it with its first reads), else a lazy one. A lazy component
 * suspends on its first render even when its module is there, and renders one task later: on a phone's
 * slow CPU 100-200 ms more before the screen (issue 31). The choice is kept, so the screen never remounts.
 */
export function screenComponent(screen: ScreenId): Screen {
  const loader = loaderOf(screen);
  let component = components.get(loader);
  if (!component) {
    component = loadedModules.get(loader) ?? lazy(() => untilReload(loader()));
    components.set(loader, component);
  }
  return component;
}

/**
 * A screen's module, or, when its chunk failed and `reloadOnStaleChunk` reloads the page, a wait for that
 * reload: Vite's import then resolves to nothing, and rendering it failed with "reading 'default'" just
 * before the page went (seen when the server stopped while a first visit's screen was loading).
 */
export function untilReload<T>(module: Promise<T | undefined>): Promise<T> {
  return module.then((loaded) => loaded ?? new Promise<never>(() => undefined));
}

/**
 * Starts loading a screen's code now. The entry calls it for the opening route beside the language
 * catalog, so the two load side by side rather than one after the other (issue 25); the module loader
 * hands the lazy component the same module when it asks. Settles when it has loaded or failed.
 */
export function preloadScreen(screen: ScreenId): Promise<unknown> {
  return loadScreen(screen).catch(() => undefined);
}

/** Whether a screen's module has loaded (it then renders without a suspended first render). */
export function screenLoaded(screen: ScreenId): boolean {
  return loadedModules.has(loaderOf(screen));
}

/** A screen's module (tests check it is the file common/screens.ts names for it). */
export function loadScreen(screen: ScreenId): Promise<{ default: ComponentType<ScreenProps> }> {
  const loader = loaderOf(screen);
  return loader().then((module) => {
    // Vite's import resolves to nothing when a stale chunk reloads the page (see untilReload).
    if (module?.default) loadedModules.set(loader, module.default);
    return module;
  });
}
