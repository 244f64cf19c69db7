// Best time to post: the arithmetic, apart from where the figures come from. Hours are UTC hours of
// the day (0..23); the client turns them into the reader's own time zone.

/** What the engagement basis reads of a post: when it was published (Unix seconds) and its reactions. */
export interface TimedPost {
  takenAt: number;
  likes: number;
  comments: number;
}

/** Fewer posts than this say more about one post than about an hour of the day. */
export const MIN_POSTS = 5;
/** Only the last year's posts: an account's audience, and so its good hours, change. */
export const WINDOW_DAYS = 365;

const HOURS = 24;

/** The hour with the highest value; the earliest on a tie; undefined when no hour has one. */
export function bestHour(hours: readonly (number | null)[]): number | undefined {
  let best: number | undefined;
  hours.forEach((value, hour) => {
    if (value === null) return;
    const top = best === undefined ? null : (hours[best] ?? null);
    if (top === null || value > top) best = hour;
  });
  return best;
}

/** Followers online per UTC hour and the busiest hour; undefined when the figures are not 24 hours or all zero. */
export function fromOnlineFollowers(online: readonly number[]) {
  if (online.length !== HOURS || !online.some((count) => count > 0)) return undefined;
  const best = bestHour(online);
  return best === undefined ? undefined : { hours: [...online], bestHourUtc: best };
}

/**
 * Per UTC hour, the average engagement (likes + comments) of the posts published in that hour, over
 * the posts of the last WINDOW_DAYS; an hour without posts is null. Undefined with fewer than MIN_POSTS.
 */
export function fromEngagement(posts: readonly TimedPost[], now: Date) {
  const end = now.getTime() / 1000;
  const start = end - WINDOW_DAYS * 86_400;
  const counted = posts.filter((post) => post.takenAt > start && post.takenAt <= end);
  if (counted.length < MIN_POSTS) return undefined;
  const sums = new Array<number>(HOURS).fill(0);
  const counts = new Array<number>(HOURS).fill(0);
  for (const post of counted) {
    const hour = new Date(post.takenAt * 1000).getUTCHours();
    sums[hour] = (sums[hour] ?? 0) + post.likes + post.comments;
    counts[hour] = (counts[hour] ?? 0) + 1;
  }
  const averages = sums.map((sum, hour) => {
    const count = counts[hour] ?? 0;
    return count === 0 ? null : sum / count;
  });
  const best = bestHour(averages);
  if (best === undefined) return undefined;
  return {
    // Two decimals, as the other post metrics; the best hour is chosen on the exact averages.
    hours: averages.map((average) => (average === null ? null : Math.round(average * 100) / 100)),
    bestHourUtc: best,
    postsCounted: counted.length,
  };
}
