// The user record (spec §3) as the server sends it and Dexie keeps it.
import * as z from 'zod/mini';
import { connectedSourceSchema, figureGapSchema, sourceKindSchema } from './provenance.ts';

/** spec §3: this account id marks a username the network does not know. */
export const INVALID_INSTA_ID = '0000000000';

/** The account's connection to the network's official API (issue 18). */
export const officialConnectionSchema = z.object({
  /**
   * none: never connected or disconnected; active; expired or revoked: connect again (nothing is lost);
   * login_required: the owner must log in to the network first (a checkpoint, issue 49); deauthorized: the
   * owner removed the app on the network, and its token and official data were deleted then.
   */
  status: z.enum(['none', 'active', 'expired', 'revoked', 'login_required', 'deauthorized']),
  /** The professional account that consented. */
  username: z.nullable(z.string()),
  connected_at: z.nullable(z.string()),
  /** When its figures were last collected (ISO 8601), null before the first collection. */
  collected_at: z.nullable(z.string()),
});
export type OfficialConnection = z.infer<typeof officialConnectionSchema>;

/**
 * One window of the official API's daily counts (issue 36): the last `days` days the API has reported,
 * `from` to `through` (UTC days, YYYY-MM-DD), of which `counted` were reported. A count the API left out
 * is null: shown as unavailable, never as 0.
 */
export const officialWindowSchema = z.object({
  days: z.number(),
  counted: z.number(),
  from: z.nullable(z.string()),
  through: z.nullable(z.string()),
  follows: z.nullable(z.number()),
  unfollows: z.nullable(z.number()),
  visits: z.nullable(z.number()),
});
export type OfficialWindow = z.infer<typeof officialWindowSchema>;

/**
 * Why the official API gave no count: it counts follows from 100 followers; it has reported no day yet;
 * or its reference no longer lists the metric (profile visits, issue 49).
 */
export const officialGapSchema = z.nullable(z.enum(['under_100_followers', 'not_reported', 'not_listed']));
export type OfficialGap = z.infer<typeof officialGapSchema>;

/** The official API's follows, unfollows and profile visits over 7 and 30 days, and why any is missing. */
export const officialCountsSchema = z.object({
  week: officialWindowSchema,
  month: officialWindowSchema,
  follows_unavailable: officialGapSchema,
  visits_unavailable: officialGapSchema,
});
export type OfficialCounts = z.infer<typeof officialCountsSchema>;

export const userRecordSchema = z.object({
  email: z.string(),
  username: z.string(),
  /** A 64-bit id, always a string: never a JavaScript number. */
  insta_id: z.string(),
  insta_full_name: z.optional(z.string()),
  insta_image_url: z.string(),
  is_subscribed: z.boolean(),
  is_private: z.boolean(),
  is_insight: z.boolean(),
  chat_gpt_data: z.nullable(z.unknown()),
  total_followers: z.number(),
  total_following: z.number(),
  /** Null where the source gave no such count (issue 49): unavailable, never a 0. */
  new_followers: z.nullable(z.number()),
  followers_lost: z.nullable(z.number()),
  not_follows_back: z.number(),
  dont_follow_back: z.number(),
  profile_views_count: z.nullable(z.number()),
  mutual_followers: z.number(),
  /** Null where the source gave none (issue 51: a download without its posts), never a 0. */
  post_count: z.nullable(z.number()),
  reel_count: z.nullable(z.number()),
  stories_count: z.number(),
  /**
   * Issue 50 item 5: the newest imported download's follow requests sent and not accepted yet, and the
   * accounts unfollowed recently, named as the download names their files. Null where that download has
   * no such file (or the account no download): unknown, never a 0. Absent in older records.
   */
  pending_follow_requests: z.optional(z.nullable(z.number())),
  recently_unfollowed_profiles: z.optional(z.nullable(z.number())),
  /** DD-MM-YYYY HH:mm:ss, UTC. */
  last_updated_at: z.nullable(z.string()),
  latest_post_date_time: z.nullable(z.string()),
  /** Where the figures came from (issue 17); null before the account has any. */
  data_source: z.optional(z.nullable(sourceKindSchema)),
  /** When the figures were true (ISO 8601): the analysis's time, or when the network wrote the download. */
  data_at: z.optional(z.nullable(z.string())),
  /** The sources this account has; none means the dashboard offers "Get your data". */
  sources: z.optional(z.array(connectedSourceSchema)),
  /** The official API connection; absent when this server has no official-API app (no Connect button). */
  official: z.optional(officialConnectionSchema),
  /**
   * Issue 51: why a count above is null although the account's source gives it, by field (new_followers,
   * followers_lost, post_count, reel_count): a first analysis or download, or a download without posts.
   */
  figure_gaps: z.optional(z.record(z.string(), figureGapSchema)),
  /** The official API's counts by window (issue 36); absent before its first collection. */
  official_counts: z.optional(officialCountsSchema),
});

export type UserRecord = z.infer<typeof userRecordSchema>;
