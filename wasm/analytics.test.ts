// The core's post metrics and comment scoring, held equal to their TypeScript references.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type CollectorCore,
  FLAG_BREAK,
  FLAG_CONTRAST,
  FLAG_EXCLAIM,
  FLAG_INTENSIFIER,
  FLAG_LEXICAL,
  FLAG_NEGATOR,
  FLAG_SARCASM,
  FLAG_WORD,
  METRICS,
  type PostColumns,
  type SentimentTables,
} from './collector.ts';
import { loadCoreFromDisk } from './node.ts';
import { postMetricsReference } from './reference/metrics.ts';
import { scoreCommentsReference } from './reference/sentiment.ts';

let core: CollectorCore;
beforeAll(async () => {
  core = await loadCoreFromDisk();
});

const NOW = 1_795_000_000;
const post = fc.record({
  likes: fc.integer({ min: 0, max: 5_000_000 }),
  comments: fc.integer({ min: 0, max: 200_000 }),
  views: fc.integer({ min: 0, max: 90_000_000 }),
  age: fc.integer({ min: -86_400, max: 3 * 365 * 86_400 }),
  video: fc.boolean(),
});
const columnsOf = (posts: { likes: number; comments: number; views: number; age: number; video: boolean }[]) =>
  ({
    likes: Float64Array.from(posts, (p) => p.likes),
    comments: Float64Array.from(posts, (p) => p.comments),
    views: Float64Array.from(posts, (p) => (p.video ? p.views : 0)),
    takenAt: Float64Array.from(posts, (p) => NOW - p.age),
    isVideo: Float64Array.from(posts, (p) => (p.video ? 1 : 0)),
  }) satisfies PostColumns;

describe('collector core: postMetrics', () => {
  it('equals the TypeScript reference on random posts', () => {
    fc.assert(
      fc.property(fc.array(post, { maxLength: 200 }), fc.integer({ min: 0, max: 10_000_000 }), (posts, followers) => {
        const columns = columnsOf(posts);
        expect([...core.postMetrics(columns, NOW, followers)]).toEqual([
          ...postMetricsReference(columns, NOW, followers),
        ]);
      }),
      { numRuns: 300 },
    );
  });

  it('computes each metric as documented on a small example', () => {
    const day = 86_400;
    const columns: PostColumns = {
      likes: Float64Array.of(100, 300, 50),
      comments: Float64Array.of(10, 30, 5),
      views: Float64Array.of(0, 3000, 1000),
      takenAt: Float64Array.of(NOW - 2 * day - 10, NOW - 10 * day, NOW - 40 * day),
      isVideo: Float64Array.of(0, 1, 1),
    };
    const metrics = Object.fromEntries(METRICS.map((name, i) => [name, core.postMetrics(columns, NOW, 1000)[i]]));
    expect(metrics).toMatchObject({
      post_count: 3,
      post_videos_count: 2,
      post_images_count: 1,
      most_post_views: 3000,
      avg_post_views: 2000,
      most_post_likes: 300,
      avg_post_likes: 150,
      most_post_comments: 30,
      avg_post_comments: 15,
      last_post_days: 2,
      // 3 posts over 40 days: 3 / (40/7) a week.
      post_frequency: 3 / (40 / 7),
      // The two posts of the last 30 days: (110 + 330) / 30 a day.
      daily_engagement: 440 / 30,
      overall_avg_engagement: (11 + 33 + 5.5) / 3,
      videos_avg_engagement: (33 + 5.5) / 2,
      images_avg_engagement: 11,
    });
  });

  it('reads an account without posts as empty, with last_post_days unavailable (-1)', () => {
    const empty = columnsOf([]);
    expect([...core.postMetrics(empty, NOW, 100)]).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, -1, 0, 0, 0, 0, 0]);
  });
});

/** A random dictionary: every column may carry any flag, valence and factor. */
const tables = fc.integer({ min: 1, max: 40 }).chain((size) =>
  fc
    .record({
      valence: fc.array(fc.oneof(fc.constant(0), fc.constant(0), fc.integer({ min: -4, max: 4 })), {
        minLength: size * 7,
        maxLength: size * 7,
      }),
      factor: fc.array(fc.constantFrom(0.5, 0.7, 1.3, 1.5, 2), { minLength: size * 7, maxLength: size * 7 }),
      flags: fc.array(
        fc.oneof(
          fc.integer({ min: 0, max: 0x1f }),
          fc.constantFrom(FLAG_NEGATOR, FLAG_INTENSIFIER, FLAG_CONTRAST, FLAG_BREAK, FLAG_EXCLAIM, FLAG_SARCASM),
          fc.integer({ min: 0, max: 0x1f }).map((emotion) => emotion | FLAG_LEXICAL | FLAG_WORD),
        ),
        { minLength: size * 7, maxLength: size * 7 },
      ),
      stops: fc.array(fc.integer({ min: 0, max: 63 }), { minLength: size, maxLength: size }),
    })
    .map(
      (t): SentimentTables => ({
        size,
        valence: Float32Array.from(t.valence),
        factor: Float32Array.from(t.factor),
        flags: Uint16Array.from(t.flags),
        stops: Uint8Array.from(t.stops),
      }),
    ),
);

describe('collector core: scoreComments', () => {
  it('equals the TypeScript reference on random dictionaries and comments', () => {
    fc.assert(
      fc.property(
        tables,
        fc.array(fc.array(fc.integer({ min: -1, max: 50 }), { maxLength: 30 }), { maxLength: 20 }),
        (dictionary, comments) => {
          const tokens = Int32Array.from(comments.flat());
          const offsets = Uint32Array.from([0, ...comments.map((_, i) => comments.slice(0, i + 1).flat().length)]);
          expect([...core.scoreComments(dictionary, tokens, offsets)]).toEqual([
            ...scoreCommentsReference(dictionary, tokens, offsets),
          ]);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('keeps its memory flat across many calls', () => {
    const dictionary: SentimentTables = {
      size: 2,
      valence: new Float32Array(14).fill(1),
      factor: new Float32Array(14),
      flags: new Uint16Array(14).fill(FLAG_LEXICAL),
      stops: new Uint8Array(2),
    };
    const tokens = new Int32Array(50_000).fill(1);
    const offsets = Uint32Array.from({ length: 5001 }, (_, i) => i * 10);
    core.scoreComments(dictionary, tokens, offsets);
    const before = core.memoryBytes();
    for (let i = 0; i < 30; i++) core.scoreComments(dictionary, tokens, offsets);
    expect(core.memoryBytes()).toBe(before);
  });
});
