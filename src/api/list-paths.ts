// spec §7's path for each follower list, shared by the screens' pages and the worker's export.
import type { FollowerListName } from '../../common/schema/lists.ts';

export const listPaths: Record<FollowerListName, string> = {
  newFollowers: 'new/followers',
  followersLost: 'follower/lost',
  notFollowsBack: 'not/following/back',
  doNotFollowsBack: 'dont/follow/back',
  mutualFollowers: 'mutual/follower',
  profileViews: 'profile/view',
};
