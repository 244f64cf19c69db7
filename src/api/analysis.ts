// The analysis calls (spec §7): start (long, abortable) and the six paged lists.
import * as z from 'zod/mini';
import { type ListName, lists } from '../../common/lists.ts';
import { type FollowerListItem, followerListItemSchema } from '../../common/schema/lists.ts';
import { type UserRecord, userRecordSchema } from '../../common/schema/user.ts';
import { type ApiResult, call } from './client.ts';

/** spec §9: lists come 15 at a time. */
export const LIST_PAGE_SIZE = 15;

const stillRunning = z.object({ status: z.literal('running') });

/**
 * GET client/insta/start/analysis/: the user record once the analysis is done. Issue 54: the server
 * answers "still running" (202) before a proxy would cut the request, and this asks again at once,
 * joining the same analysis; aborting `signal` stops asking, as before.
 */
export async function startAnalysis(signal: AbortSignal): Promise<ApiResult<UserRecord>> {
  for (;;) {
    const result = await call('client/insta/start/analysis/', {
      auth: true,
      signal,
      parse: (raw) =>
        stillRunning.safeParse(raw).success
          ? ('running' as const)
          : z.object({ user: userRecordSchema }).parse(raw).user,
    });
    if (!result.ok || result.data !== 'running') return result as ApiResult<UserRecord>;
    // Let go of meanwhile: nobody waits for it here any more (the server's grace then stops it).
    if (signal.aborted) return { ok: false, error: { kind: 'aborted', status: 0, message: '' } };
  }
}

/** One page (1-based) of a list. */
/** A page of a list, and the whole list's length when the server says it (issue 34). */
export interface ListPage {
  items: FollowerListItem[];
  total: number | undefined;
}

export function fetchListPage(list: ListName, page: number, signal?: AbortSignal) {
  return call<ListPage>(`client/instagram/${lists[list].path}/${LIST_PAGE_SIZE}/?page=${page}`, {
    auth: true,
    signal,
    parse: (raw, headers) => {
      const total = Number.parseInt(headers.get('x-total-count') ?? '', 10);
      return { items: z.array(followerListItemSchema).parse(raw), total: Number.isNaN(total) ? undefined : total };
    },
  });
}
