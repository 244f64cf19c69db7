// GET client/account/export (issue 20): everything the server holds about an account, as one JSON
// document the "Export all my data" ZIP carries. Times are ISO 8601; money in decimal units of its currency.
import * as z from 'zod/mini';
import { provenanceSchema, sourceKindSchema } from './provenance.ts';

const time = z.string();
const maybeTime = z.nullable(z.string());
const count = z.number();

export const accountExportSchema = z.object({
  format: z.literal('followscope-account-export'),
  version: z.literal(1),
  exported_at: time,
  user: z.object({
    email: z.string(),
    username: z.string(),
    insta_id: z.string(),
    insta_full_name: z.string(),
    insta_image_url: z.string(),
    is_subscribed: z.boolean(),
    is_private: z.boolean(),
    created_at: time,
    /** Null where the source gave no such count (issue 49). */
    counts: z.record(z.string(), z.nullable(count)),
    last_updated_at: maybeTime,
    latest_post_date_time: maybeTime,
    data_source: z.nullable(sourceKindSchema),
    data_at: maybeTime,
    download_taken_at: maybeTime,
  }),
  /** Every analysis and import, with its snapshot's time and counts and its six lists' sizes. */
  analyses: z.array(
    z.object({
      source: z.string(),
      status: z.string(),
      started_at: time,
      finished_at: maybeTime,
      snapshot: z.nullable(z.object({ taken_at: time, followers: count, following: count })),
      lists: z.record(z.string(), count),
    }),
  ),
  /** Follows and unfollows we recorded, counted by UTC day and kind. */
  follow_events_by_day: z.array(z.object({ day: z.string(), kind: z.string(), count })),
  /** The insight summary as last written (users.chat_gpt_data), or null. */
  insight: z.nullable(z.unknown()),
  payments: z.array(
    z.object({
      date: time,
      amount: z.nullable(z.number()),
      currency: z.string(),
      plan: z.string(),
      status: z.string(),
    }),
  ),
  subscriptions: z.array(z.object({ started_at: time, plan: z.string(), state: z.string(), gateway: z.string() })),
  official: z.object({
    status: z.string(),
    username: z.nullable(z.string()),
    connected_at: maybeTime,
    collected_at: maybeTime,
    token: z.nullable(z.object({ issued_at: time, expires_at: time, scopes: z.string() })),
    days: z.array(z.record(z.string(), z.unknown())),
    media: z.array(z.record(z.string(), z.unknown())),
    account: z.nullable(z.record(z.string(), z.unknown())),
  }),
  support_messages: z.array(z.object({ date: time, message: z.string() })),
  /** Story users whose stories the subscriber watched (issue 36), as only we hold it: never the network. */
  story_watches: z._default(z.array(z.object({ story_user_id: z.string(), seen_until: time, watched_at: time })), []),
  mail: z.array(z.object({ date: time, kind: z.string(), subject: z.nullable(z.string()), sent_at: maybeTime })),
  /**
   * The devices notified (issue 33): since when, in which language, with the weekly reminder or not, and
   * the last notification; never their push address or keys (secrets, like a token). Absent before it.
   */
  notifications: z.optional(
    z.array(z.object({ since: time, language: z.string(), weekly_reminder: z.boolean(), last_sent_at: maybeTime })),
  ),
  /** Where the counts in `user` came from. */
  source: z.nullable(provenanceSchema),
});
export type AccountExport = z.infer<typeof accountExportSchema>;
