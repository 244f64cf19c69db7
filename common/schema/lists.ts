// Shapes the cached screens hold (spec §3): follower list items, posts and stories. The lists themselves,
// and their names on the wire, are common/lists.ts.
import * as z from 'zod/mini';
import { provenanceSchema } from './provenance.ts';

export const followerListItemSchema = z.object({
  insta_id: z.string(),
  insta_username: z.string(),
  insta_full_name: z.string(),
  insta_image_url: z.string(),
  profile_image_base64: z.optional(z.string()),
});
export type FollowerListItem = z.infer<typeof followerListItemSchema>;

export const postSchema = z.object({
  post_short_code: z.string(),
  post_thumbnail: z.string(),
  post_url: z.string(),
  post_type: z.enum(['image', 'video']),
  child_posts: z.array(
    z.object({ insta_post_type: z.string(), insta_post_url: z.string(), insta_thumbnail: z.string() }),
  ),
  value: z.number(),
});
export type Post = z.infer<typeof postSchema>;

export const postGroupNames = ['mostLiked', 'mostCommented', 'mostEngaged'] as const;
export type PostGroupName = (typeof postGroupNames)[number];

export const storyItemSchema = z.object({
  id: z.optional(z.string()),
  media_type: z.enum(['image', 'video']),
  url: z.string(),
  thumbnail_image: z.string(),
  width: z.number(),
  height: z.number(),
  progress: z.optional(z.number()),
  duration: z.number(),
  taken_at: z.number(),
  expiring_at: z.number(),
  /** The owner's own story's insights from the official API (issue 18): views, reach, replies, … */
  insights: z.optional(z.record(z.string(), z.nullable(z.number()))),
});
export type StoryItem = z.infer<typeof storyItemSchema>;

export const storyUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string(),
  profile_image: z.string(),
  thumbnail_image: z.string(),
  items: z.array(storyItemSchema),
  /** The subscriber watched every item up now (issue 36: POST client/list/watch/stories/). */
  seen: z.optional(z.boolean()),
});
export type StoryUser = z.infer<typeof storyUserSchema>;

/** spec §3 Stories response, with where the page came from (issue 17). */
export const storiesResponseSchema = z.object({
  stories: z.array(storyUserSchema),
  next_id: z.string(),
  source: z.optional(provenanceSchema),
});

/**
 * spec §7 POST client/list/watch/stories/ (issue 36): the subscriber watched a story user's stories up to
 * the item taken at `seen_until` (Unix ms). Recorded by us for the list's seen mark; never told to the network.
 */
export const watchStoriesSchema = z.object({
  story_user_id: z.string().check(z.regex(/^\d{1,20}$/)),
  seen_until: z.number().check(z.int(), z.gte(0), z.lte(Number.MAX_SAFE_INTEGER)),
});
export type WatchStories = z.infer<typeof watchStoriesSchema>;

/** spec §3 Download response. */
const downloadItem = z.object({ url: z.string(), thumbnail_image: z.string() });
export const downloadSchema = z.object({
  reel: z.string(),
  posts: z.array(downloadItem),
  stories: z.array(downloadItem),
  username: z.string(),
  source: z.optional(provenanceSchema),
});
export type DownloadResult = z.infer<typeof downloadSchema>;
