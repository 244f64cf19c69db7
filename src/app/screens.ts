// The component for each screen, loaded with its route so the first route stays small.
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { ScreenId } from './routes.ts';

export interface ScreenProps {
  screen: ScreenId;
}

type Screen = LazyExoticComponent<ComponentType<ScreenProps>>;

const welcome = lazy(() => import('../views/welcome/Welcome.tsx'));
const home = lazy(() => import('../views/home/Home.tsx'));
const notFound = lazy(() => import('../views/not-found/NotFound.tsx'));
// Screens that later work fills in show their title until then.
const titleOnly = lazy(() => import('../views/title-only/TitleOnly.tsx'));

const legal = lazy(() => import('../views/legal/LegalPage.tsx'));
const followerList = lazy(() => import('../views/follower-list/FollowerList.tsx'));

const postAnalytics = lazy(() => import('../views/post-analytics/PostAnalytics.tsx'));

const downloader = lazy(() => import('../views/downloader/Downloader.tsx'));

const built: Partial<Record<ScreenId, Screen>> = {
  stories: lazy(() => import('../views/stories/StoriesList.tsx')),
  downloadReel: downloader,
  downloadStories: downloader,
  postAnalytics,
  reelAnalytics: postAnalytics,
  viewAllPosts: lazy(() => import('../views/view-all/ViewAllPosts.tsx')),
  sentimentalAnalysis: lazy(() => import('../views/sentiment/Sentiment.tsx')),
  welcome,
  home,
  notFound,
  onboarding: lazy(() => import('../views/onboarding/Onboarding.tsx')),
  getMyAnalysis: lazy(() => import('../views/get-my-analysis/GetMyAnalysis.tsx')),
  searching: lazy(() => import('../views/searching/Searching.tsx')),
  existingUserLogin: lazy(() => import('../views/login/ExistingUserLogin.tsx')),
  otp: lazy(() => import('../views/otp/Otp.tsx')),
  forgotUser: lazy(() => import('../views/forgot-user/ForgotUser.tsx')),
  contactUs: lazy(() => import('../views/contact/ContactUs.tsx')),
  paymentPlan: lazy(() => import('../views/payment-plan/PaymentPlan.tsx')),
  importDownload: lazy(() => import('../views/import/ImportDownload.tsx')),
  manageSubscription: lazy(() => import('../views/manage-subscription/ManageSubscription.tsx')),
  newFollowers: followerList,
  followersLost: followerList,
  notFollowsBack: followerList,
  doNotFollowsBack: followerList,
  profileView: followerList,
  mutualFollowing: followerList,
  termsOfService: legal,
  privacyPolicy: legal,
};

/** The component that renders a screen. */
export function screenComponent(screen: ScreenId): Screen {
  return built[screen] ?? titleOnly;
}
