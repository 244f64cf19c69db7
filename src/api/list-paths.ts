// spec §7's path for each follower list, shared by the screens' pages and the worker's export.
import type { FollowerListName } from '../../common/schema/lists.ts';

export const listPaths: Record<FollowerListName, string> = {
  newFollowers: 'new/followers',
  followersLost: 'follower/lost',
  notFollowsBack: 'not/following/back',
  doNotFollowsBack: 'dont/follow/back',
  mutualFollowers: 'mutual/follower',
  profileViews: 'profile/view',
  // Issue 50 item 5: not in spec §7; the list's name as the download names its file.
  pendingFollowRequests: 'pending_follow_requests',
  recentlyUnfollowedProfiles: 'recently_unfollowed_profiles',
};
