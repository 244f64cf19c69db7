// Post and reel analytics, sentiment and insight shapes (spec §3).
import * as z from 'zod/mini';
import { postSchema } from './lists.ts';

/** spec §3 "Post analytic metrics" (definitions: wasm/assembly/metrics.ts). */
export const postMetricsSchema = z.object({
  post_count: z.number(),
  post_videos_count: z.number(),
  post_images_count: z.number(),
  most_post_views: z.number(),
  avg_post_views: z.number(),
  most_post_likes: z.number(),
  avg_post_likes: z.number(),
  most_post_comments: z.number(),
  avg_post_comments: z.number(),
  last_post_days: z.number(),
  post_frequency: z.number(),
  daily_engagement: z.number(),
  overall_avg_engagement: z.number(),
  videos_avg_engagement: z.number(),
  images_avg_engagement: z.number(),
});
export type PostMetrics = z.infer<typeof postMetricsSchema>;

export const postAnalysisSchema = z.object({
  metrics: postMetricsSchema,
  reel_metrics: postMetricsSchema,
  updated_at: z.string(),
});
export type PostAnalysis = z.infer<typeof postAnalysisSchema>;

export const postGroupSchema = z.object({
  data: z.object({ id: z.string(), post_count: z.number(), posts: z.array(postSchema) }),
});

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
});
export type Sentiment = z.infer<typeof sentimentSchema>;

export const insightPopupSchema = z.object({ popup: z.boolean(), message: z.string() });
export const insightSchema = z.object({ summary: z.string(), actionable_insights: z.string() });
export type Insight = z.infer<typeof insightSchema>;

export const historySchema = z.object({
  points: z.array(
    z.object({ at: z.string(), followers: z.number(), following: z.number(), gained: z.number(), lost: z.number() }),
  ),
});
export type HistoryPoint = z.infer<typeof historySchema>['points'][number];
