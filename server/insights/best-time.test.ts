// Best time to post: the averages per UTC hour, the window, the minimum, and the busiest hour.
import { describe, expect, it } from 'vitest';
import { bestHour, fromEngagement, fromOnlineFollowers, MIN_POSTS, type TimedPost } from './best-time.ts';

const NOW = new Date(Date.UTC(2026, 10, 20, 12, 0, 0));
const DAY = 86_400;

/** A post `daysAgo` days before NOW, published at `hour`:`minute` UTC. */
function post(daysAgo: number, hour: number, likes: number, comments: number, minute = 0): TimedPost {
  const day = Date.UTC(2026, 10, 20) / 1000 - daysAgo * DAY;
  return { takenAt: day + hour * 3600 + minute * 60, likes, comments };
}

describe('bestHour', () => {
  it('picks the highest value, the earliest hour on a tie, and skips hours without one', () => {
    expect(bestHour([3, null, 9, 1, 9])).toBe(2);
    expect(bestHour([null, null, 0])).toBe(2);
    expect(bestHour([null, null])).toBeUndefined();
  });
});

describe('fromOnlineFollowers', () => {
  it('keeps the 24 counts and names the busiest hour', () => {
    const online = Array.from({ length: 24 }, (_, hour) => (hour === 19 ? 480 : hour * 10));
    expect(fromOnlineFollowers(online)).toEqual({ hours: online, bestHourUtc: 19 });
  });

  it('gives nothing for all zeros or a wrong number of hours', () => {
    expect(fromOnlineFollowers(new Array(24).fill(0))).toBeUndefined();
    expect(fromOnlineFollowers([1, 2, 3])).toBeUndefined();
  });
});

describe('fromEngagement', () => {
  it('averages likes + comments per UTC hour over the last 365 days; hours without posts are null', () => {
    const posts = [
      post(1, 18, 100, 20), // 120
      post(8, 18, 50, 10, 59), // 60, still in 18:00–19:00
      post(3, 7, 30, 0), // 30
      post(10, 7, 10, 2), // 12
      post(20, 21, 200, 1), // 201: one post, the best average
      post(364, 0, 5, 5), // 10, inside the year
      post(366, 18, 10_000, 0), // a year ago: left out
      post(-1, 18, 10_000, 0), // after now: left out
    ];
    const found = fromEngagement(posts, NOW);
    expect(found?.postsCounted).toBe(6);
    expect(found?.bestHourUtc).toBe(21);
    const expected: (number | null)[] = new Array(24).fill(null);
    expected[0] = 10;
    expected[7] = 21;
    expected[18] = 90;
    expected[21] = 201;
    expect(found?.hours).toEqual(expected);
  });

  it('rounds averages to two decimals', () => {
    const posts = [post(1, 5, 1, 0), post(2, 5, 1, 0), post(3, 5, 2, 0), post(4, 6, 0, 0), post(5, 6, 0, 0)];
    expect(fromEngagement(posts, NOW)?.hours[5]).toBe(1.33);
  });

  it(`needs at least ${MIN_POSTS} posts of the last year`, () => {
    const four = [post(1, 9, 1, 1), post(2, 9, 1, 1), post(3, 9, 1, 1), post(4, 9, 1, 1)];
    expect(fromEngagement([...four, post(400, 9, 1, 1)], NOW)).toBeUndefined();
    expect(fromEngagement([...four, post(5, 9, 1, 1)], NOW)?.postsCounted).toBe(5);
  });
});
