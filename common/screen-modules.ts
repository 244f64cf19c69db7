// Which source file holds each screen, as the build's manifest names it. The server reads it to name a
// route's code in the page it sends (server/http/shell.ts), so the browser fetches that code beside
// the entry instead of after it; src/app/screens.ts imports the same files (a test keeps them equal).
import type { Guard, ScreenId } from './routes.ts';

export const screenModules: Record<ScreenId, string> = {
  welcome: 'src/views/welcome/Welcome.tsx',
  onboarding: 'src/views/onboarding/Onboarding.tsx',
  getMyAnalysis: 'src/views/get-my-analysis/GetMyAnalysis.tsx',
  searching: 'src/views/searching/Searching.tsx',
  paymentPlan: 'src/views/payment-plan/PaymentPlan.tsx',
  existingUserLogin: 'src/views/login/ExistingUserLogin.tsx',
  otp: 'src/views/otp/Otp.tsx',
  forgotUser: 'src/views/forgot-user/ForgotUser.tsx',
  home: 'src/views/home/Home.tsx',
  newFollowers: 'src/views/follower-list/FollowerList.tsx',
  followersLost: 'src/views/follower-list/FollowerList.tsx',
  notFollowsBack: 'src/views/follower-list/FollowerList.tsx',
  doNotFollowsBack: 'src/views/follower-list/FollowerList.tsx',
  profileView: 'src/views/follower-list/FollowerList.tsx',
  mutualFollowing: 'src/views/follower-list/FollowerList.tsx',
  pendingFollowRequests: 'src/views/follower-list/FollowerList.tsx',
  recentlyUnfollowedProfiles: 'src/views/follower-list/FollowerList.tsx',
  postAnalytics: 'src/views/post-analytics/PostAnalytics.tsx',
  reelAnalytics: 'src/views/post-analytics/PostAnalytics.tsx',
  viewAllPosts: 'src/views/view-all/ViewAllPosts.tsx',
  stories: 'src/views/stories/StoriesList.tsx',
  downloadReel: 'src/views/downloader/Downloader.tsx',
  downloadStories: 'src/views/downloader/Downloader.tsx',
  sentimentalAnalysis: 'src/views/sentiment/Sentiment.tsx',
  contactUs: 'src/views/contact/ContactUs.tsx',
  manageSubscription: 'src/views/manage-subscription/ManageSubscription.tsx',
  importDownload: 'src/views/import/ImportDownload.tsx',
  officialConnected: 'src/views/connected/Connected.tsx',
  termsOfService: 'src/views/legal/LegalPage.tsx',
  privacyPolicy: 'src/views/legal/LegalPage.tsx',
  notFound: 'src/views/not-found/NotFound.tsx',
};

/**
 * Whether a route's screen shows the subscriber's data, read from IndexedDB before its first render
 * (issue 31): the screens behind a login.
 */
export function readsFirst(guard: Guard): boolean {
  return guard === 'C' || guard === 'token';
}

/** Where those first reads are (src/app/first-reads.ts loads it): the page names its code beside the screen's. */
export const firstReadsModule = 'src/db/first-reads.ts';

/**
 * Where the stored login is read (src/app/session.ts loads it before any guard can decide): a screen behind
 * a login waits on it, so its page names it too rather than finding it one round trip later.
 */
export const sessionModule = 'src/db/login.ts';

/** The header of a subscriber's screens, which the app loads apart from the entry (src/app/App.tsx). */
export const headerModule = 'src/app/Header.tsx';
