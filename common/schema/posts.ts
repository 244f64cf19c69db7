// Post and reel analytics, sentiment and insight shapes (spec §3).
import * as z from 'zod/mini';
import { postSchema } from './lists.ts';
import { figureGapSchema, provenanceSchema, sourceKindSchema, unavailableSchema } from './provenance.ts';

/** spec §3 "Post analytic metrics" (definitions: wasm/assembly/metrics.ts). */
/** A metric, or null when the source cannot give it (a data download has no likes, comments or views). */
const metric = z.nullable(z.number());

export const postMetricsSchema = z.object({
  post_count: metric,
  post_videos_count: metric,
  post_images_count: metric,
  most_post_views: metric,
  avg_post_views: metric,
  most_post_likes: metric,
  avg_post_likes: metric,
  most_post_comments: metric,
  avg_post_comments: metric,
  last_post_days: metric,
  post_frequency: metric,
  daily_engagement: metric,
  overall_avg_engagement: metric,
  videos_avg_engagement: metric,
  images_avg_engagement: metric,
});
export type PostMetrics = z.infer<typeof postMetricsSchema>;

export const postAnalysisSchema = z.object({
  metrics: postMetricsSchema,
  reel_metrics: postMetricsSchema,
  updated_at: z.string(),
  /** Where the metrics came from (issue 17); null when no source the account has gives any. */
  source: z.optional(z.nullable(provenanceSchema)),
  /** The sources that would give the metrics shown as unavailable (null). */
  unavailable: z.optional(unavailableSchema),
  /** Issue 51: metrics the source gives but did not this time, by name, with why (a download without posts). */
  gaps: z.optional(z.record(z.string(), figureGapSchema)),
});
export type PostAnalysis = z.infer<typeof postAnalysisSchema>;

export const postGroupSchema = z.object({
  data: z.object({
    id: z.string(),
    post_count: z.number(),
    posts: z.array(postSchema),
    /** The source cannot rank posts (a data download): the screen says so instead of "no post". */
    unavailable: z.optional(z.boolean()),
    /** When unavailable: the sources that would give it. */
    needs: z.optional(z.array(sourceKindSchema)),
    source: z.optional(provenanceSchema),
  }),
});

export type PostGroupData = z.infer<typeof postGroupSchema>['data'];

const percent = z.number();
/** spec §3 "Sentiment response", with the "second reading"'s distribution. */
export const sentimentSchema = z.object({
  status: z.literal(true),
  total_comments: z.number(),
  average_words: z.number(),
  sentiment_score: z.number(),
  emotions: z.object({ Joy: percent, Sadness: percent, Angry: percent, Surprise: percent, Trust: percent }),
  most_positive_comment: z.string(),
  most_negative_comment: z.string(),
  keyword_extraction: z.array(z.string()),
  sarcasm_detection: z.number(),
  languages: z.array(z.object({ language: z.string(), percent })),
  distribution: z.object({ positive: percent, negative: percent, neutral: percent }),
  /** Where the comments came from. */
  source: z.optional(provenanceSchema),
});
export type Sentiment = z.infer<typeof sentimentSchema>;

export const insightPopupSchema = z.object({ popup: z.boolean(), message: z.string() });
export const insightSchema = z.object({
  summary: z.string(),
  actionable_insights: z.string(),
  source: z.optional(provenanceSchema),
});
export type Insight = z.infer<typeof insightSchema>;

export const historySchema = z.object({
  points: z.array(
    z.object({
      at: z.string(),
      followers: z.number(),
      /** Null on a day the source gives no figure (the official API has no history of following). */
      following: z.nullable(z.number()),
      gained: z.nullable(z.number()),
      lost: z.nullable(z.number()),
      /** Profile visits that day (the official API's count; absent for other sources). */
      visits: z.optional(z.nullable(z.number())),
      source: z.optional(sourceKindSchema),
    }),
  ),
});
export type HistoryPoint = z.infer<typeof historySchema>['points'][number];
