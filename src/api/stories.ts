// Stories (spec §7 getStories, in the collector worker) and the downloader (download/stories/reel).
import { msg } from '@lingui/core/macro';
import { i18n } from '../i18n/index.ts';
import { CoreLoadError, getStories } from '../workers/collector.ts';
import { type ApiResult, call, commonHeaders, currentToken, reportUnauthorized } from './client.ts';
import { type DownloadResult, downloadSchema, type StoryUser, storiesResponseSchema } from './schema/lists.ts';

export interface StoryPage {
  stories: StoryUser[];
  nextId: string;
}

/** One page of stories through the worker's getStories; failures are values with a message to show. */
export async function fetchStoryPage(
  request: { size: number; id: string; callDB: boolean; refresh: boolean; email: string },
  signal?: AbortSignal,
): Promise<ApiResult<StoryPage>> {
  const token = (await currentToken()) ?? '';
  let raw: unknown;
  try {
    const text = await getStories(
      token,
      request.size,
      request.id,
      request.callDB,
      request.refresh,
      request.email,
      commonHeaders(),
      signal,
    );
    raw = JSON.parse(text);
  } catch (error) {
    if (signal?.aborted) return { ok: false, error: { kind: 'aborted', status: 0, message: '' } };
    const message =
      error instanceof CoreLoadError
        ? i18n._(msg`Please clear the browser cache and try again`)
        : error instanceof Error
          ? error.message
          : String(error);
    return { ok: false, error: { kind: 'invalid', status: 0, message } };
  }
  const page = storiesResponseSchema.safeParse(raw);
  if (page.success) return { ok: true, data: { stories: page.data.stories, nextId: page.data.next_id } };
  const failure = raw as { http_status?: number; message?: string };
  const status = failure.http_status ?? 0;
  if (status === 401) await reportUnauthorized();
  const message =
    status === 0
      ? i18n._(msg`No connection. Check your network and try again.`)
      : (failure.message ?? i18n._(msg`Something went wrong. Please try again.`));
  return { ok: false, error: { kind: status ? 'http' : 'network', status, message } };
}

/** POST client/download/stories/reel/: a post or reel by link, or an account's stories by username. */
export function download(input: { username: string; post_url: string }): Promise<ApiResult<DownloadResult>> {
  return call('client/download/stories/reel/', {
    method: 'POST',
    auth: true,
    body: input,
    parse: (raw) => downloadSchema.parse(raw),
  });
}
