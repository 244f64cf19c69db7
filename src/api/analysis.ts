// The analysis calls (spec §7): start (long, abortable) and the six paged lists.
import * as z from 'zod/mini';
import { type FollowerListItem, type FollowerListName, followerListItemSchema } from '../../common/schema/lists.ts';
import { userRecordSchema } from '../../common/schema/user.ts';
import { call } from './client.ts';
import { listPaths } from './list-paths.ts';

export { listPaths };

/** spec §9: lists come 15 at a time. */
export const LIST_PAGE_SIZE = 15;

/** GET client/insta/start/analysis/: the user record once the analysis is done. */
export function startAnalysis(signal: AbortSignal) {
  return call('client/insta/start/analysis/', {
    auth: true,
    signal,
    parse: (raw) => z.object({ user: userRecordSchema }).parse(raw).user,
  });
}

/** One page (1-based) of a list. */
/** A page of a list, and the whole list's length when the server says it (issue 34). */
export interface ListPage {
  items: FollowerListItem[];
  total: number | undefined;
}

export function fetchListPage(list: FollowerListName, page: number, signal?: AbortSignal) {
  return call<ListPage>(`client/instagram/${listPaths[list]}/${LIST_PAGE_SIZE}/?page=${page}`, {
    auth: true,
    signal,
    parse: (raw, headers) => {
      const total = Number.parseInt(headers.get('x-total-count') ?? '', 10);
      return { items: z.array(followerListItemSchema).parse(raw), total: Number.isNaN(total) ? undefined : total };
    },
  });
}
