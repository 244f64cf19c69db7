// The accounts the fake Instagram Platform serves. Everything is computed from (seed, index) when
// asked, so an account of 5,000 media with their comments costs nothing until a page is read, and
// the same seed always gives the same account. Ids are 17 decimal digits that carry the account's
// tag and the object's kind and position, so the server finds any object from its id alone.
import corpus from '../../../server/source/comment-corpus.json' with { type: 'json' };
import { hash3, hashString } from '../../../server/source/hash.ts';

const SECOND = 1000;
const HOUR = 3600 * SECOND;
export const DAY = 24 * HOUR;
/** Days of daily account figures kept (the platform stores user metrics for up to 90 days). */
export const DAYS_KEPT = 90;
/** Average time between two posts; each post lands somewhere in the first half of its slot. */
const POST_GAP = 26 * HOUR;

const LANGUAGES = ['en', 'es', 'fr', 'de', 'it', 'pt'] as const;
type Language = (typeof LANGUAGES)[number];
type Mood = 'positive' | 'negative' | 'neutral';
const texts: Record<Language, Record<Mood, string[]>> = corpus;

export type MediaType = 'IMAGE' | 'VIDEO' | 'CAROUSEL_ALBUM';
export type FeedProductType = 'FEED' | 'REELS';

/** A picture or video inside a carousel. */
export interface FakeChild {
  id: string;
  media_type: 'IMAGE' | 'VIDEO';
  media_url: string;
  thumbnail_url?: string;
  timestamp: string;
}

/** Lifetime figures of a feed post or reel, as its insights report them. */
export interface FakeMediaInsights {
  views: number;
  reach: number;
  saved: number;
  shares: number;
  follows: number;
  profile_visits: number;
  profile_activity: number;
  /** Reels only: average and total play time in milliseconds. */
  ig_reels_avg_watch_time?: number;
  ig_reels_video_view_total_time?: number;
}

export interface FakeMedia {
  id: string;
  /** 0 is the newest. */
  index: number;
  caption?: string;
  media_type: MediaType;
  media_product_type: FeedProductType;
  media_url: string;
  thumbnail_url?: string;
  permalink: string;
  shortcode: string;
  timestamp: string;
  takenAt: number;
  like_count: number;
  /** Top-level comments plus their replies, as the platform counts. */
  comments_count: number;
  topLevelComments: number;
  children: FakeChild[];
  insights: FakeMediaInsights;
}

export interface FakeComment {
  id: string;
  text: string;
  timestamp: string;
  takenAt: number;
  username: string;
  like_count: number;
  mediaId: string;
  mediaIndex: number;
  /** Position among the media's top-level comments (0 is the newest). */
  commentIndex: number;
  /** Set on replies: the comment they answer. */
  parentId?: string;
  replyIndex?: number;
  /** Top-level comments: how many replies they have. */
  replyCount: number;
}

export interface FakeStory {
  id: string;
  index: number;
  media_type: 'IMAGE' | 'VIDEO';
  media_url: string;
  thumbnail_url?: string;
  permalink: string;
  timestamp: string;
  takenAt: number;
  insights: {
    views: number;
    reach: number;
    replies: number;
    shares: number;
    follows: number;
    profile_visits: number;
    profile_activity: number;
    navigation: { TAP_FORWARD: number; TAP_BACK: number; TAP_EXIT: number; SWIPE_FORWARD: number };
  };
}

/** One day of account figures: the day ends at `end` (ms) and began 24 h before. */
export interface FakeDay {
  start: number;
  end: number;
  /** Accounts that followed and that unfollowed during the day. */
  follows: number;
  unfollows: number;
  followersAtStart: number;
  followersAtEnd: number;
  reach: number;
  views: number;
  profile_views: number;
  accounts_engaged: number;
  likes: number;
  comments: number;
  saves: number;
  shares: number;
  replies: number;
  /** likes + comments + saves + shares + replies. */
  total_interactions: number;
}

export type DemographicBreakdown = 'age' | 'gender' | 'country' | 'city';

/** What an id names in an account. */
export type FakeObject =
  | { kind: 'user' }
  | { kind: 'media'; media: FakeMedia }
  | { kind: 'child'; media: FakeMedia; child: FakeChild }
  | { kind: 'story'; story: FakeStory }
  | { kind: 'comment'; comment: FakeComment };

export interface FakeAccountOptions {
  username: string;
  seed: number;
  accountType?: 'BUSINESS' | 'MEDIA_CREATOR';
  followers: number;
  follows: number;
  /** Feed posts, reels and carousels, newest first. */
  media: number;
  /** Average top-level comments per media (default 6); some comments have replies. */
  commentsPerMedia?: number;
  /** Active stories, all from the last 24 hours (default 3). */
  stories?: number;
  /** How many of the newest stories were seen by fewer than 5 accounts (default 0): their insights answer #10. */
  quietStories?: number;
  /** ms: media and stories are older than this, and the daily figures end here. */
  now: number;
  /**
   * ms: when the account last became professional. Media taken before it have no insights: asked for
   * them, the API answers code 100, subcode 2108006 ("Media Posted Before Business Account Conversion").
   */
  professionalSince?: number;
}

export interface FakeAccount {
  /** The app-scoped Instagram user id (17 digits): `id` on /me and `user_id` of the token exchange. */
  id: string;
  /** The professional account's Instagram user id: `user_id` on /me. */
  user_id: string;
  username: string;
  name: string;
  account_type: 'BUSINESS' | 'MEDIA_CREATOR';
  profile_picture_url: string;
  biography: string;
  followers_count: number;
  follows_count: number;
  media_count: number;
  seed: number;
  now: number;
  /** ms: media taken before it have no insights (error 2108006); 0 when all have them. */
  professionalSince: number;
  /** Four digits every id of the account carries. */
  tag: string;
  /** Media `index` (0 is the newest). */
  media(index: number): FakeMedia;
  /** The index of the newest media taken at or before `ms`, or media_count if none. */
  mediaAtOrBefore(ms: number): number;
  /** A media's top-level comments, newest first. */
  comments(mediaIndex: number): FakeComment[];
  /** The replies to one top-level comment, oldest first. */
  replies(mediaIndex: number, commentIndex: number): FakeComment[];
  /** Every story the account posted (the server shows only those under 24 hours old), newest first. */
  stories(): FakeStory[];
  /** The last 90 days of figures, oldest first; the last day ends at `now`. */
  days(): FakeDay[];
  /** Followers online at each hour of the day (UTC hours 0-23) on day `dayIndex` of days(). */
  onlineFollowers(dayIndex: number): number[];
  /** Followers by one demographic dimension, largest first (before the top-45 cut). */
  demographics(breakdown: DemographicBreakdown): { key: string; value: number }[];
  /** What an id of this account names, if anything. */
  find(id: string): FakeObject | undefined;
}

const unit = (h: number) => h / 4_294_967_296;
const pad = (value: number, width: number) => String(value).padStart(width, '0');
/** Timestamps as the Graph API writes them: `2026-11-20T10:15:00+0000`. */
export const graphTime = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, '+0000');
const floorSecond = (ms: number) => Math.floor(ms / SECOND) * SECOND;

const SHORTCODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const CDN = 'https://scontent.cdninstagram.com';
const CAPTIONS = [
  'Golden hour never gets old ☀️',
  'Weekend mood',
  'New work is up, tell me what you think',
  'Behind the scenes of today’s shoot',
  'A little corner of the city I love',
  'Coffee first, everything else later ☕',
  'Swipe for the before and after',
  'Three things I learned this month',
  'Finally finished this one!',
  'Thank you for 1 year of support ❤️',
  'Trying something different today',
  'Saved the best for last',
];
const HASHTAGS = ['#photography', '#travel', '#design', '#coffee', '#reels', '#art', '#weekend', '#studio'];
const SYLLABLES = ['ma', 'ri', 'lo', 'ka', 'zen', 'tu', 'bel', 'no', 'vi', 'sa', 'don', 'le', 'pa', 'mi', 'ro', 'ta'];
const AGES = ['13-17', '18-24', '25-34', '35-44', '45-54', '55-64', '65+'];
const AGE_WEIGHTS = [3, 24, 33, 20, 10, 6, 4];
const GENDERS = ['F', 'M', 'U'];
const COUNTRIES = ['US', 'ES', 'FR', 'DE', 'IT', 'PT', 'GB', 'BR', 'MX', 'AR', 'NL', 'BE', 'CA', 'CH', 'AT'];
const CITIES = [
  'Madrid, Community of Madrid',
  'Barcelona, Catalonia',
  'Paris, Île-de-France',
  'Lyon, Auvergne-Rhône-Alpes',
  'Berlin, Berlin',
  'Munich, Bavaria',
  'Rome, Lazio',
  'Milan, Lombardy',
  'Lisbon, Lisbon District',
  'Porto, Porto District',
  'London, England',
  'Manchester, England',
  'New York, New York',
  'Los Angeles, California',
  'São Paulo, São Paulo (state)',
  'Mexico City, Distrito Federal',
  'Buenos Aires, Buenos Aires',
  'Amsterdam, North Holland',
  'Brussels, Brussels',
  'Vienna, Vienna',
];

/** Split `total` into parts by `weights`, exactly (largest remainders get the leftover units). */
export function splitExactly(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0) || 1;
  const raw = weights.map((w) => (total * w) / sum);
  const parts = raw.map(Math.floor);
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = raw.map((r, k) => ({ k, rest: r - Math.floor(r) })).sort((a, b) => b.rest - a.rest || a.k - b.k);
  for (const { k } of order) {
    if (left <= 0) break;
    parts[k] = (parts[k] ?? 0) + 1;
    left--;
  }
  return parts;
}

export function fakeAccount(options: FakeAccountOptions): FakeAccount {
  const { username, seed, followers, follows, now } = options;
  const mediaCount = options.media;
  const commentsPerMedia = options.commentsPerMedia ?? 6;
  const storyCount = options.stories ?? 3;
  for (const [name, value] of Object.entries({ followers, follows, media: mediaCount, commentsPerMedia, storyCount })) {
    if (!Number.isInteger(value) || value < 0) throw new RangeError(`fakeAccount: ${name} must be a whole number ≥ 0`);
  }
  if (mediaCount > 99_999) throw new RangeError('fakeAccount: at most 99,999 media');
  const nameHash = hashString(username);
  const h = (a: number, b: number) => hash3(seed ^ nameHash, a, b);
  const tag = pad(h(0, 1) % 10_000, 4);
  /** An object id: "17", the tag, the kind (1-5), and three positions. */
  const objectId = (kind: number, a: number, b = 0, c = 0) => `17${tag}${kind}${pad(a, 5)}${pad(b, 3)}${pad(c, 2)}`;
  const id = `17${tag}0${pad(h(0, 2) % 100_000, 5)}${pad(h(0, 3) % 100_000, 5)}`;
  const userId = `1784${tag}${pad(h(0, 4) % 1_000_000_000, 9)}`;
  const mediaUrl = (objId: string, video: boolean) =>
    video
      ? `${CDN}/o1/v/t16/f2/m86/${objId}_n.mp4?_nc_ht=scontent.cdninstagram.com`
      : `${CDN}/v/t51.29350-15/${objId}_n.jpg?stp=dst-jpg_e35&_nc_ht=scontent.cdninstagram.com`;
  const thumbnailUrl = (objId: string) => `${CDN}/v/t51.29350-15/${objId}_thumb.jpg?_nc_ht=scontent.cdninstagram.com`;
  const handle = (a: number, b: number) => {
    const x = hash3(seed, a, b);
    const parts = [SYLLABLES[x % 16], SYLLABLES[(x >>> 4) % 16], SYLLABLES[(x >>> 8) % 16]];
    const sep = ['', '.', '_'][(x >>> 12) % 3];
    return `${parts[0]}${parts[1]}${sep}${parts[2]}${(x >>> 16) % 4 === 0 ? (x >>> 18) % 100 : ''}`;
  };

  function checkMediaIndex(index: number) {
    if (!Number.isInteger(index) || index < 0 || index >= mediaCount) {
      throw new RangeError(`media ${index} is outside 0..${mediaCount - 1}`);
    }
  }
  /** Posts keep their order: each sits in its own 26 h slot, in the slot's first half. */
  const takenAtOf = (index: number) => floorSecond(now - 2 * HOUR - index * POST_GAP - (h(index, 2) % (POST_GAP / 2)));
  const topLevelOf = (index: number) => Math.min(999, Math.floor(2 * commentsPerMedia * unit(h(index, 10)) + 0.5));
  const replyCountOf = (index: number, k: number) => {
    const x = hash3(seed ^ 0x5bd1e995, index * 1000 + k, nameHash);
    return x % 100 < 22 ? 1 + ((x >>> 8) % 3) : 0;
  };

  function media(index: number): FakeMedia {
    checkMediaIndex(index);
    const r = (salt: number) => h(index, salt);
    const roll = r(1) % 100;
    const [mediaType, productType]: [MediaType, FeedProductType] =
      roll < 55
        ? ['IMAGE', 'FEED']
        : roll < 80
          ? ['VIDEO', 'REELS']
          : roll < 95
            ? ['CAROUSEL_ALBUM', 'FEED']
            : ['VIDEO', 'FEED'];
    const mediaId = objectId(1, index);
    const takenAt = takenAtOf(index);
    let shortcode = '';
    for (let k = 0; k < 11; k++) shortcode += SHORTCODE_ALPHABET[r(100 + k) & 63];
    const video = mediaType === 'VIDEO';
    const reel = productType === 'REELS';
    // Reach is a share of the audience (reels travel further), the rest follows from reach.
    const reach = Math.round(followers * (0.08 + 0.5 * unit(r(3))) * (reel ? 1.6 : 1)) + (r(4) % 7);
    const views = Math.round(reach * (1.2 + 1.3 * unit(r(5))));
    const likes = Math.round(reach * (0.03 + 0.09 * unit(r(6))));
    const profileVisits = Math.round(reach * (0.005 + 0.025 * unit(r(9))));
    const top = topLevelOf(index);
    let commentsCount = 0;
    for (let k = 0; k < top; k++) commentsCount += 1 + replyCountOf(index, k);
    const childCount = mediaType === 'CAROUSEL_ALBUM' ? 2 + (r(20) % 9) : 0;
    const children: FakeChild[] = Array.from({ length: childCount }, (_, j) => {
      const childId = objectId(2, index, j + 1);
      const childVideo = r(21 + j) % 4 === 0;
      return {
        id: childId,
        media_type: childVideo ? 'VIDEO' : 'IMAGE',
        media_url: mediaUrl(childId, childVideo),
        ...(childVideo ? { thumbnail_url: thumbnailUrl(childId) } : {}),
        timestamp: graphTime(takenAt),
      };
    });
    const watch = 2500 + (r(12) % 12_000);
    const captionRoll = r(13);
    return {
      id: mediaId,
      index,
      ...(captionRoll % 10 === 0
        ? {}
        : { caption: `${CAPTIONS[captionRoll % CAPTIONS.length]} ${HASHTAGS[(captionRoll >>> 8) % HASHTAGS.length]}` }),
      media_type: mediaType,
      media_product_type: productType,
      media_url: mediaUrl(mediaId, video),
      ...(video ? { thumbnail_url: thumbnailUrl(mediaId) } : {}),
      permalink: `https://www.instagram.com/${reel ? 'reel' : 'p'}/${shortcode}/`,
      shortcode,
      timestamp: graphTime(takenAt),
      takenAt,
      like_count: likes,
      comments_count: commentsCount,
      topLevelComments: top,
      children,
      insights: {
        views,
        reach,
        saved: Math.round(likes * (0.02 + 0.18 * unit(r(7)))),
        shares: Math.round(likes * (0.01 + 0.14 * unit(r(8)))),
        follows: Math.round(reach * 0.004 * unit(r(10))),
        profile_visits: profileVisits,
        profile_activity: Math.round(profileVisits * 0.3 * unit(r(11))),
        ...(reel ? { ig_reels_avg_watch_time: watch, ig_reels_video_view_total_time: watch * views } : {}),
      },
    };
  }

  function mediaAtOrBefore(ms: number): number {
    // Taken-at times fall as the index grows, so a binary search finds the first one ≤ ms.
    let lo = 0;
    let hi = mediaCount;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (takenAtOf(mid) <= ms) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }

  /** A comment's words: mostly in the post's language, with the post's share of happy ones. */
  function commentText(index: number, a: number, b: number) {
    const language = LANGUAGES[h(index, 14) % LANGUAGES.length] as Language;
    const positive = 250 + (h(index, 15) % 650);
    const x = (salt: number) => hash3(seed ^ index, a * 128 + b, salt);
    const lang = x(1) % 100 < 80 ? language : (LANGUAGES[x(2) % LANGUAGES.length] as Language);
    const roll = x(3) % 1000;
    const mood: Mood = roll < positive ? 'positive' : roll < positive + (1000 - positive) / 2 ? 'negative' : 'neutral';
    const pool = texts[lang][mood];
    return pool[x(4) % pool.length] as string;
  }

  function comments(index: number): FakeComment[] {
    const m = media(index);
    const top = m.topLevelComments;
    // Comments spread over the two weeks after the post (or until now), newest first.
    const span = Math.max(60 * SECOND, Math.min(now - m.takenAt, 14 * DAY));
    return Array.from({ length: top }, (_, k) => {
      const x = hash3(seed ^ 0x27d4eb2f, index * 1000 + k, nameHash);
      const slot = span / (top + 1);
      const takenAt = Math.max(
        m.takenAt + SECOND,
        floorSecond(m.takenAt + slot * (top - k) + (x % 1000) * (slot / 2000)),
      );
      return {
        id: objectId(4, index, k),
        text: commentText(index, k, 0),
        timestamp: graphTime(takenAt),
        takenAt,
        username: handle(index * 1000 + k, 1),
        like_count: x % 13,
        mediaId: m.id,
        mediaIndex: index,
        commentIndex: k,
        replyCount: replyCountOf(index, k),
      };
    });
  }

  function replies(index: number, commentIndex: number): FakeComment[] {
    const parent = comments(index)[commentIndex];
    if (!parent) throw new RangeError(`media ${index} has no comment ${commentIndex}`);
    const step = Math.min((now - parent.takenAt) / (parent.replyCount + 1), 6 * HOUR);
    return Array.from({ length: parent.replyCount }, (_, r) => {
      const x = hash3(seed ^ 0x165667b1, index * 1000 + commentIndex, r);
      const takenAt = floorSecond(parent.takenAt + step * (r + 1));
      return {
        id: objectId(5, index, commentIndex, r),
        text: commentText(index, commentIndex, r + 1),
        timestamp: graphTime(takenAt),
        takenAt,
        // The owner answers some comments, as owners do.
        username: x % 100 < 40 ? username : handle(index * 1000 + commentIndex, r + 2),
        like_count: x % 5,
        mediaId: parent.mediaId,
        mediaIndex: index,
        commentIndex,
        parentId: parent.id,
        replyIndex: r,
        replyCount: 0,
      };
    });
  }

  function story(index: number): FakeStory {
    const r = (salt: number) => h(50_000 + index, salt);
    const storyId = objectId(3, index);
    const video = r(1) % 3 === 0;
    const takenAt = floorSecond(now - ((index + 0.5) * 22 * HOUR) / Math.max(storyCount, 1) - (r(2) % 600) * SECOND);
    const quiet = index < (options.quietStories ?? 0);
    const views = quiet ? 1 + (r(3) % 3) : 5 + Math.round(followers * (0.05 + 0.2 * unit(r(3))));
    const [forward = 0, back = 0, exit = 0, swipe = 0] = splitExactly(Math.round(views * 0.9), [60, 8, 20, 12]);
    return {
      id: storyId,
      index,
      media_type: video ? 'VIDEO' : 'IMAGE',
      media_url: mediaUrl(storyId, video),
      ...(video ? { thumbnail_url: thumbnailUrl(storyId) } : {}),
      permalink: `https://instagram.com/stories/${username}/3${pad(r(4), 10)}${pad(r(5) % 100_000_000, 8)}/`,
      timestamp: graphTime(takenAt),
      takenAt,
      insights: {
        views,
        reach: quiet ? views : Math.max(5, Math.round(views * (0.7 + 0.25 * unit(r(6))))),
        replies: r(7) % Math.max(2, Math.ceil(views / 40)),
        shares: r(8) % Math.max(2, Math.ceil(views / 60)),
        follows: r(9) % 3,
        profile_visits: r(10) % Math.max(2, Math.ceil(views / 25)),
        profile_activity: r(11) % 3,
        navigation: { TAP_FORWARD: forward, TAP_BACK: back, TAP_EXIT: exit, SWIPE_FORWARD: swipe },
      },
    };
  }

  let dayCache: FakeDay[] | undefined;
  function days(): FakeDay[] {
    if (dayCache) return dayCache;
    // Walk back from today's follower count so that followers at the start of the window, plus the
    // follows, less the unfollows, is exactly followers_count now.
    const growth = 0.001 + 0.01 * unit(h(1, 60));
    const list: FakeDay[] = [];
    let end = followers;
    for (let d = DAYS_KEPT - 1; d >= 0; d--) {
      const r = (salt: number) => h(2_000 + d, salt);
      const expected = end * growth * (0.5 + unit(r(1)));
      let follows = Math.floor(expected) + (unit(r(2)) < expected % 1 ? 1 : 0);
      const unfollows = Math.round(follows * (0.15 + 0.7 * unit(r(3))));
      let start = end - follows + unfollows;
      if (start < 0) {
        follows += start;
        start = 0;
      }
      const reach = Math.round(end * (0.05 + 0.35 * unit(r(4)))) + (r(5) % 5);
      const engaged = Math.round(reach * (0.01 + 0.07 * unit(r(6))));
      const interactions = Math.round(engaged * (1.1 + 1.4 * unit(r(7))));
      const [likes = 0, comments = 0, saves = 0, shares = 0, replies = 0] = splitExactly(interactions, [
        70 + (r(8) % 10),
        8,
        9,
        8,
        3,
      ]);
      const dayEnd = now - (DAYS_KEPT - 1 - d) * DAY;
      list.push({
        start: dayEnd - DAY,
        end: dayEnd,
        follows,
        unfollows,
        followersAtStart: start,
        followersAtEnd: end,
        reach,
        views: Math.round(reach * (1.5 + 2.5 * unit(r(9)))),
        profile_views: Math.round(reach * (0.01 + 0.05 * unit(r(10)))),
        accounts_engaged: engaged,
        likes,
        comments,
        saves,
        shares,
        replies,
        total_interactions: interactions,
      });
      end = start;
    }
    dayCache = list.reverse();
    return dayCache;
  }

  function onlineFollowers(dayIndex: number): number[] {
    const day = days()[dayIndex];
    if (!day) throw new RangeError(`no day ${dayIndex}`);
    // Most followers are online in the evening of the account's own time zone.
    const peak = 17 + (h(3, 1) % 6);
    return Array.from({ length: 24 }, (_, hour) => {
      const distance = Math.min(Math.abs(hour - peak), 24 - Math.abs(hour - peak));
      const share = 0.04 + 0.3 * Math.exp(-(distance * distance) / 18) + 0.02 * unit(h(4_000 + dayIndex, hour));
      return Math.min(day.followersAtEnd, Math.round(day.followersAtEnd * share));
    });
  }

  function demographics(breakdown: DemographicBreakdown): { key: string; value: number }[] {
    // The platform knows the demographics of most followers, not all of them.
    const known = Math.round(followers * 0.92);
    const weighted = (keys: string[], base: number[] | undefined, salt: number) => {
      const weights = keys.map((_, k) => (base?.[k] ?? 1) * (0.3 + unit(h(salt, k))) ** (base ? 1 : 3));
      return splitExactly(known, weights)
        .map((value, k) => ({ key: keys[k] as string, value }))
        .filter((row) => row.value > 0)
        .sort((a, b) => b.value - a.value || a.key.localeCompare(b.key));
    };
    if (breakdown === 'age') return weighted(AGES, AGE_WEIGHTS, 70);
    if (breakdown === 'gender') return weighted(GENDERS, [48, 46, 6], 71);
    if (breakdown === 'country') return weighted(COUNTRIES, undefined, 72);
    return weighted(CITIES, undefined, 73);
  }

  const storyList = () => Array.from({ length: storyCount }, (_, s) => story(s));

  function find(objId: string): FakeObject | undefined {
    if (objId === id || objId === userId) return { kind: 'user' };
    const parts = /^17(\d{4})([1-5])(\d{5})(\d{3})(\d{2})$/.exec(objId);
    if (!parts || parts[1] !== tag) return undefined;
    const [kind, a, b, c] = [Number(parts[2]), Number(parts[3]), Number(parts[4]), Number(parts[5])];
    if (kind === 3) return a < storyCount && b === 0 && c === 0 ? { kind: 'story', story: story(a) } : undefined;
    if (a >= mediaCount) return undefined;
    const m = media(a);
    if (kind === 1) return b === 0 && c === 0 ? { kind: 'media', media: m } : undefined;
    if (kind === 2) {
      const child = c === 0 ? m.children[b - 1] : undefined;
      return child ? { kind: 'child', media: m, child } : undefined;
    }
    if (b >= m.topLevelComments) return undefined;
    if (kind === 4) {
      const comment = c === 0 ? comments(a)[b] : undefined;
      return comment ? { kind: 'comment', comment } : undefined;
    }
    const reply = replies(a, b)[c];
    return reply ? { kind: 'comment', comment: reply } : undefined;
  }

  return {
    id,
    user_id: userId,
    username,
    name: username
      .split(/[._]/)
      .filter(Boolean)
      .map((word) => word[0]?.toUpperCase() + word.slice(1))
      .join(' '),
    account_type: options.accountType ?? 'MEDIA_CREATOR',
    profile_picture_url: `${CDN}/v/t51.2885-19/${userId}_profile.jpg?_nc_ht=scontent.cdninstagram.com`,
    biography: 'Photos, reels and stories. A fake account for Followscope tests.',
    followers_count: followers,
    follows_count: follows,
    media_count: mediaCount,
    seed,
    now,
    professionalSince: options.professionalSince ?? 0,
    tag,
    media,
    mediaAtOrBefore,
    comments,
    replies,
    stories: storyList,
    days,
    onlineFollowers,
    demographics,
    find,
  };
}
