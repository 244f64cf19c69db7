// The component for each screen, loaded with its route so the first route stays small.
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { ScreenId } from '../../common/routes.ts';

export interface ScreenProps {
  screen: ScreenId;
}

type Screen = LazyExoticComponent<ComponentType<ScreenProps>> | ComponentType<ScreenProps>;
type Loader = () => Promise<{ default: ComponentType<ScreenProps> }>;

const followerList: Loader = () => import('../views/follower-list/FollowerList.tsx');
const postAnalytics: Loader = () => import('../views/post-analytics/PostAnalytics.tsx');
const downloader: Loader = () => import('../views/downloader/Downloader.tsx');
const legal: Loader = () => import('../views/legal/LegalPage.tsx');
// Screens that later work fills in show their title until then.
const titleOnly: Loader = () => import('../views/title-only/TitleOnly.tsx');

const loaders: Partial<Record<ScreenId, Loader>> = {
  stories: () => import('../views/stories/StoriesList.tsx'),
  downloadReel: downloader,
  downloadStories: downloader,
  postAnalytics,
  reelAnalytics: postAnalytics,
  viewAllPosts: () => import('../views/view-all/ViewAllPosts.tsx'),
  sentimentalAnalysis: () => import('../views/sentiment/Sentiment.tsx'),
  welcome: () => import('../views/welcome/Welcome.tsx'),
  home: () => import('../views/home/Home.tsx'),
  notFound: () => import('../views/not-found/NotFound.tsx'),
  onboarding: () => import('../views/onboarding/Onboarding.tsx'),
  getMyAnalysis: () => import('../views/get-my-analysis/GetMyAnalysis.tsx'),
  searching: () => import('../views/searching/Searching.tsx'),
  existingUserLogin: () => import('../views/login/ExistingUserLogin.tsx'),
  otp: () => import('../views/otp/Otp.tsx'),
  forgotUser: () => import('../views/forgot-user/ForgotUser.tsx'),
  contactUs: () => import('../views/contact/ContactUs.tsx'),
  paymentPlan: () => import('../views/payment-plan/PaymentPlan.tsx'),
  importDownload: () => import('../views/import/ImportDownload.tsx'),
  officialConnected: () => import('../views/connected/Connected.tsx'),
  manageSubscription: () => import('../views/manage-subscription/ManageSubscription.tsx'),
  newFollowers: followerList,
  followersLost: followerList,
  notFollowsBack: followerList,
  doNotFollowsBack: followerList,
  profileView: followerList,
  mutualFollowing: followerList,
  pendingFollowRequests: followerList,
  recentlyUnfollowedProfiles: followerList,
  termsOfService: legal,
  privacyPolicy: legal,
};

/** One component per loader, so screens sharing a view share its component (and its state). */
const components = new Map<Loader, Screen>();
/** The modules loaded so far. */
const loadedModules = new Map<Loader, ComponentType<ScreenProps>>();

function loaderOf(screen: ScreenId): Loader {
  return loaders[screen] ?? titleOnly;
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

/** A screen's module (tests check it is the file common/screen-modules.ts names for the server). */
export function loadScreen(screen: ScreenId): Promise<{ default: ComponentType<ScreenProps> }> {
  const loader = loaderOf(screen);
  return loader().then((module) => {
    // Vite's import resolves to nothing when a stale chunk reloads the page (see untilReload).
    if (module?.default) loadedModules.set(loader, module.default);
    return module;
  });
}
