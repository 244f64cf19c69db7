// The official API's counts over the last 7 and 30 days it has reported (issue 36). The platform
// reports a day once it is over, often a day or two late: counting the days after `now − 7 days` held
// six days of data or fewer under a label that said seven. So a window ends at the newest day the API
// has reported and says so ("7 days to 24 Nov"), and a count the API left out is null, never 0.
import type { OfficialCounts, OfficialGap, OfficialWindow } from '../../../common/schema/user.ts';
import { ACCOUNT_METRICS } from './metrics.ts';

/** One stored day (official_days). */
export interface DayFigures {
  day: string;
  follows: number | null;
  unfollows: number | null;
  profileViews: number | null;
  reach: number | null;
}

/** The API counts follows and unfollows only for accounts of 100 followers or more (its reference). */
export const FOLLOWS_FROM_FOLLOWERS = ACCOUNT_METRICS.follows_and_unfollows.minFollowers;

const DAY_MS = 24 * 3600_000;
const VISITS_LISTED: boolean = ACCOUNT_METRICS.profile_views.listed;
const shift = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** A day the API has reported: it answered a figure for it. */
const reported = (day: DayFigures) => day.follows !== null || day.profileViews !== null || day.reach !== null;

/** The sum of a figure over days, or null when none of them has it. */
function total(days: DayFigures[], pick: (day: DayFigures) => number | null): number | null {
  const known = days.map(pick).filter((value): value is number => value !== null);
  return known.length ? known.reduce((sum, value) => sum + value, 0) : null;
}

function window(days: DayFigures[], through: string | null, length: number): OfficialWindow {
  if (!through)
    return { days: length, counted: 0, from: null, through: null, follows: null, unfollows: null, visits: null };
  const from = shift(through, -(length - 1));
  const inside = days.filter((day) => day.day >= from && day.day <= through && reported(day));
  return {
    days: length,
    counted: inside.length,
    from,
    through,
    follows: total(inside, (day) => day.follows),
    unfollows: total(inside, (day) => day.unfollows),
    // Not asked since the reference stopped listing it (issue 49): a day held from before is no window.
    visits: VISITS_LISTED ? total(inside, (day) => day.profileViews) : null,
  };
}

/** The windows of 7 and 30 days to the newest day reported, with why a count is missing. */
export function officialCounts(days: DayFigures[], followers: number): OfficialCounts {
  const through = days
    .filter(reported)
    .reduce<string | null>((newest, day) => (!newest || day.day > newest ? day.day : newest), null);
  const week = window(days, through, 7);
  const month = window(days, through, 30);
  const gap = (missing: boolean, small: boolean): OfficialGap =>
    !missing ? null : small ? 'under_100_followers' : 'not_reported';
  return {
    week,
    month,
    follows_unavailable: gap(month.follows === null, followers < FOLLOWS_FROM_FOLLOWERS),
    // The reference no longer lists profile_views (metrics.ts): visits are unavailable for that reason.
    visits_unavailable: VISITS_LISTED ? gap(month.visits === null, false) : 'not_listed',
  };
}
