// Every insight metric the collection asks the official API for (issue 49), in one table: how the
// reference says to ask it (period, metric type, breakdowns, media product types, follower minimum) and
// the reference's words that decide each row. The calls are built from this table, and the project's
// fake of the API (tests/support/official/fake-api.ts) answers from it too, so the fake cannot accept a
// call the table says the API refuses. Where the API does otherwise than its reference, the row follows
// practice and says so (`practice`).

/** Where a row's rule is written, and the words that decide it. */
export interface Citation {
  url: string;
  words: string;
}

export type MetricType = 'time_series' | 'total_value';
export type ProductType = 'FEED' | 'REELS' | 'STORY';
export type MediaKind = 'IMAGE' | 'VIDEO' | 'CAROUSEL_ALBUM';

/** The Instagram Account Insights reference as read for issue 49 (its copy of 11 Sep 2026, v25.0). */
const ACCOUNT_REFERENCE =
  'https://developers.facebook.com/documentation/instagram-platform/api-reference/instagram-user/insights';
/** The Instagram Media Insights reference as read for issue 49 (its copy of 11 Sep 2026, v25.0). */
export const MEDIA_REFERENCE =
  'https://developers.facebook.com/documentation/instagram-platform/reference/instagram-media/insights';

/** One metric of `GET /<IG_USER_ID>/insights`. */
export interface AccountMetricRule {
  period: 'day' | 'lifetime';
  /** The metric types the reference gives it; the first is the one we ask. */
  types: MetricType[];
  breakdowns: string[];
  /** Under this many followers the API leaves the metric out of its answer (an empty data set). */
  minFollowers: number;
  /** The current reference's table lists it. */
  listed: boolean;
  /**
   * Not listed, yet answered in practice (cited in `practice`): asked all the same, and the fake answers
   * it. A metric neither listed nor answered in practice is never asked, and the API refuses it.
   */
  answeredInPractice?: boolean;
  reference: Citation;
  practice?: Citation;
}

/** One metric of `GET /<IG_MEDIA_ID>/insights` (always `lifetime`), or of its field expansion. */
export interface MediaMetricRule {
  /** The media product types the reference lists it for. */
  products: ProductType[];
  /** Refused in practice for these media of a listed product type, with the API's words. */
  refusedFor?: { product: ProductType; media: MediaKind; message: string };
  reference: Citation;
  practice?: Citation;
}

export const ACCOUNT_METRICS = {
  reach: {
    period: 'day',
    types: ['time_series', 'total_value'],
    breakdowns: ['media_product_type', 'follow_type'],
    minFollowers: 0,
    listed: true,
    reference: {
      url: ACCOUNT_REFERENCE,
      words: '`reach` | `day` | n/a | `media_product_type`, `follow_type` | `total_value`, `time_series`',
    },
    practice: {
      url: 'https://github.com/exileum/meta-mcp/pull/196',
      words: 'only `reach` supports both shapes; most metrics support only `total_value`',
    },
  },
  follows_and_unfollows: {
    period: 'day',
    types: ['total_value'],
    breakdowns: ['follow_type'],
    minFollowers: 100,
    listed: true,
    reference: {
      url: ACCOUNT_REFERENCE,
      words:
        '`follows_and_unfollows` | `day` | n/a | `follow_type` | `total_value` | … Not returned if the IG User has less than 100 followers.',
    },
  },
  follower_count: {
    period: 'day',
    types: ['time_series'],
    breakdowns: [],
    minFollowers: 100,
    // The current table no longer lists it; only its Limitations name it. The API still answers it as a
    // day's time series in practice, so it is asked, and a refusal leaves it unavailable.
    listed: false,
    answeredInPractice: true,
    reference: {
      url: ACCOUNT_REFERENCE,
      words:
        '`follower_count` and `online_followers` metrics are not available on Instagram business or creator accounts with fewer than 100 followers.',
    },
    practice: {
      url: 'https://github.com/brightbeanxyz/brightbean-studio/pull/88',
      words:
        'Three categories of API errors were causing all analytics syncs to fail … the first request now only fetches `reach` and `follower_count`.',
    },
  },
  online_followers: {
    period: 'lifetime',
    types: ['time_series'],
    breakdowns: [],
    minFollowers: 100,
    listed: true,
    reference: {
      url: ACCOUNT_REFERENCE,
      words: 'Insights data for the `online_followers` metric is only available for the last 30 days.',
    },
  },
  profile_views: {
    period: 'day',
    types: ['total_value'],
    breakdowns: [],
    minFollowers: 0,
    listed: false,
    reference: {
      url: 'https://developers.facebook.com/docs/graph-api/changelog/version21.0/',
      words:
        'The email_contacts, get_direction_clicks, profile_views, text_message_clicks, website_clicks, and phone_call_clicks time series metrics will no longer be supported. (The current Account Insights table lists no `profile_views` at all.)',
    },
    practice: {
      url: 'https://github.com/brightbeanxyz/brightbean-studio/pull/105',
      words: "It is no longer in Meta's IG User Insights list — it errored on every IG sync",
    },
  },
} as const satisfies Record<string, AccountMetricRule>;

export type AccountMetricName = keyof typeof ACCOUNT_METRICS;

/** The API's answer to a media metric it refuses for that media in practice (exileum/meta-mcp #120). */
const notForThisMediaType = (metric: string) => `(#100) The metric ${metric} is not supported for this media type`;

export const MEDIA_METRICS = {
  views: {
    products: ['FEED', 'REELS', 'STORY'],
    // Which product type airbyte's accounts refused it for is not said; the fake stands it on albums.
    refusedFor: {
      product: 'FEED',
      media: 'CAROUSEL_ALBUM',
      message: '(#100) The Media Insights API does not support the views metric for this media product type.',
    },
    reference: {
      url: MEDIA_REFERENCE,
      words: '`views` Total number of times IG Media has been played on Instagram. | `FEED` (posts) `REELS` `STORY`',
    },
    practice: {
      url: 'https://github.com/airbytehq/airbyte/pull/62902',
      words:
        "'(#100) The Media Insights API does not support the views metric for this media product type.' … This didn't happen on some of our test accounts",
    },
  },
  reach: {
    products: ['FEED', 'REELS', 'STORY'],
    reference: {
      url: MEDIA_REFERENCE,
      words:
        '`reach` Number of unique Instagram users that have seen the reel at least once. | `FEED` (posts) `REELS` `STORY`',
    },
  },
  saved: {
    products: ['FEED', 'REELS'],
    reference: {
      url: MEDIA_REFERENCE,
      words:
        "`saved` Number of time your app user's Instagram media was saved by an Instagram user. | `FEED` (posts) `REELS`",
    },
  },
  shares: {
    products: ['FEED', 'REELS', 'STORY'],
    refusedFor: { product: 'FEED', media: 'IMAGE', message: notForThisMediaType('shares') },
    reference: {
      url: MEDIA_REFERENCE,
      words: '`shares` Number of shares of the reel. | `FEED` (posts) `REELS` `STORY`',
    },
    practice: {
      url: 'https://github.com/exileum/meta-mcp/pull/174',
      words:
        "`shares` is empirically rejected on at least IMAGE posts with `(#100) The metric shares is not supported for this media type` per the issue's reproducer (Meta's docs claim broader support, but the API call fails).",
    },
  },
  total_interactions: {
    products: ['FEED', 'REELS', 'STORY'],
    reference: {
      url: MEDIA_REFERENCE,
      words:
        '`total_interactions` Number of likes, saves, comments, and shares on the reel, minus the number of unlikes, unsaves, and deleted comments. | `FEED` (posts) `REELS` `STORY`',
    },
  },
  replies: {
    products: ['STORY'],
    reference: {
      url: MEDIA_REFERENCE,
      words: '`replies` Total number of replies (IG Comments) on the story IG Media object. … | `STORY`',
    },
  },
} as const satisfies Record<string, MediaMetricRule>;

export type MediaMetricName = keyof typeof MEDIA_METRICS;

/** The media rules that hold for every media metric, with the reference's words. */
export const MEDIA_RULES = {
  /** A story under 5 viewers: its insights are unavailable, the story itself stays. */
  notEnoughViewers: {
    minimum: 5,
    message: '(#10) Not enough viewers for the media to show insights',
    reference: {
      url: MEDIA_REFERENCE,
      words:
        'Story media metrics with values less than 5 return an error code `10` with the message `(#10) Not enough viewers for the media to show insights`.',
    },
  },
} as const;

/** The metrics asked of posts and reels, and of stories, in the order the calls name them. */
export const POST_METRICS = [
  'views',
  'reach',
  'saved',
  'shares',
  'total_interactions',
] as const satisfies readonly MediaMetricName[];
export const STORY_METRICS = [
  'views',
  'reach',
  'replies',
  'shares',
  'total_interactions',
] as const satisfies readonly MediaMetricName[];

/** The media rule of a metric refused in practice whose answer is `message`, if any. */
export function refusalOf(message: string): MediaMetricName | undefined {
  for (const [name, rule] of Object.entries(MEDIA_METRICS) as [MediaMetricName, MediaMetricRule][]) {
    if (rule.refusedFor && message.startsWith(rule.refusedFor.message.replace(/\.$/, ''))) return name;
  }
  return undefined;
}

/** Whether a row is asked: the reference lists it, or the API answers it in practice all the same. */
export const asked = (rule: AccountMetricRule): boolean => rule.listed || rule.answeredInPractice === true;

/**
 * The parameters of an account insights call, built from the table: the metric's first type, its period,
 * and the range or breakdown given. Asking a metric the reference does not list throws: it would be a
 * defect of ours, not a figure the API lacks.
 */
export function accountQuery(
  metric: AccountMetricName,
  extra: { since?: number; until?: number; breakdown?: string } = {},
): Record<string, string> {
  const rule: AccountMetricRule = ACCOUNT_METRICS[metric];
  if (!asked(rule)) throw new Error(`${metric} is not in the reference's list: it is never asked`);
  const type = rule.types[0] as MetricType;
  // "If you request metric_type=time_series, breakdowns will not be included in the response."
  if (extra.breakdown && (type !== 'total_value' || !rule.breakdowns.includes(extra.breakdown))) {
    throw new Error(`${metric} has no ${extra.breakdown} breakdown as we ask it`);
  }
  return {
    metric,
    period: rule.period,
    // A time series is what the API gives without metric_type; naming it is harmless and explicit.
    ...(type === 'total_value' && { metric_type: type }),
    ...(extra.breakdown && { breakdown: extra.breakdown }),
    ...(extra.since !== undefined && { since: String(extra.since) }),
    ...(extra.until !== undefined && { until: String(extra.until) }),
  };
}
