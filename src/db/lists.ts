// Pages of the follower lists (the six, and the download's own two), cached so a list opened once opens offline.
import type { ScreenId } from '../../common/routes.ts';
import type { FollowerListItem, FollowerListName } from '../../common/schema/lists.ts';
import { writeWithRoom } from '../app/storage.ts';
import { db } from './db.ts';
import { type LocalRead, useLocalRead } from './local-read.ts';
import type { ListPageRow } from './schema.ts';

/** The list each list screen shows. */
export const listOfScreen: Partial<Record<ScreenId, FollowerListName>> = {
  newFollowers: 'newFollowers',
  followersLost: 'followersLost',
  notFollowsBack: 'notFollowsBack',
  doNotFollowsBack: 'doNotFollowsBack',
  profileView: 'profileViews',
  mutualFollowing: 'mutualFollowers',
  pendingFollowRequests: 'pendingFollowRequests',
  recentlyUnfollowedProfiles: 'recentlyUnfollowedProfiles',
};

/** Every cached page of a list, in order. */
export function listPagesRead(list: FollowerListName): LocalRead<ListPageRow[]> {
  return {
    key: `listPages:${list}`,
    read: () => db.listPages.where('[list+page]').between([list, 0], [list, Infinity]).toArray(),
  };
}

/** Every cached page of a list, in order, live. */
export function useListPages(list: FollowerListName): ListPageRow[] | undefined {
  return useLocalRead(listPagesRead(list));
}

/** Stores a fetched page, with the whole list's length when the server said it (issue 34). */
export async function writeListPage(
  list: FollowerListName,
  page: number,
  items: FollowerListItem[],
  hasMore: boolean,
  total?: number,
) {
  await writeWithRoom(() => db.listPages.put({ list, page, items, hasMore, total, updatedAt: Date.now() }));
}

/** Forgets every cached page (a new analysis makes them stale). */
export async function clearListPages(): Promise<void> {
  await db.listPages.clear();
}
