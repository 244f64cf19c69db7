// Which parts of the shell each screen shows (spec §2 "Shell"), as one pure table.
import type { ScreenId } from '../../common/routes.ts';

export interface ShellParts {
  header: boolean;
  footer: boolean;
  /** Terms and privacy links, inside the footer. */
  legalLinks: boolean;
  /** The support contact line, inside the footer. */
  contactLine: boolean;
  /** The payment footer's "Have a question?" line, inside the footer. */
  paymentFooter: boolean;
  /**
   * The main area fills the view from the first paint: the screen is longer than a phone's view once its
   * data is in, so a footer painted in view first would be pushed out of it (issue 31: the offer page
   * shifted by 0.10 when its plans arrived). A subscriber's screens fill it too (App.tsx).
   */
  fillsView: boolean;
}

const lists: ScreenId[] = [
  'newFollowers',
  'followersLost',
  'notFollowsBack',
  'doNotFollowsBack',
  'profileView',
  'mutualFollowing',
  'pendingFollowRequests',
  'recentlyUnfollowedProfiles',
];

// spec §2: the header shows only on these. (reelanalytics is not among them in the spec.)
const withHeader = new Set<ScreenId>([
  'home',
  ...lists,
  'contactUs',
  'manageSubscription',
  'importDownload',
  'officialConnected',
  'postAnalytics',
  'stories',
  'viewAllPosts',
  'downloadReel',
  'downloadStories',
  'sentimentalAnalysis',
]);

// spec §2: the footer is hidden on these.
const withoutFooter = new Set<ScreenId>([
  'onboarding',
  ...lists,
  'termsOfService',
  'privacyPolicy',
  'searching',
  'viewAllPosts',
  'notFound',
  'stories',
  'downloadReel',
  'downloadStories',
  'sentimentalAnalysis',
]);

// spec §2: terms and privacy links are hidden on these.
const withoutLegalLinks = new Set<ScreenId>(['getMyAnalysis', 'existingUserLogin', 'forgotUser', 'otp']);

/** The shell parts a screen shows. */
export function shellParts(screen: ScreenId): ShellParts {
  const footer = !withoutFooter.has(screen);
  return {
    header: withHeader.has(screen),
    footer,
    legalLinks: footer && !withoutLegalLinks.has(screen),
    contactLine: footer && screen !== 'home',
    paymentFooter: footer && screen === 'paymentPlan',
    fillsView: screen === 'paymentPlan',
  };
}
