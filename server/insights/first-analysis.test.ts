// Issue 51 item 4: the insight summary says nothing of a 0 that was not measured. A first analysis or
// download says it is one (never "gained 0 and lost 0"), no last post is dated when no post is known, and a
// download account is given no advice it cannot follow (it runs no analysis).
import { describe, expect, it } from 'vitest';
import { locales } from '../../common/locales.ts';
import type { SourceKind } from '../../common/schema/provenance.ts';
import { type InsightFacts, type PostFigures, writeInsight } from './writer.ts';

const posts = (figures: Partial<PostFigures>): PostFigures => ({
  post_count: 12,
  last_post_days: 3,
  post_frequency: 2,
  overall_avg_engagement: null,
  ...figures,
});

function facts(source: SourceKind, more: Partial<InsightFacts> = {}): InsightFacts {
  return {
    source: { source, at: '2026-11-26T12:00:00.000Z' },
    counts: {
      new_followers_count: null,
      lost_followers_count: null,
      not_follows_back_count: 2,
      i_do_not_follow_back_count: 1,
      profile_view_count: null,
      mutual_following_count: 40,
    },
    followers: 42,
    following: 43,
    isPrivate: false,
    history: undefined,
    posts: undefined,
    reels: undefined,
    ...more,
  };
}

const second = {
  counts: {
    new_followers_count: 5,
    lost_followers_count: 2,
    not_follows_back_count: 2,
    i_do_not_follow_back_count: 1,
    profile_view_count: null,
    mutual_following_count: 40,
  },
  history: { firstAt: new Date('2026-11-19T12:00:00Z'), firstFollowers: 39 },
};

describe('a first analysis', () => {
  it('on the sample network says it is the first, and to run another', () => {
    const insight = writeInsight(facts('sample'), 'en');
    expect(insight.summary).toMatch(/^This is your first analysis: who followed you and who left shows from your next/);
    expect(insight.summary).not.toMatch(/gained|lost 0/);
    expect(insight.actionable_insights).toMatch(/Run another analysis/);
  });

  it('of a download says it is the first download, and to import a newer one, never to run an analysis', () => {
    const insight = writeInsight(facts('download'), 'en');
    expect(insight.summary).toMatch(/^This is your first download/);
    expect(insight.summary).not.toMatch(/gained|lost 0/);
    expect(insight.actionable_insights).not.toMatch(/analysis/i);
    expect(insight.actionable_insights).toMatch(/new data download .* import it here/);
  });

  it('is said in every language', () => {
    const english = writeInsight(facts('download'), 'en');
    for (const locale of locales) {
      const sample = writeInsight(facts('sample'), locale);
      const download = writeInsight(facts('download'), locale);
      expect(sample.summary, locale).not.toBe(download.summary);
      expect(`${download.summary} ${download.actionable_insights}`, locale).not.toMatch(/[{}]/);
      if (locale !== 'en') expect(download.actionable_insights, locale).not.toBe(english.actionable_insights);
    }
  });
});

describe('a second download', () => {
  it('says who came and who left, and its advice is a download’s', () => {
    const insight = writeInsight(facts('download', second), 'en');
    expect(insight.summary).toMatch(/^Since your previous download you gained 5 followers and lost 2: a net gain of 3/);
    expect(insight.summary).toMatch(/Since your first download of Nov 19, 2026, your followers grew from 39 to 42/);
    expect(insight.summary).not.toMatch(/first download:|analysis/);
    expect(insight.actionable_insights).not.toMatch(/analysis/i);
    expect(insight.actionable_insights).toMatch(/import a new data download every week or two/);
  });

  it('on the sample network keeps the analysis advice', () => {
    const insight = writeInsight(facts('sample', second), 'en');
    expect(insight.summary).toMatch(/^Since your previous analysis you gained 5/);
    expect(insight.actionable_insights).toMatch(/run an analysis after each new post/);
  });
});

describe('the last post', () => {
  it('is not dated when no post is known', () => {
    for (const figures of [undefined, posts({ post_count: 0, last_post_days: 0, post_frequency: 0 })]) {
      const insight = writeInsight(facts('download', { ...second, posts: figures }), 'en');
      expect(insight.summary).not.toMatch(/last post/);
      expect(`${insight.summary} ${insight.actionable_insights}`).not.toMatch(/0 days ago/);
    }
    const unknownDay = writeInsight(facts('sample', { ...second, posts: posts({ last_post_days: -1 }) }), 'en');
    expect(unknownDay.summary).not.toMatch(/last post/);
  });

  it('reads "today" and "a day ago" for a post of today or yesterday, and days after that', () => {
    const day = (last_post_days: number) =>
      writeInsight(facts('sample', { ...second, posts: posts({ last_post_days }) }), 'en').summary;
    expect(day(0)).toMatch(/your last post was today\./);
    expect(day(1)).toMatch(/your last post was a day ago\./);
    expect(day(3)).toMatch(/your last post was 3 days ago\./);
  });
});

describe('a private account', () => {
  it('is told to go public only by an analysis, which reads what its owner sees', () => {
    expect(writeInsight(facts('sample', { isPrivate: true }), 'en').summary).toMatch(/Your account is private/);
    expect(writeInsight(facts('download', { isPrivate: true }), 'en').summary).not.toMatch(/private/);
  });
});
