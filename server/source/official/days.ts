// The account's daily insights from the official API (issue 18): follows and unfollows and reach per
// day, the daily follower counts and the hours followers are online. Issue 36: the platform reports a
// day only once it is over, often a day or two late. Issue 49: every call is built from the metrics'
// table (metrics.ts). `reach` alone, the only metric that is still a time series, says which days are
// reported; follows and unfollows (a total per call, so a call per day) are asked only for reported days
// not held yet, and not at all once the API has shown it does not give them to this account. Profile
// visits (`profile_views`) are no longer in the reference's list: never asked, they are unavailable
// with that reason (windows.ts), never a 0. One refused metric never takes another with it: each is
// its own call.
import { and, eq, sql } from 'drizzle-orm';
import { officialDays } from '../../db/schema.ts';
import { type AccountMetricName, accountQuery } from './metrics.ts';
import { DAY_MS, dayOf, graphTime, type InsightValue, type OfficialDeps, orUnavailable } from './shapes.ts';

/** Days of account insights asked for: the API answers at most 30 days back. */
export const INSIGHT_DAYS = 30;

type DayRow = typeof officialDays.$inferInsert;

/** One metric's insights, asked as the table says; undefined when the API does not give it (not a defect). */
const insights = (
  deps: OfficialDeps,
  token: string,
  igId: string,
  metric: AccountMetricName,
  extra: Parameters<typeof accountQuery>[1],
  signal: AbortSignal,
) =>
  orUnavailable(
    () => deps.graph.get<{ data?: InsightValue[] }>(`/${igId}/insights`, accountQuery(metric, extra), token, signal),
    deps.log,
  );

/** The last 30 days as the API gives them: since and until in Unix seconds. */
const lastMonth = (now: number) => ({
  since: Math.floor((now - INSIGHT_DAYS * DAY_MS) / 1000),
  until: Math.floor(now / 1000),
});

/** The day a daily value belongs to: the UTC day its period ends in (`end_time` is the period's end). */
const dayOfEnd = (endTime: string | undefined) => dayOf(graphTime(endTime).getTime() - 1);

/** The reach of every day the API has reported in the last 30 days: the days it has reported. */
async function reportedDays(deps: OfficialDeps, token: string, igId: string, now: number, signal: AbortSignal) {
  const answer = await insights(deps, token, igId, 'reach', lastMonth(now), signal);
  const days = new Map<string, { reach: number }>();
  for (const entry of answer?.data ?? []) {
    if (entry.name !== 'reach') continue;
    for (const value of entry.values ?? []) {
      if (typeof value.value === 'number') days.set(dayOfEnd(value.end_time), { reach: value.value });
    }
  }
  return days;
}

/** One day's follows and unfollows; null when the answer lacks the metric (not given to this account). */
async function followsOn(deps: OfficialDeps, token: string, igId: string, day: string, signal: AbortSignal) {
  const start = Date.parse(`${day}T00:00:00Z`);
  const follows = await insights(
    deps,
    token,
    igId,
    'follows_and_unfollows',
    { breakdown: 'follow_type', since: start / 1000, until: (start + DAY_MS) / 1000 },
    signal,
  );
  if (!follows?.data?.length) return null;
  // A day with no follows or unfollows has no breakdown rows: zero, since the metric itself answered.
  const counts = { follows: 0, unfollows: 0 };
  for (const breakdown of follows.data[0]?.total_value?.breakdowns ?? []) {
    for (const result of breakdown.results ?? []) {
      const kind = result.dimension_values?.[0];
      if (kind === 'FOLLOWER') counts.follows = result.value ?? 0;
      if (kind === 'NON_FOLLOWER') counts.unfollows = result.value ?? 0;
    }
  }
  return counts;
}

/** The reported days of the last 30, each with its visits and reach, and its follows when not held yet. */
export async function collectDays(
  deps: OfficialDeps,
  token: string,
  igId: string,
  userId: string,
  now: number,
  signal: AbortSignal,
): Promise<DayRow[]> {
  const reported = await reportedDays(deps, token, igId, now, signal);
  const held = new Set(
    (
      await deps.db
        .select({ day: officialDays.day })
        .from(officialDays)
        .where(and(eq(officialDays.userId, userId), sql`${officialDays.follows} is not null`))
    ).map((row) => row.day),
  );
  const rows: DayRow[] = [];
  let given = true;
  for (const [day, figures] of [...reported].sort(([a], [b]) => a.localeCompare(b))) {
    const row: DayRow = { userId, day, ...figures };
    if (given && !held.has(day)) {
      const flows = await followsOn(deps, token, igId, day, signal);
      // Left out of a reported day's answer: the API does not give it to this account (under 100 followers).
      if (flows === null) given = false;
      else Object.assign(row, flows);
    }
    rows.push(row);
  }
  return rows;
}

/** The API's daily follower counts over the last 30 days (new followers each day), or none. */
export async function followerCountSeries(
  deps: OfficialDeps,
  token: string,
  igId: string,
  now: number,
  signal: AbortSignal,
) {
  const answer = await insights(deps, token, igId, 'follower_count', lastMonth(now), signal);
  return (answer?.data?.[0]?.values ?? []).flatMap((entry) =>
    typeof entry.value === 'number' && entry.end_time ? [{ day: dayOfEnd(entry.end_time), value: entry.value }] : [],
  );
}

/** Followers online per hour (UTC), the newest day the API gives; null when it gives none. */
export async function onlineFollowers(deps: OfficialDeps, token: string, igId: string, signal: AbortSignal) {
  const answer = await insights(deps, token, igId, 'online_followers', {}, signal);
  const values = answer?.data?.[0]?.values ?? [];
  const newest = [...values].reverse().find((entry) => entry.value && typeof entry.value === 'object');
  if (!newest) return null;
  const hours = newest.value as Record<string, number>;
  const counts = Array.from({ length: 24 }, (_, hour) => Number(hours[String(hour)] ?? 0));
  return counts.some((count) => count > 0) ? counts : null;
}
