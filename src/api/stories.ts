// Stories (spec §7 getStories, in the collector worker) and the downloader (download/stories/reel).
import { msg } from '@lingui/core/macro';
import {
  type DownloadResult,
  downloadSchema,
  type StoryUser,
  storiesResponseSchema,
} from '../../common/schema/lists.ts';
import type { Provenance } from '../../common/schema/provenance.ts';
import { i18n } from '../i18n/index.ts';
import { getStories } from '../workers/collector.ts';
import { type ApiResult, call } from './client.ts';
import { callWorker } from './worker-call.ts';

export interface StoryPage {
  stories: StoryUser[];
  nextId: string;
  /** Where the page came from (issue 17): only the sample network gives other people's stories. */
  source: Provenance | undefined;
}

/** One page of stories through the worker's getStories; failures are values with a message to show. */
export function fetchStoryPage(
  request: { size: number; id: string; callDB: boolean; refresh: boolean; email: string },
  signal?: AbortSignal,
): Promise<ApiResult<StoryPage>> {
  const { size, id, callDB, refresh, email } = request;
  return callWorker(
    (token, headers) => getStories(token, size, id, callDB, refresh, email, headers, signal),
    (raw) => {
      const page = storiesResponseSchema.safeParse(raw);
      return page.success
        ? { stories: page.data.stories, nextId: page.data.next_id, source: page.data.source }
        : undefined;
    },
    (_status, message) => message ?? i18n._(msg`Something went wrong. Please try again.`),
    signal,
  );
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
