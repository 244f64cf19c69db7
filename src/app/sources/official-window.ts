// The official API's counts as the screens word them (issue 36): over the last 7 (or 30) days the API
// has reported, to the newest of them ("7 days to 24 Nov"), and for a count the API left out, why
// ("the network counts follows from 100 followers"), never a 0.
import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import type { OfficialCounts, OfficialGap, OfficialWindow } from '../../../common/schema/user.ts';
import type { OfficialCount } from '../../../common/screens.ts';
import { dateTimeFormat } from '../../i18n/formats.ts';

export type { OfficialCount };

/** "7 days to 24 Nov" (the days the window counted, to its last day, a UTC day as the API's are). */
export function windowLabel(window: OfficialWindow, i18n: I18n): string | undefined {
  if (!window.through) return undefined;
  const days = window.counted;
  const date = dateTimeFormat(i18n.locale, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${window.through}T00:00:00Z`),
  );
  return i18n._(msg`${plural(days, { one: '# day', other: '# days' })} to ${date}`);
}

/** Why the window has no such count: in the reader's words. */
export function gapText(gap: OfficialGap, i18n: I18n): string {
  if (gap === 'under_100_followers') return i18n._(msg`The network counts follows from 100 followers.`);
  // Issue 49: the reference no longer lists profile_views; the API refuses it.
  if (gap === 'not_listed') return i18n._(msg`The network no longer reports profile visits.`);
  return i18n._(msg`The network has not reported these days yet.`);
}

/** A count of a window: its value, or why it is missing. */
export function windowCount(
  counts: OfficialCounts,
  window: OfficialWindow,
  count: OfficialCount,
): { value: number } | { gap: NonNullable<OfficialGap> } {
  const value = window[count];
  if (value !== null) return { value };
  const gap = count === 'visits' ? counts.visits_unavailable : counts.follows_unavailable;
  return { gap: gap ?? 'not_reported' };
}
