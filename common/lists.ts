// The follower lists, each under one name from the screen to the database: the screen that shows it, the
// client's cached pages, the server's analysis and its stored parts all say `doNotFollowsBack`. Spec §7
// fixes the names the wire uses (a path, the user record's count field); they stand beside each list here,
// in one table both runtimes read.
import type { UserRecord } from './schema/user.ts';

export interface ListEntry {
  /** Spec §7's path of its pages (`client/instagram/<path>/<size>/`) and of its export. */
  path: string;
  /** The user record's count of the list (spec §7): the whole a screen's pages or an offline file are part of. */
  count: keyof UserRecord;
  /**
   * Who makes it: `analysis` compares two snapshots (the server's analysis keeps it with the analysis);
   * `download` is the data download's own list, carried as the download gives it (issue 50 item 5).
   */
  madeBy: 'analysis' | 'download';
}

/** The six lists of the dashboard (spec §2 Home), then the download's own two, in the dashboard's order. */
export const lists = {
  newFollowers: { path: 'new/followers', count: 'new_followers', madeBy: 'analysis' },
  followersLost: { path: 'follower/lost', count: 'followers_lost', madeBy: 'analysis' },
  notFollowsBack: { path: 'not/following/back', count: 'not_follows_back', madeBy: 'analysis' },
  doNotFollowsBack: { path: 'dont/follow/back', count: 'dont_follow_back', madeBy: 'analysis' },
  profileViews: { path: 'profile/view', count: 'profile_views_count', madeBy: 'analysis' },
  mutualFollowers: { path: 'mutual/follower', count: 'mutual_followers', madeBy: 'analysis' },
  // Not in spec §7: the path is the list's name as the download names its file (pending_follow_requests.json).
  pendingFollowRequests: { path: 'pending_follow_requests', count: 'pending_follow_requests', madeBy: 'download' },
  recentlyUnfollowedProfiles: {
    path: 'recently_unfollowed_profiles',
    count: 'recently_unfollowed_profiles',
    madeBy: 'download',
  },
} as const satisfies Record<string, ListEntry>;

export type ListName = keyof typeof lists;

/** Every list, in the dashboard's order. */
export const listNames = Object.keys(lists) as ListName[];

/** The lists an analysis makes, and the download's own. */
export type AnalysisListName = {
  [L in ListName]: (typeof lists)[L]['madeBy'] extends 'analysis' ? L : never;
}[ListName];
export type DownloadListName = Exclude<ListName, AnalysisListName>;

export const analysisListNames = listNames.filter(
  (name): name is AnalysisListName => lists[name].madeBy === 'analysis',
);
export const downloadListNames = listNames.filter(
  (name): name is DownloadListName => lists[name].madeBy === 'download',
);

/** Whether a name is one of the lists. */
export function isListName(name: string): name is ListName {
  return Object.hasOwn(lists, name);
}

/** Whether a list is one of the download's own. */
export function isDownloadList(name: ListName): name is DownloadListName {
  return lists[name].madeBy === 'download';
}
