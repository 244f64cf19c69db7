// Which sources can fill each screen that shows figures (issue 17, README "Sources"), and which
// would give them to an account that lacks them. The dashboard's cards and every data screen read it.
import type { SourceKind } from '../../api/schema/provenance.ts';
import type { ScreenId } from '../routes.ts';
import type { AccountSources } from './account.ts';

export interface ScreenSources {
  /** Sources whose figures this screen shows. */
  fills: readonly SourceKind[];
  /** What would fill it for an account whose sources do not: shown as "Not available yet · …". */
  otherwise: readonly SourceKind[];
}

const lists: ScreenSources = { fills: ['sample', 'download'], otherwise: ['download'] };
const analytics: ScreenSources = { fills: ['sample', 'download'], otherwise: ['download', 'official'] };
// Other people's stories and media: no legitimate source gives them, so they stay the demo's.
const demoOnly: ScreenSources = { fills: ['sample'], otherwise: ['sample'] };

export const screenSources = {
  newFollowers: lists,
  followersLost: lists,
  notFollowsBack: lists,
  doNotFollowsBack: lists,
  mutualFollowing: lists,
  // Who viewed a profile: no legitimate source names them (the official API counts visits only).
  profileView: { fills: ['sample'], otherwise: [] },
  postAnalytics: analytics,
  reelAnalytics: analytics,
  // Ranking posts needs likes and comments: the official API, not a download.
  viewAllPosts: { fills: ['sample'], otherwise: ['official'] },
  sentimentalAnalysis: { fills: ['sample'], otherwise: ['official'] },
  stories: demoOnly,
  downloadStories: demoOnly,
  downloadReel: demoOnly,
} satisfies Partial<Record<ScreenId, ScreenSources>>;

export type DataScreen = keyof typeof screenSources;

/** The source that fills this screen for the account, or undefined when none of its sources does. */
export function fillingSource(screen: DataScreen, account: AccountSources): SourceKind | undefined {
  const kinds: readonly SourceKind[] = screenSources[screen].fills;
  if (account.figures && kinds.includes(account.figures.source)) return account.figures.source;
  // The demo's screens are the sample network's, before its first analysis too (they say "start one").
  return account.demo && kinds.includes('sample') ? 'sample' : undefined;
}
