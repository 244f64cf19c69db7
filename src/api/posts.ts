// Post and reel analytics, sentiment, insights and follower history (spec §7).
import { msg } from '@lingui/core/macro';
import { i18n } from '../i18n/index.ts';
import { CoreLoadError, getPostSentimentalAnalysis } from '../workers/collector.ts';
import { type ApiResult, call, commonHeaders, currentToken, reportUnauthorized } from './client.ts';
import type { PostGroupName } from './schema/lists.ts';
import {
  historySchema,
  type Insight,
  insightPopupSchema,
  insightSchema,
  postAnalysisSchema,
  postGroupSchema,
  type Sentiment,
  sentimentFailureSchema,
  sentimentSchema,
} from './schema/posts.ts';
import type { UserRecord } from './schema/user.ts';

/** GET client/postAnalysis/: the metrics of posts and of reels. */
export function fetchPostAnalysis(signal?: AbortSignal) {
  return call('client/postAnalysis/', { auth: true, signal, parse: (raw) => postAnalysisSchema.parse(raw) });
}

/** GET client/posts/{group}/{isReel}/: a post group, most valued first. */
export function fetchPostGroup(group: PostGroupName, isReel: boolean, signal?: AbortSignal) {
  return call(`client/posts/${group}/${isReel}/`, {
    auth: true,
    signal,
    parse: (raw) => postGroupSchema.parse(raw).data,
  });
}

/** spec §4 Insight, step one: may an insight be written now? */
export function checkInsightPopup() {
  return call('client/check/insight/popup/', { auth: true, parse: (raw) => insightPopupSchema.parse(raw) });
}

/** spec §7: the insight, from the six counts of the user record. */
export function generateInsight(user: UserRecord): Promise<ApiResult<Insight>> {
  return call('insta/chat/gpt/generate/actionable/insights/', {
    method: 'POST',
    auth: true,
    body: {
      new_followers_count: user.new_followers,
      lost_followers_count: user.followers_lost,
      not_follows_back_count: user.not_follows_back,
      i_do_not_follow_back_count: user.dont_follow_back,
      profile_view_count: user.profile_views_count,
      mutual_following_count: user.mutual_followers,
    },
    parse: (raw) => insightSchema.parse(raw),
  });
}

/** Followers at each analysis, for the growth chart. */
export function fetchFollowerHistory(signal?: AbortSignal) {
  return call('client/followers/history/', { auth: true, signal, parse: (raw) => historySchema.parse(raw).points });
}

/** Runs the sentiment analysis of a post in the collector worker; a falsy status is an error value. */
export async function analysePostSentiment(shortCode: string, signal?: AbortSignal): Promise<ApiResult<Sentiment>> {
  const token = (await currentToken()) ?? '';
  let text: string;
  try {
    text = await getPostSentimentalAnalysis(token, shortCode, commonHeaders(), signal);
  } catch (error) {
    if (signal?.aborted) return { ok: false, error: { kind: 'aborted', status: 0, message: '' } };
    // spec §8: a core that cannot load asks for a cache clear; any other run failure shows its message.
    const message =
      error instanceof CoreLoadError
        ? i18n._(msg`Please clear the browser cache and try again`)
        : error instanceof Error
          ? error.message
          : String(error);
    return { ok: false, error: { kind: 'invalid', status: 0, message } };
  }
  const raw: unknown = JSON.parse(text);
  const done = sentimentSchema.safeParse(raw);
  if (done.success) return { ok: true, data: done.data };
  const failed = sentimentFailureSchema.safeParse(raw);
  const status = failed.success ? failed.data.http_status : 0;
  if (status === 401) await reportUnauthorized();
  // spec §8: the sentiment variant of the high-traffic message, unless the server said more.
  const message =
    status === 0
      ? i18n._(msg`No connection. Check your network and try again.`)
      : ((status !== 503 && failed.success ? failed.data.message : undefined) ??
        i18n._(msg`We are experiencing high traffic at the moment. Please try again later.`));
  return { ok: false, error: { kind: status ? 'http' : 'network', status, message } };
}
