// Post and reel analytics, sentiment, insights and follower history (spec §7).
import { msg } from '@lingui/core/macro';
import type { PostGroupName } from '../../common/schema/lists.ts';
import {
  historySchema,
  type Insight,
  insightPopupSchema,
  insightSchema,
  postAnalysisSchema,
  postGroupSchema,
  type Sentiment,
  sentimentSchema,
} from '../../common/schema/posts.ts';
import type { UserRecord } from '../../common/schema/user.ts';
import { i18n } from '../i18n/index.ts';
import { getPostSentimentalAnalysis } from '../workers/collector.ts';
import { type ApiResult, call } from './client.ts';
import { callWorker } from './worker-call.ts';

/** GET client/postAnalysis/: the metrics of posts and of reels. */
export function fetchPostAnalysis(signal?: AbortSignal) {
  return call('client/postAnalysis/', { auth: true, signal, parse: (raw) => postAnalysisSchema.parse(raw) });
}

/** GET client/posts/{group}/{isReel}/: a post group, most valued first; its first `limit` posts when given. */
export function fetchPostGroup(group: PostGroupName, isReel: boolean, signal?: AbortSignal, limit?: number) {
  return call(`client/posts/${group}/${isReel}/${limit === undefined ? '' : `?limit=${limit}`}`, {
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
export function analysePostSentiment(shortCode: string, signal?: AbortSignal): Promise<ApiResult<Sentiment>> {
  return callWorker(
    (token, headers) => getPostSentimentalAnalysis(token, shortCode, headers, signal),
    (raw) => {
      const done = sentimentSchema.safeParse(raw);
      return done.success ? done.data : undefined;
    },
    // spec §8: the sentiment variant of the high-traffic message, unless the server said more.
    (status, message) =>
      (status !== 503 ? message : undefined) ??
      i18n._(msg`We are experiencing high traffic at the moment. Please try again later.`),
    signal,
  );
}
