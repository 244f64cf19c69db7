// The sample network's posts, reels and comments. An account posts at its own steady rhythm on
// absolute time, so a post keeps its short code, figures and comments as time passes, and a new
// post appears when its time comes. Comments are drawn from a corpus in six languages; each post
// has a main comment language and a mood, so sentiment screens have something true to find.
import corpus from './comment-corpus.json' with { type: 'json' };
import type { SourcePost } from './connector.ts';
import { hash3 } from './hash.ts';
import type { AccountModel } from './sample.ts';
import { sampleMediaUrl } from './sample-stories.ts';

const DAY_S = 86_400;
export const COMMENT_LANGUAGES = ['en', 'es', 'fr', 'de', 'it', 'pt'] as const;
export type CommentLanguage = (typeof COMMENT_LANGUAGES)[number];
type Mood = 'positive' | 'negative' | 'neutral';
/** At most this many comments come back for one post (a real network pages them; we sample). */
export const COMMENTS_RETURNED = 400;

/** A post as the network shows it, and what only the simulation knows about it. */
export interface SamplePost extends SourcePost {
  /** The language most of its comments are in, and the share of positive ones (0..1000). */
  language: CommentLanguage;
  positive: number;
}

/** The post without what only the simulation knows. */
export function publicPost({ language, positive, ...post }: SamplePost): SourcePost {
  return post;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** A short code like the network's: 11 characters, from the account seed and the post's slot. */
export function shortCodeOf(seed: number, slot: number): string {
  let code = '';
  for (let k = 0; k < 11; k++) code += ALPHABET[hash3(seed, slot, 1000 + k) & 63];
  return code;
}

/** Followers the model has on average, for engagement that scales with the account. */
const audienceOf = (model: AccountModel) => Math.max(50, Math.round((model.followerPool * model.ratio) / 1000));

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/**
 * Which slots hold reels: a slot's place in a cycle of `total`, shuffled by a stride coprime with it, so
 * any `total` slots in a row hold exactly `reelCount` reels. The posts slide along as new ones come, and
 * the account still has exactly the posts and reels its profile counts (issue 34: one figure, one
 * definition: the dashboard's count and the analytics' are the same posts).
 */
function reelSlots(seed: number, total: number, reelCount: number): (slot: number) => boolean {
  let stride = 1 + (seed % Math.max(1, total));
  while (gcd(stride, total) !== 1) stride++;
  return (slot) => ((((slot % total) + total) % total) * stride + seed) % total < reelCount;
}

// The hours people post at, weighted as they do (more at lunch and in the evening, a few at night):
// every hour of the day appears, 18 to 22 the most.
const POSTING_HOURS = [
  0, 1, 2, 3, 4, 5, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 12, 13, 13, 14, 14, 15, 15, 16, 16, 17, 17, 17, 18, 18,
  18, 18, 19, 19, 19, 19, 20, 20, 20, 20, 21, 21, 21, 22, 22, 23,
];

/** When a slot's post went out (seconds): its day, then an hour and minute of its own. */
function postedAt(seed: number, slot: number, every: number): number {
  const hour = POSTING_HOURS[hash3(seed, slot, 30) % POSTING_HOURS.length] ?? 12;
  const minute = hash3(seed, slot, 31) % 60;
  return slot * every * DAY_S + hour * 3600 + minute * 60;
}

/** The account's posts (reels included), newest first, as they stand at `nowMs`. */
export function samplePosts(model: AccountModel, postCount: number, reelCount: number, nowMs: number): SamplePost[] {
  const total = postCount + reelCount;
  const isReelSlot = reelSlots(model.seed, total, reelCount);
  // One post every `every` days, at an hour that varies from post to post as a person's does (issue 51:
  // every sample post at one hour left "When to post" 23 of 24 hours empty).
  const every = 1 + (model.seed % 3);
  const now = Math.floor(nowMs / 1000);
  const latestSlot = Math.floor(now / (every * DAY_S));
  // The newest slot's post may not be out yet: its hour is still to come.
  const newest = postedAt(model.seed, latestSlot, every) <= now ? latestSlot : latestSlot - 1;
  const audience = audienceOf(model);
  const posts: SamplePost[] = [];
  for (let k = 0; k < total; k++) {
    const slot = newest - k;
    const h = (salt: number) => hash3(model.seed, slot, salt);
    const isReel = isReelSlot(slot);
    const kind = h(2) % 100;
    const type = isReel || kind < 15 ? 'video' : 'image';
    const carousel = !isReel && kind >= 85 ? 2 + (h(3) % 4) : 0;
    const shortCode = shortCodeOf(model.seed, slot);
    // Likes: 1-9% of the audience, with the occasional hit (x3) and flop (x0.3).
    const luck = h(4) % 20 === 0 ? 3 : h(4) % 20 === 1 ? 0.3 : 1;
    const likes = Math.round(audience * ((10 + (h(5) % 80)) / 1000) * luck * (isReel ? 1.6 : 1));
    const comments = Math.round(likes * ((5 + (h(6) % 45)) / 1000)) + (h(7) % 4);
    const views = type === 'video' ? likes * (8 + (h(8) % 14)) : 0;
    const media = (index: number, ext = 'svg') =>
      sampleMediaUrl(`posts/${shortCode}${index ? `-${index}` : ''}.${ext}`);
    posts.push({
      shortCode,
      isReel,
      type,
      takenAt: postedAt(model.seed, slot, every),
      likes,
      comments,
      views,
      children: Array.from({ length: carousel }, (_, i) => ({
        type: h(20 + i) % 4 === 0 ? ('video' as const) : ('image' as const),
        url: media(i + 1, h(20 + i) % 4 === 0 ? 'webm' : 'svg'),
        thumbnailUrl: media(i + 1),
      })),
      thumbnailUrl: media(0),
      url: media(0, type === 'video' ? 'webm' : 'svg'),
      language: COMMENT_LANGUAGES[slot % COMMENT_LANGUAGES.length] as CommentLanguage,
      positive: 250 + (h(9) % 650),
    });
  }
  return posts;
}

/** The comments under a post: most in its language, the rest in others, moods by its share. */
export function sampleComments(model: AccountModel, post: SamplePost): string[] {
  const count = Math.min(post.comments, COMMENTS_RETURNED);
  const slot = post.takenAt;
  const texts: string[] = [];
  for (let c = 0; c < count; c++) {
    const h = (salt: number) => hash3(model.seed ^ slot, c, salt);
    const language =
      h(1) % 100 < 80 ? post.language : (COMMENT_LANGUAGES[h(2) % COMMENT_LANGUAGES.length] as CommentLanguage);
    const roll = h(3) % 1000;
    const mood: Mood =
      roll < post.positive ? 'positive' : roll < post.positive + (1000 - post.positive) / 2 ? 'negative' : 'neutral';
    const pool = corpus[language][mood];
    texts.push(pool[h(4) % pool.length] as string);
  }
  return texts;
}

/** A post's picture: a gradient and a glyph, picked from its short code. */
export function postPicture(shortCode: string, index: number): string {
  let seed = index;
  for (const char of shortCode) seed = hash3(seed, char.charCodeAt(0), 7);
  const hue = seed % 360;
  const glyphs = ['☀', '☕', '⛰', '✈', '♫', '❀', '⚑', '☂'];
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 320"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 70% 60%)"/><stop offset="1" stop-color="hsl(${(hue + 60) % 360} 70% 40%)"/></linearGradient></defs><rect width="320" height="320" fill="url(#g)"/><text x="160" y="190" font-size="120" text-anchor="middle" fill="rgba(255,255,255,.85)">${glyphs[seed % glyphs.length]}</text></svg>`;
}
