// Each screen's title, used as its heading and the document title.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ScreenId } from '../../common/routes.ts';

export const screenTitles: Record<ScreenId, MessageDescriptor> = {
  welcome: msg`Welcome`,
  onboarding: msg`How it works`,
  getMyAnalysis: msg`Get my analysis`,
  searching: msg`Preparing your offer`,
  paymentPlan: msg`Your plan`,
  existingUserLogin: msg`Log in`,
  otp: msg`Enter your code`,
  forgotUser: msg`Forgot your username?`,
  home: msg`Dashboard`,
  newFollowers: msg`New followers`,
  followersLost: msg`Lost followers`,
  notFollowsBack: msg`Not following you back`,
  doNotFollowsBack: msg`You don't follow back`,
  profileViews: msg`Profile viewers`,
  mutualFollowers: msg`Mutual followers`,
  pendingFollowRequests: msg`Requests you sent, not accepted yet`,
  recentlyUnfollowedProfiles: msg`Accounts you unfollowed recently`,
  postAnalytics: msg`Post analytics`,
  reelAnalytics: msg`Reel analytics`,
  viewAllPosts: msg`All posts`,
  stories: msg`Stories`,
  // The dashboard card's name (spec §2 Home: "instagram downloader"), so the card opens the screen it names (issue 51).
  downloadReel: msg`Instagram downloader`,
  downloadStories: msg`Story downloader`,
  sentimentalAnalysis: msg`Sentiment analysis`,
  contactUs: msg`Contact us`,
  manageSubscription: msg`Manage subscription`,
  importDownload: msg`Import your data download`,
  officialConnected: msg`Connecting your account`,
  termsOfService: msg`Terms of Service`,
  privacyPolicy: msg`Privacy Policy`,
  notFound: msg`Page not found`,
};
