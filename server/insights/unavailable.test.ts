// Issue 49: a count the source did not give is null, and the insight summary and the push digest read it
// as unavailable: nothing is written about it, and it is never announced as a 0 or counted as a change.
import { describe, expect, it } from 'vitest';
import { hasChanges, payloadFor } from '../push/payload.ts';
import { type InsightFacts, writeInsight } from './writer.ts';

const facts = (counts: Partial<InsightFacts['counts']>, followsUnavailable = false): InsightFacts => ({
  source: { source: 'official', at: '2026-11-26T12:00:00.000Z' },
  counts: {
    new_followers_count: null,
    lost_followers_count: null,
    not_follows_back_count: null,
    i_do_not_follow_back_count: null,
    profile_view_count: null,
    mutual_following_count: null,
    ...counts,
  },
  followers: 80,
  following: 95,
  isPrivate: false,
  followsUnavailable,
  history: undefined,
  posts: undefined,
  reels: undefined,
});

describe('a count the source did not give', () => {
  it('is not written about in the insight summary, nor read as a 0 in its advice', () => {
    const none = writeInsight(facts({}), 'en');
    expect(none.summary).not.toMatch(/followed you|unfollowed|visit/i);
    expect(none.actionable_insights).not.toMatch(/losing|visitors|keep going/i);
    const given = writeInsight(facts({ new_followers_count: 12, lost_followers_count: 3 }), 'en');
    expect(given.summary).toMatch(/12/);
  });

  it('is left out of the push digest, and a digest of nothing but unavailable counts is not sent', () => {
    expect(hasChanges({ newFollowers: null, lostFollowers: null, profileVisits: null })).toBe(false);
    const counts = { newFollowers: 4, lostFollowers: null, profileVisits: null };
    expect(hasChanges(counts)).toBe(true);
    const payload = JSON.parse(payloadFor({ kind: 'digest', key: 'k', counts }, 'en', 'user', 0) ?? '{}');
    expect(payload.body).toBe('4 new followers.');
    expect(payload.changes).toBe(4);
    expect(payload.url).toBe('/newfollowers');
  });
});
