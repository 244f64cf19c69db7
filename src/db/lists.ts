// Pages of the follower lists (the six, and the download's own two), cached so a list opened once opens offline.

import type { ListName } from '../../common/lists.ts';
import type { FollowerListItem } from '../../common/schema/lists.ts';
import { writeWithRoom } from '../app/storage.ts';
import { db } from './db.ts';
import { type LocalRead, useLocalRead } from './local-read.ts';
import type { ListPageRow } from './schema.ts';

/** Every cached page of a list, in order. */
export function listPagesRead(list: ListName): LocalRead<ListPageRow[]> {
  return {
    key: `listPages:${list}`,
    read: () => db.listPages.where('[list+page]').between([list, 0], [list, Infinity]).toArray(),
  };
}

/** Every cached page of a list, in order, live. */
export function useListPages(list: ListName): ListPageRow[] | undefined {
  return useLocalRead(listPagesRead(list));
}

/** Stores a fetched page, with the whole list's length when the server said it (issue 34). */
export async function writeListPage(
  list: ListName,
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
