// The key each list an analysis makes is stored under, in `analysis_lists.list` and in its parts' names
// (`list:<key>`, server/analysis/parts.ts). The code names a list as common/lists.ts does; the database keeps
// the key it was first written with, because migrations only add: an older release's processes read the
// same rows while a new release starts (docs on upgrades), and the account export names its lists by it.
import type { AnalysisListName } from '../../common/lists.ts';

const storedKeys: Record<AnalysisListName, string> = {
  newFollowers: 'newFollowers',
  followersLost: 'followersLost',
  notFollowsBack: 'notFollowsBack',
  // Stored before the list had one name everywhere (issue 53).
  doNotFollowsBack: 'dontFollowBack',
  profileViews: 'profileViews',
  mutualFollowers: 'mutualFollowers',
};

/** The key a list's row and parts are stored under. */
export function storedKey(list: AnalysisListName): string {
  return storedKeys[list];
}
