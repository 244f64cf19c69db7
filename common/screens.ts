// Every screen of the app, one entry each: its paths (spec §2), its guard, the file that holds it, the
// parts of the shell it shows, the sources that can fill it, whether it is a list, and its dashboard card.
// Every other table is derived from this one: the routes (common/routes.ts), the modules the server names
// in a page (common/screen-modules.ts), the shell's parts (src/app/shell-table.ts), the sources a screen
// says it needs (src/app/sources/screens.ts), the list it shows (src/db/lists.ts) and the dashboard's
// cards (src/views/home/DashboardCards.tsx). Two parts live beside the web app because only its build can
// make them: each screen's title (src/app/screen-titles.ts, a Lingui message) and the import that loads
// its module (src/app/screens.ts, a literal import() Vite splits a chunk at); both are keyed by this
// table's names, so a screen missing either fails to compile.
import type { ListName } from './lists.ts';
import type { SourceKind } from './schema/provenance.ts';
import type { UserRecord } from './schema/user.ts';

/**
 * A: sent to /home when a token is present. B: sent to /home when logged in and subscribed.
 * C: needs login and subscription. token: needs a login (/home). public/none: anyone.
 */
export type Guard = 'A' | 'B' | 'C' | 'token' | 'public' | 'none';

/** Which parts of the shell a screen shows (spec §2 "Shell"). */
export interface Shell {
  header: boolean;
  footer: boolean;
  /** spec §2: the footer's terms and privacy links are hidden on these. */
  legalLinks?: false;
  /** The footer's support contact line; every screen with a footer shows it but the dashboard. */
  contactLine?: false;
  /** The payment footer's "Have a question?" line. */
  paymentFooter?: true;
  /**
   * The main area fills the view from the first paint: the screen is longer than a phone's view once its
   * data is in, so a footer painted in view first would be pushed out of it (the offer page shifted by 0.10
   * when its plans arrived). A subscriber's screens fill it too (src/app/App.tsx).
   */
  fillsView?: true;
}

/** Which sources can fill a screen that shows figures (docs/sources.md), and which would for an account that lacks them. */
export interface ScreenSources {
  /** Sources whose figures this screen shows. */
  fills: readonly SourceKind[];
  /** What would fill it for an account whose sources do not: shown as "Not available yet · …". */
  otherwise: readonly SourceKind[];
  /** The official API gives no such list, and a connected account's card and screen say so. */
  notInOfficial?: true;
}

/** The official API's counts a card can show over its window of days. */
export type OfficialCount = 'follows' | 'unfollows' | 'visits';

/** A screen's card on the dashboard (spec §2 Home); the cards come in this table's order. */
export interface Card {
  /** The user record's count the card shows; none for a card that only opens its screen. */
  count?: keyof UserRecord;
  /** The count is one the record's `figure_gaps` may say is not measured yet, and why. */
  gaps?: true;
  /** A null count means the download has no such file: the card says "Not in your download". */
  notInDownload?: true;
  /** The official API's count the card shows instead, over its window of days. */
  officialCount?: OfficialCount;
}

export interface ScreenEntry {
  /** Its paths; links use the first. A path matches exactly (a query string is not part of it). */
  paths: readonly string[];
  guard: Guard;
  /** The source file whose default export is the screen, as the build's manifest names it. */
  module: string;
  shell: Shell;
  sources?: ScreenSources;
  /** It shows the list of its own name (common/lists.ts), a page at a time. */
  list?: true;
  card?: Card;
}

// The shells most screens share (spec §2: the header shows on a subscriber's screens, and the footer is
// hidden on the lists, the onboarding, the legal pages and the media screens).
const footerOnly: Shell = { header: false, footer: true };
const bare: Shell = { header: false, footer: false };
const headerAndFooter: Shell = { header: true, footer: true };
const headerOnly: Shell = { header: true, footer: false };
// spec §2: the logins' footers hide the terms and privacy links.
const loginFooter: Shell = { header: false, footer: true, legalLinks: false };

// The sources of each kind of screen. Names come only from the download; the official API counts follows
// and unfollows, never who.
const names: ScreenSources = { fills: ['sample', 'download'], otherwise: ['download'] };
const comings: ScreenSources = { fills: ['sample', 'download', 'official'], otherwise: ['download', 'official'] };
const analytics: ScreenSources = { fills: ['sample', 'download', 'official'], otherwise: ['download', 'official'] };
// Ranking posts and reading comments needs likes and comments: the official API, not a download.
const engagement: ScreenSources = { fills: ['sample', 'official'], otherwise: ['official'] };
// The owner's own stories and media come from the official API; other people's from no legitimate source,
// so on the sample network they are a demo (said so where this server has no official API).
const ownMedia: ScreenSources = { fills: ['sample', 'official'], otherwise: ['official', 'sample'] };
// The requests sent and the accounts unfollowed are the download's own lists: no other source gives them
// (the sample network invents no such list).
const downloadOwn: ScreenSources = { fills: ['download'], otherwise: ['download'], notInOfficial: true };

const followerList = 'src/views/follower-list/FollowerList.tsx';
const postAnalytics = 'src/views/post-analytics/PostAnalytics.tsx';
const downloader = 'src/views/downloader/Downloader.tsx';
const legal = 'src/views/legal/LegalPage.tsx';

/** Spec §2's screens in its table's order, the download's and the official API's beside them. */
export const screens = {
  welcome: { paths: ['/'], guard: 'A', module: 'src/views/welcome/Welcome.tsx', shell: footerOnly },
  onboarding: { paths: ['/onboarding'], guard: 'A', module: 'src/views/onboarding/Onboarding.tsx', shell: bare },
  getMyAnalysis: {
    paths: ['/getmyanalysis'],
    guard: 'A',
    module: 'src/views/get-my-analysis/GetMyAnalysis.tsx',
    shell: loginFooter,
  },
  searching: { paths: ['/searching'], guard: 'A', module: 'src/views/searching/Searching.tsx', shell: bare },
  paymentPlan: {
    paths: ['/paymentplan', '/paymentplan_lp1'],
    guard: 'B',
    module: 'src/views/payment-plan/PaymentPlan.tsx',
    shell: { header: false, footer: true, paymentFooter: true, fillsView: true },
  },
  existingUserLogin: {
    paths: ['/existinguserlogin'],
    guard: 'A',
    module: 'src/views/login/ExistingUserLogin.tsx',
    shell: loginFooter,
  },
  otp: { paths: ['/otp'], guard: 'none', module: 'src/views/otp/Otp.tsx', shell: loginFooter },
  forgotUser: {
    paths: ['/forgotuser'],
    guard: 'A',
    module: 'src/views/forgot-user/ForgotUser.tsx',
    shell: loginFooter,
  },
  home: {
    paths: ['/home'],
    guard: 'token',
    module: 'src/views/home/Home.tsx',
    shell: { header: true, footer: true, contactLine: false },
  },
  newFollowers: {
    paths: ['/newfollowers'],
    guard: 'C',
    module: followerList,
    shell: headerOnly,
    sources: comings,
    list: true,
    card: { count: 'new_followers', gaps: true, officialCount: 'follows' },
  },
  followersLost: {
    paths: ['/followerslost'],
    guard: 'C',
    module: followerList,
    shell: headerOnly,
    sources: comings,
    list: true,
    card: { count: 'followers_lost', gaps: true, officialCount: 'unfollows' },
  },
  notFollowsBack: {
    paths: ['/notfollowsback'],
    guard: 'C',
    module: followerList,
    shell: headerOnly,
    sources: names,
    list: true,
    card: { count: 'not_follows_back' },
  },
  doNotFollowsBack: {
    paths: ['/donotfollowsback'],
    guard: 'C',
    module: followerList,
    shell: headerOnly,
    sources: names,
    list: true,
    card: { count: 'dont_follow_back' },
  },
  profileViews: {
    paths: ['/profileview'],
    guard: 'C',
    module: followerList,
    shell: headerOnly,
    // Who viewed a profile: no legitimate source names them, so nothing is offered as what would; a
    // connected account's screen says the official API no longer reports visits either.
    sources: { fills: ['sample', 'official'], otherwise: [] },
    list: true,
    card: { count: 'profile_views_count', officialCount: 'visits' },
  },
  mutualFollowers: {
    paths: ['/mutualfollowing'],
    guard: 'C',
    module: followerList,
    shell: headerOnly,
    sources: names,
    list: true,
    card: { count: 'mutual_followers' },
  },
  // The download's own lists (not in spec §2's table), each path the list's name as the download names its file.
  pendingFollowRequests: {
    paths: ['/pending_follow_requests'],
    guard: 'C',
    module: followerList,
    shell: headerOnly,
    sources: downloadOwn,
    list: true,
    card: { count: 'pending_follow_requests', notInDownload: true },
  },
  recentlyUnfollowedProfiles: {
    paths: ['/recently_unfollowed_profiles'],
    guard: 'C',
    module: followerList,
    shell: headerOnly,
    sources: downloadOwn,
    list: true,
    card: { count: 'recently_unfollowed_profiles', notInDownload: true },
  },
  postAnalytics: {
    paths: ['/postanalytics'],
    guard: 'C',
    module: postAnalytics,
    shell: headerAndFooter,
    sources: analytics,
    card: { count: 'post_count', gaps: true },
  },
  // spec §2: the header is not among reelanalytics' parts.
  reelAnalytics: {
    paths: ['/reelanalytics'],
    guard: 'C',
    module: postAnalytics,
    shell: footerOnly,
    sources: analytics,
    card: { count: 'reel_count', gaps: true },
  },
  viewAllPosts: {
    paths: ['/viewAllPosts'],
    guard: 'C',
    module: 'src/views/view-all/ViewAllPosts.tsx',
    shell: headerOnly,
    sources: engagement,
  },
  downloadStories: {
    paths: ['/downloadStories'],
    guard: 'C',
    module: downloader,
    shell: headerOnly,
    sources: ownMedia,
    card: {},
  },
  downloadReel: {
    paths: ['/downloadreel'],
    guard: 'C',
    module: downloader,
    shell: headerOnly,
    sources: ownMedia,
    card: {},
  },
  stories: {
    paths: ['/stories'],
    guard: 'C',
    module: 'src/views/stories/StoriesList.tsx',
    shell: headerOnly,
    sources: ownMedia,
    card: { count: 'stories_count' },
  },
  sentimentalAnalysis: {
    paths: ['/sentimentalAnalysis'],
    guard: 'C',
    module: 'src/views/sentiment/Sentiment.tsx',
    shell: headerOnly,
    sources: engagement,
    card: {},
  },
  contactUs: { paths: ['/contactus'], guard: 'C', module: 'src/views/contact/ContactUs.tsx', shell: headerAndFooter },
  manageSubscription: {
    paths: ['/managesubscription'],
    guard: 'C',
    module: 'src/views/manage-subscription/ManageSubscription.tsx',
    shell: headerAndFooter,
  },
  // The owner's data download (not in spec §2's table).
  importDownload: {
    paths: ['/import'],
    guard: 'C',
    module: 'src/views/import/ImportDownload.tsx',
    shell: headerAndFooter,
  },
  // Where the network's consent page sends the owner back (INSTAGRAM_REDIRECT_URI).
  officialConnected: {
    paths: ['/connected'],
    guard: 'C',
    module: 'src/views/connected/Connected.tsx',
    shell: headerAndFooter,
  },
  termsOfService: { paths: ['/termsofservice'], guard: 'public', module: legal, shell: bare },
  privacyPolicy: { paths: ['/privacypolicy'], guard: 'public', module: legal, shell: bare },
  // Any path not in the table.
  notFound: { paths: [], guard: 'none', module: 'src/views/not-found/NotFound.tsx', shell: bare },
} as const satisfies Record<string, ScreenEntry>;

export type ScreenId = keyof typeof screens;

/** The file of each screen's module. */
export type ScreenModule = (typeof screens)[ScreenId]['module'];

/** The screens that show figures, each with the sources that can fill it. */
export type DataScreen = {
  [S in ScreenId]: (typeof screens)[S] extends { sources: ScreenSources } ? S : never;
}[ScreenId];

/** The screens that show a list, each the list of its own name. */
export type ListScreen = { [S in ScreenId]: (typeof screens)[S] extends { list: true } ? S : never }[ScreenId];

/** The screens with a card on the dashboard. */
export type CardScreen = { [S in ScreenId]: (typeof screens)[S] extends { card: Card } ? S : never }[ScreenId];

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/** Every list has its screen of the same name, and every list screen is a list: either missing fails to compile. */
export const listsHaveTheirScreens: Same<ListName, ListScreen> = true;

export const screenIds = Object.keys(screens) as ScreenId[];

/** A screen's entry, widened to the entry's type for code that reads any screen. */
export function screenEntry(screen: ScreenId): ScreenEntry {
  return screens[screen];
}

/** Whether a screen shows a list (and which: the list of its name). */
export function isListScreen(screen: ScreenId): screen is ListScreen {
  return screenEntry(screen).list === true;
}

/**
 * The list a screen shows, for a module only list screens load (the follower list's): the table says which
 * screens those are, so any other is a defect of the table's, and said so.
 */
export function listScreen(screen: ScreenId): ListScreen {
  if (!isListScreen(screen)) throw new Error(`${screen} shows no list (common/screens.ts)`);
  return screen;
}

/** The screens with a card, in the dashboard's order. */
export const cardScreens = screenIds.filter((screen): screen is CardScreen => screenEntry(screen).card !== undefined);
