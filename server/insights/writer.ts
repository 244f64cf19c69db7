// The insight summary (spec §3 Insight response): a summary and newline-separated actionable
// advice, written from the account's own figures. The rule writer is the default and the fallback;
// an OpenAI-compatible model writes it instead when one is configured (model.ts).

import type { Locale } from '../../common/locales.ts';
import type { Provenance } from '../../common/schema/provenance.ts';
import { type Phrase, phrases } from './phrases.ts';

/**
 * The six counts of spec §7's insight call. Each is null when no source gives it (the three that need
 * follower names on an official-API account without a download, issue 18; the official API's follows
 * under 100 followers and its profile visits, issue 49): never a 0 written about.
 */
export interface InsightCounts {
  new_followers_count: number | null;
  lost_followers_count: number | null;
  not_follows_back_count: number | null;
  i_do_not_follow_back_count: number | null;
  profile_view_count: number | null;
  mutual_following_count: number | null;
}

/** Post figures the writer reads (a subset of spec §3's post metrics); null where the source has none. */
export interface PostFigures {
  post_count: number | null;
  last_post_days: number | null;
  post_frequency: number | null;
  overall_avg_engagement: number | null;
}

/** Everything the writer knows about the account. */
export interface InsightFacts {
  /** Where every figure below came from (issue 17): the insight says so. */
  source: Provenance;
  counts: InsightCounts;
  followers: number;
  following: number;
  isPrivate: boolean;
  /** The first committed analysis, when there is one before the latest. */
  history: { firstAt: Date; firstFollowers: number } | undefined;
  /** The official API gave no follows or unfollows (issue 36: under 100 followers): nothing is said of them. */
  followsUnavailable?: boolean;
  posts: PostFigures | undefined;
  reels: PostFigures | undefined;
}

export interface Insight {
  summary: string;
  actionable_insights: string;
}

/** Fills a phrase in `locale`; numbers are formatted the way the language writes them. */
function say(locale: Locale, phrase: Phrase, values: Record<string, number | string> = {}): string {
  const numbers = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  const catalog: Partial<Record<Locale, string>> = phrases[phrase];
  const template = catalog[locale] ?? catalog.en ?? '';
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = values[name];
    if (value === undefined) return whole;
    return typeof value === 'number' ? numbers.format(value) : value;
  });
}

/** The rule writer: every sentence is chosen and filled from the account's figures. */
export function writeInsight(facts: InsightFacts, locale: Locale): Insight {
  const { counts, followers, following } = facts;
  // Follows not given are not written about (issue 49): they count as unknown, not as 0.
  const followsKnown =
    !facts.followsUnavailable && counts.new_followers_count !== null && counts.lost_followers_count !== null;
  const gained = counts.new_followers_count ?? 0;
  const lost = counts.lost_followers_count ?? 0;
  const net = gained - lost;
  const visits = counts.profile_view_count;
  const summary: string[] = [];
  const advice: string[] = [];

  // The official API counts follows and unfollows per day: the dashboard's are the last 7 days'.
  const official = facts.source.source === 'official';
  // Issue 51: a download account runs no analysis; its advice says to import a newer download instead.
  const download = facts.source.source === 'download';
  // The first analysis or download compared nothing: it says so instead of "gained 0 and lost 0".
  const first = !official && !facts.history && !followsKnown;
  const change = net > 0 ? 'netGain' : net < 0 ? 'netLoss' : 'netEven';
  if (first) summary.push(say(locale, download ? 'firstDownload' : 'firstAnalysis'));
  else if (followsKnown) {
    const phrase = official ? 'weekFollows' : download ? (`${change}Download` as const) : change;
    summary.push(say(locale, phrase, { new: gained, lost, net: Math.abs(net) }));
  }
  summary.push(
    counts.mutual_following_count === null
      ? say(locale, 'audienceTotals', { followers, following })
      : say(locale, 'audience', { followers, following, mutual: counts.mutual_following_count }),
  );
  const notBack = counts.not_follows_back_count ?? 0;
  if (following > 0 && notBack > 0) {
    const percent = Math.round((notBack / following) * 100);
    summary.push(say(locale, 'notBackShare', { notBack, percent }));
  }
  if (visits !== null && visits > 0) {
    summary.push(say(locale, official ? 'visits' : 'viewers', { views: visits }));
  }
  if (facts.history && facts.history.firstFollowers > 0) {
    const { firstAt, firstFollowers } = facts.history;
    const change = (followers - firstFollowers) / firstFollowers;
    const percent = new Intl.NumberFormat(locale, {
      style: 'percent',
      maximumFractionDigits: 1,
      signDisplay: 'always',
    });
    const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(firstAt);
    summary.push(
      say(locale, `${change >= 0 ? 'historyUp' : 'historyDown'}${download ? 'Download' : ''}` as const, {
        date,
        first: firstFollowers,
        followers,
        change: percent.format(change),
      }),
    );
  }
  const posts = facts.posts;
  const postCount = posts?.post_count ?? 0;
  // Issue 51: days since a last post only when a post is known (the core gives -1, or 0, for none).
  const lastPostDays =
    postCount > 0 && posts?.last_post_days !== null && (posts?.last_post_days ?? -1) >= 0
      ? (posts?.last_post_days ?? null)
      : null;
  const frequency = posts?.post_frequency ?? null;
  if (postCount > 0 && frequency !== null && lastPostDays !== null) {
    const rhythm = { frequency: Math.round(frequency * 10) / 10, days: lastPostDays };
    const phrase =
      lastPostDays === 0 ? 'postingRhythmToday' : lastPostDays === 1 ? 'postingRhythmOneDay' : 'postingRhythm';
    summary.push(say(locale, phrase, rhythm));
  }
  const reels = facts.reels;
  const postEngagement = posts?.overall_avg_engagement ?? 0;
  const reelEngagement = reels?.overall_avg_engagement ?? null;
  const ratio =
    postCount > 0 && (reels?.post_count ?? 0) > 0 && postEngagement > 0 && reelEngagement !== null
      ? reelEngagement / postEngagement
      : undefined;
  if (ratio !== undefined && ratio >= 1.2) summary.push(say(locale, 'reelsLead', { ratio: round1(ratio) }));
  if (ratio !== undefined && ratio > 0 && ratio <= 1 / 1.2)
    summary.push(say(locale, 'postsLead', { ratio: round1(1 / ratio) }));
  // Only an analysis reads what a private account's owner sees; a download holds everything regardless.
  if (facts.isPrivate && facts.source.source === 'sample') summary.push(say(locale, 'privateAccount'));

  // Advice, most urgent first.
  if (followsKnown && lost > gained) advice.push(say(locale, 'actLosingMore'));
  if (postCount > 0 && lastPostDays !== null && lastPostDays > 7)
    advice.push(say(locale, 'actPostAgain', { days: lastPostDays }));
  else if (postCount > 0 && frequency !== null && frequency < 1) advice.push(say(locale, 'actPostMoreOften'));
  if (ratio !== undefined && ratio >= 1.2) advice.push(say(locale, 'actMoreReels', { ratio: round1(ratio) }));
  if (ratio !== undefined && ratio > 0 && ratio <= 1 / 1.2)
    advice.push(say(locale, 'actMorePosts', { ratio: round1(1 / ratio) }));
  if (following > 0 && notBack / following >= 0.25) advice.push(say(locale, 'actPruneFollowing', { notBack }));
  if (visits !== null && followsKnown && visits > Math.max(5, gained * 2))
    advice.push(say(locale, 'actConvertViewers', { views: visits, new: gained }));
  if (counts.i_do_not_follow_back_count !== null && counts.i_do_not_follow_back_count > 0)
    advice.push(say(locale, 'actFollowBack', { count: counts.i_do_not_follow_back_count }));
  if (!facts.history) advice.push(say(locale, download ? 'actFirstDownload' : 'actFirstAnalysis'));
  else if (followsKnown && net > 0 && advice.length < 3)
    advice.push(say(locale, download ? 'actKeepGoingDownload' : 'actKeepGoing'));

  return { summary: summary.join(' '), actionable_insights: advice.slice(0, 5).join('\n') };
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/** The sentence that says where an insight's figures came from, whichever writer wrote the rest. */
export function sourceSentence(source: Provenance, locale: Locale): string {
  const at = new Date(source.at);
  if (source.source === 'download') {
    const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(at);
    return say(locale, 'sourceDownload', { date });
  }
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(at);
  return say(locale, source.source === 'sample' ? 'sourceSample' : 'sourceOfficial', { date: `${date} UTC` });
}
