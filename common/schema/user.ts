// The user record (spec §3) as the server sends it and Dexie keeps it.
import * as z from 'zod/mini';
import { connectedSourceSchema, sourceKindSchema } from './provenance.ts';

/** spec §3: this account id marks a username the network does not know. */
export const INVALID_INSTA_ID = '0000000000';

/** The account's connection to the network's official API (issue 18). */
export const officialConnectionSchema = z.object({
  /** none: never connected or disconnected; active; expired or revoked: connect again (nothing is lost). */
  status: z.enum(['none', 'active', 'expired', 'revoked']),
  /** The professional account that consented. */
  username: z.nullable(z.string()),
  connected_at: z.nullable(z.string()),
  /** When its figures were last collected (ISO 8601), null before the first collection. */
  collected_at: z.nullable(z.string()),
});
export type OfficialConnection = z.infer<typeof officialConnectionSchema>;

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
  new_followers: z.number(),
  followers_lost: z.number(),
  not_follows_back: z.number(),
  dont_follow_back: z.number(),
  profile_views_count: z.number(),
  mutual_followers: z.number(),
  post_count: z.number(),
  reel_count: z.number(),
  stories_count: z.number(),
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
});

export type UserRecord = z.infer<typeof userRecordSchema>;
