// Opening an import upload (issue 9): what the worker declares about its snapshot before sending it.
import * as z from 'zod/mini';

const listShape = z.object({
  /** People in the list. */
  count: z.number().check(z.int(), z.gte(0), z.lte(20_000_000)),
  /** Chunks it is cut into (common/snapshot/snapshot.ts). */
  chunks: z.number().check(z.int(), z.gte(1), z.lte(1_000)),
});

const seconds = z.nullable(z.number().check(z.int(), z.gte(0), z.lte(4_294_967_295)));

/** One of the owner's posts or reels from the download (src/import/download.ts OwnPost). */
export const ownPostSchema = z.object({
  at: z.number().check(z.int(), z.gte(0), z.lte(4_294_967_295)),
  video: z.boolean(),
  items: z.number().check(z.int(), z.gte(1), z.lte(100)),
  reel: z.boolean(),
});
export type ImportedPost = z.infer<typeof ownPostSchema>;

export const importOpenSchema = z.object({
  /** SHA-256 (hex) of the uncompressed chunks in order, followers then following, then the posts' JSON. */
  digest: z.string().check(z.regex(/^[0-9a-f]{64}$/)),
  /** The account named in the download's personal information; null when it has none. */
  owner: z.nullable(z.string().check(z.maxLength(64))),
  /** When the network wrote the download (Unix seconds). */
  writtenAt: seconds,
  followers: listShape,
  following: listShape,
  /**
   * Issue 50 item 5: the download's pending follow requests and recently unfollowed profiles, each
   * present only when the download has its file (older clients send neither).
   */
  pendingFollowRequests: z.optional(listShape),
  recentlyUnfollowedProfiles: z.optional(listShape),
  /**
   * SHA-256 (hex) of those lists' uncompressed chunks in that order, present with either. `digest` leaves
   * them out, so the same download read again is the same import, and one that only adds them updates it.
   */
  siblingsDigest: z.optional(z.string().check(z.regex(/^[0-9a-f]{64}$/))),
  /** The oldest and newest follow times in the download (Unix seconds). */
  firstFollowAt: seconds,
  lastFollowAt: seconds,
  /** The owner's posts and reels in the download, oldest first (older clients send none). */
  posts: z._default(z.array(ownPostSchema).check(z.maxLength(100_000)), []),
  /**
   * Issue 51: the download holds its posts' content folder (the owner included posts when asking for it),
   * so no posts is a measured 0. False or absent (older clients): posts were not asked for, never a 0.
   */
  postsIncluded: z.optional(z.boolean()),
  /**
   * Issue 50 item 4: the owner answered "import anyway" to this download's sharp drop. It travels with
   * this upload alone, so another download asks again.
   */
  acceptDrop: z.optional(z.boolean()),
  /** Issue 50: how finely the download gives follow times (HTML pages write minutes); seconds if absent. */
  followTimes: z.optional(z.enum(['seconds', 'minutes'])),
  /**
   * Issue 50: per list of the download, entries that looked like people but gave no readable name,
   * left out (older clients send none).
   */
  leftOut: z.optional(
    z.record(z.string().check(z.regex(/^[a-zA-Z_]{1,40}$/)), z.number().check(z.int(), z.gte(0), z.lte(20_000_000))),
  ),
});
export type ImportOpen = z.infer<typeof importOpenSchema>;

/** Why the server refuses an import; each has a localised message. */
export type ImportRefusal =
  | 'otherAccount'
  | 'partialRange'
  | 'olderDownload'
  | 'badChunk'
  | 'incomplete'
  | 'quota'
  /** Issue 50: no followers while following has people: a download missing its followers list. */
  | 'noFollowers'
  /** Issue 50: more than 30% of the followers gone since the previous download: asked first. */
  | 'sharpDrop';

/** Issue 50: a follower who changed username between two imports, as the commit and the lists tell it. */
export const renameSchema = z.object({ from: z.string(), to: z.string() });
export type Rename = z.infer<typeof renameSchema>;
export const renamesSchema = z.array(renameSchema);
