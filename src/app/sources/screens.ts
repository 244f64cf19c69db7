// Which sources can fill each screen that shows figures (issue 17, docs/sources.md), and which
// would give them to an account that lacks them. The dashboard's cards and every data screen read it.

import type { ScreenId } from '../../../common/routes.ts';
import type { SourceKind } from '../../../common/schema/provenance.ts';
import type { AccountSources } from './account.ts';

export interface ScreenSources {
  /** Sources whose figures this screen shows. */
  fills: readonly SourceKind[];
  /** What would fill it for an account whose sources do not: shown as "Not available yet · …". */
  otherwise: readonly SourceKind[];
  /**
   * Issue 50 item 5: the official API gives no such list, and a connected account's card and screen say so
   * (rather than only what would give it).
   */
  notInOfficial?: true;
}

// Names come only from the download; the official API counts follows and unfollows, never who.
const lists: ScreenSources = { fills: ['sample', 'download'], otherwise: ['download'] };
const comings: ScreenSources = { fills: ['sample', 'download', 'official'], otherwise: ['download', 'official'] };
const analytics: ScreenSources = { fills: ['sample', 'download', 'official'], otherwise: ['download', 'official'] };
// Ranking posts and reading comments needs likes and comments: the official API, not a download.
const engagement: ScreenSources = { fills: ['sample', 'official'], otherwise: ['official'] };
// The owner's own stories and media come from the official API; other people's from no legitimate
// source, so on the sample network they are a demo (said so where this server has no official API).
const ownMedia: ScreenSources = { fills: ['sample', 'official'], otherwise: ['official', 'sample'] };
// Issue 50 item 5: the requests sent and the accounts unfollowed are the download's own lists: no other
// source gives them (the sample network invents no such list).
const downloadLists: ScreenSources = { fills: ['download'], otherwise: ['download'], notInOfficial: true };

export const screenSources = {
  newFollowers: comings,
  followersLost: comings,
  notFollowsBack: lists,
  doNotFollowsBack: lists,
  mutualFollowing: lists,
  pendingFollowRequests: downloadLists,
  recentlyUnfollowedProfiles: downloadLists,
  // Who viewed a profile: no legitimate source names them, so nothing is offered as what would (issue 34);
  // a connected account's screen says the official API no longer reports visits either (issue 49).
  profileView: { fills: ['sample', 'official'], otherwise: [] },
  postAnalytics: analytics,
  reelAnalytics: analytics,
  viewAllPosts: engagement,
  sentimentalAnalysis: engagement,
  stories: ownMedia,
  downloadStories: ownMedia,
  downloadReel: ownMedia,
} satisfies Partial<Record<ScreenId, ScreenSources>>;

export type DataScreen = keyof typeof screenSources;

/**
 * Issue 50 item 5: whether the screen is one of the official API gives nothing of while the account has it,
 * which its card and screen then say.
 */
export function notInOfficial(screen: DataScreen, account: AccountSources): boolean {
  const sources: ScreenSources = screenSources[screen];
  return sources.notInOfficial === true && account.sources.some((source) => source.source === 'official');
}

/** The source that fills this screen for the account, or undefined when none of its sources does. */
export function fillingSource(screen: DataScreen, account: AccountSources): SourceKind | undefined {
  const kinds: readonly SourceKind[] = screenSources[screen].fills;
  if (account.figures && kinds.includes(account.figures.source)) return account.figures.source;
  // With the official API's counts on the dashboard, names still come from an imported download, and
  // after a download's import the official API's collected posts still fill their screens.
  const has = (kind: SourceKind) => account.sources.some((source) => source.source === kind && source.at);
  if (kinds.includes('download') && has('download')) return 'download';
  if (kinds.includes('official') && has('official')) return 'official';
  // The demo's screens are the sample network's, before its first analysis too (they say "start one").
  return account.demo && kinds.includes('sample') ? 'sample' : undefined;
}
