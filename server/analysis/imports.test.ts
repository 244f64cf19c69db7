import { describe, expect, it } from 'vitest';
import type { ImportOpen } from '../../common/schema/imports.ts';
import { looksPartial, PARTIAL_RANGE_MAX_SPAN_S } from './imports.ts';

const DAY = 86_400;
const meta = (followers: number, first: number | null, last: number | null): ImportOpen => ({
  digest: '0'.repeat(64),
  owner: null,
  writtenAt: null,
  followers: { count: followers, chunks: 1 },
  following: { count: 0, chunks: 1 },
  firstFollowAt: first,
  lastFollowAt: last,
  posts: [],
});

describe('a date-range download', () => {
  const now = 1_790_000_000;
  it('is one with under half the known followers, all followed within a year', () => {
    expect(looksPartial(meta(40, now - 90 * DAY, now), 100)).toBe(true);
  });
  it('is not an all-time download of an account that lost many followers over the years', () => {
    expect(looksPartial(meta(40, now - 900 * DAY, now), 100)).toBe(false);
    expect(looksPartial(meta(40, now - PARTIAL_RANGE_MAX_SPAN_S - 1, now), 100)).toBe(false);
  });
  it('is not judged without enough known followers, with half of them, or without follow times', () => {
    expect(looksPartial(meta(3, now - DAY, now), 10)).toBe(false);
    expect(looksPartial(meta(50, now - DAY, now), 100)).toBe(false);
    expect(looksPartial(meta(10, null, null), 100)).toBe(false);
  });
});
