// The owner's own posts and reels in a download: content/posts_N.json and content/reels.json (newer
// downloads nest content/ in your_instagram_activity/). They feed post analytics with what a download
// can tell: when, photo or video, how many items; no likes, comments or views.

/** One of the owner's own posts or reels, as far as a download tells: when, what, how many items. */
export interface OwnPost {
  /** Unix seconds. */
  at: number;
  video: boolean;
  /** Items in the post (a carousel has several). */
  items: number;
  reel: boolean;
}

const CONTENT = /(?:^|\/)content\/(posts_\d+|reels)\.json$/;
/** A list of posts is small (thousands of entries); a file bigger than this is not one. */
export const CONTENT_MAX_BYTES = 64 * 1024 * 1024;
const VIDEO = /\.(mp4|mov|m4v|webm)$/i;

/**
 * A JSON file of the download's content folder: there only when the owner asked for their content in JSON
 * (an HTML download's posts are pages this reader does not read, so they tell nothing either).
 */
const CONTENT_FOLDER = /(?:^|\/)content\/[^/]+\.json$/;

/** Issue 51: whether the download holds its content folder, so that no posts in it is a measured 0. */
export function hasContentFolder(paths: readonly string[]): boolean {
  return paths.some((path) => CONTENT_FOLDER.test(path));
}

/** Whether a path holds posts or reels, and which; undefined for any other file. */
export function contentOfPath(path: string): 'posts' | 'reels' | undefined {
  const match = CONTENT.exec(path)?.[1];
  return match === undefined ? undefined : match === 'reels' ? 'reels' : 'posts';
}

/**
 * The owner's posts from content/posts_N.json (an array of `{media: [{uri, creation_timestamp}],
 * creation_timestamp?}`, or an object wrapping one) and reels from content/reels.json
 * (`{ig_reels_media: [{media: [...]}]}`).
 */
export function ownPostsOf(data: unknown, reel: boolean): OwnPost[] {
  const entries = Array.isArray(data)
    ? data
    : data && typeof data === 'object'
      ? (Object.values(data).find(Array.isArray) ?? [])
      : [];
  const posts: OwnPost[] = [];
  for (const entry of entries as Array<{ media?: unknown; creation_timestamp?: unknown }>) {
    const media = Array.isArray(entry?.media)
      ? (entry.media as Array<{ uri?: unknown; creation_timestamp?: unknown }>)
      : [];
    if (media.length === 0) continue;
    const at = [entry.creation_timestamp, ...media.map((item) => item?.creation_timestamp)].find(
      (value): value is number => typeof value === 'number' && Number.isFinite(value) && value > 0,
    );
    if (at === undefined) continue;
    const video = reel || media.some((item) => typeof item?.uri === 'string' && VIDEO.test(item.uri));
    posts.push({ at: Math.floor(at), video, items: Math.min(media.length, 100), reel });
  }
  return posts;
}
