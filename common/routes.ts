// Every route of spec §2 with its guard. The screens live in src/views and are loaded per route.

/**
 * A: sent to /home when a token is present. B: sent to /home when logged in and subscribed.
 * C: needs login and subscription. token: needs a login (/home). public/none: anyone.
 */
export type Guard = 'A' | 'B' | 'C' | 'token' | 'public' | 'none';

export type ScreenId =
  | 'welcome'
  | 'onboarding'
  | 'getMyAnalysis'
  | 'searching'
  | 'paymentPlan'
  | 'existingUserLogin'
  | 'otp'
  | 'forgotUser'
  | 'home'
  | 'newFollowers'
  | 'followersLost'
  | 'notFollowsBack'
  | 'doNotFollowsBack'
  | 'profileView'
  | 'mutualFollowing'
  | 'pendingFollowRequests'
  | 'recentlyUnfollowedProfiles'
  | 'postAnalytics'
  | 'reelAnalytics'
  | 'viewAllPosts'
  | 'stories'
  | 'downloadReel'
  | 'downloadStories'
  | 'sentimentalAnalysis'
  | 'contactUs'
  | 'manageSubscription'
  | 'importDownload'
  | 'officialConnected'
  | 'termsOfService'
  | 'privacyPolicy'
  | 'notFound';

export interface Route {
  path: string;
  guard: Guard;
  screen: ScreenId;
}

/** Spec §2's table, in its order. */
export const routes: readonly Route[] = [
  { path: '/', guard: 'A', screen: 'welcome' },
  { path: '/onboarding', guard: 'A', screen: 'onboarding' },
  { path: '/getmyanalysis', guard: 'A', screen: 'getMyAnalysis' },
  { path: '/searching', guard: 'A', screen: 'searching' },
  { path: '/paymentplan', guard: 'B', screen: 'paymentPlan' },
  { path: '/paymentplan_lp1', guard: 'B', screen: 'paymentPlan' },
  { path: '/existinguserlogin', guard: 'A', screen: 'existingUserLogin' },
  { path: '/otp', guard: 'none', screen: 'otp' },
  { path: '/forgotuser', guard: 'A', screen: 'forgotUser' },
  { path: '/home', guard: 'token', screen: 'home' },
  { path: '/newfollowers', guard: 'C', screen: 'newFollowers' },
  { path: '/followerslost', guard: 'C', screen: 'followersLost' },
  { path: '/notfollowsback', guard: 'C', screen: 'notFollowsBack' },
  { path: '/donotfollowsback', guard: 'C', screen: 'doNotFollowsBack' },
  { path: '/profileview', guard: 'C', screen: 'profileView' },
  { path: '/mutualfollowing', guard: 'C', screen: 'mutualFollowing' },
  // Issue 50 item 5: the download's own lists (not in spec §2's table), each path the list's name as the
  // download names its file.
  { path: '/pending_follow_requests', guard: 'C', screen: 'pendingFollowRequests' },
  { path: '/recently_unfollowed_profiles', guard: 'C', screen: 'recentlyUnfollowedProfiles' },
  { path: '/postanalytics', guard: 'C', screen: 'postAnalytics' },
  { path: '/reelanalytics', guard: 'C', screen: 'reelAnalytics' },
  { path: '/viewAllPosts', guard: 'C', screen: 'viewAllPosts' },
  { path: '/stories', guard: 'C', screen: 'stories' },
  { path: '/downloadreel', guard: 'C', screen: 'downloadReel' },
  { path: '/downloadStories', guard: 'C', screen: 'downloadStories' },
  { path: '/sentimentalAnalysis', guard: 'C', screen: 'sentimentalAnalysis' },
  { path: '/contactus', guard: 'C', screen: 'contactUs' },
  { path: '/managesubscription', guard: 'C', screen: 'manageSubscription' },
  // Issue 9: the owner's data download (not in spec §2's table).
  { path: '/import', guard: 'C', screen: 'importDownload' },
  // Issue 18: where the network's consent page sends the owner back (INSTAGRAM_REDIRECT_URI).
  { path: '/connected', guard: 'C', screen: 'officialConnected' },
  { path: '/termsofservice', guard: 'public', screen: 'termsOfService' },
  { path: '/privacypolicy', guard: 'public', screen: 'privacyPolicy' },
];

/** The not-found route: any path not in the table. */
export const notFoundRoute: Route = { path: '*', guard: 'none', screen: 'notFound' };

/** The route for a path; paths match exactly, as in the spec's table (query strings are not part of it). */
export function routeFor(path: string): Route {
  return routes.find((route) => route.path === path) ?? notFoundRoute;
}

/** Whether `name` is a screen of the table (a screen named in a URL, say). */
export function isScreenId(name: string): name is ScreenId {
  return name === notFoundRoute.screen || routes.some((route) => route.screen === name);
}

/** The page of the hidden frame a subscriber's first visit warms its code cache in (src/app/code-cache.ts). */
export const WARM_PATH = '/warm.html';
