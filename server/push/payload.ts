// The notification a push carries (issue 33), written in the device's language. The service worker
// shows it as it comes (src/sw/push.ts reads the same shape); when a push service finds it too large
// (413), it is sent again shorter: first without its body, then with no payload at all, which the
// service worker answers with a generic line of its own.
import { createHash } from 'node:crypto';
import type { Locale } from '../../common/locales.ts';
import type { NotificationPayload } from '../../common/schema/push.ts';
import { counted, pushWords } from './words.ts';

/**
 * The counts of one collection (never a name). Each is null where the source gives none (issue 49: the
 * official API's follows under 100 followers, its profile visits): left out of the digest, never a 0.
 */
export interface DigestCounts {
  newFollowers: number | null;
  lostFollowers: number | null;
  profileVisits: number | null;
}

/** A count that says something happened: given, and above 0. */
const some = (count: number | null): count is number => count !== null && count > 0;

/** What a push job announces. */
export type PushMessage =
  /** `key` names what is announced (an analysis, an official-API day), so a device hears of it once. */
  { kind: 'digest'; key: string; counts: DigestCounts } | { kind: 'reminder' };

/** How much of the payload a job sends: all of it, without the body, or none (after 413 answers). */
export const SHORTEST = 2;

/** Whether a collection found anything worth a notification. */
export function hasChanges(counts: DigestCounts): boolean {
  return some(counts.newFollowers) || some(counts.lostFollowers) || some(counts.profileVisits);
}

/** One tag per user, so a new digest replaces the last on the device; the user's id is not shown as it is. */
export function tagFor(userId: string, kind: PushMessage['kind']): string {
  return `${kind}-${createHash('sha256').update(userId).digest('base64url').slice(0, 12)}`;
}

/** The screen a digest opens: the list of what changed first. */
function screenOf(counts: DigestCounts): string {
  if (some(counts.newFollowers)) return '/newfollowers';
  if (some(counts.lostFollowers)) return '/followerslost';
  return '/profileview';
}

/** The notification of `message` in `locale`, as JSON, shortened `level` times (null: no payload). */
export function payloadFor(message: PushMessage, locale: Locale, userId: string, level: number): string | null {
  if (level >= SHORTEST) return null;
  const words = pushWords[locale];
  let payload: NotificationPayload;
  if (message.kind === 'reminder') {
    payload = {
      v: 1,
      kind: 'reminder',
      title: words.reminderTitle,
      body: words.reminderBody,
      url: '/import',
      tag: tagFor(userId, 'reminder'),
      changes: 0,
    };
  } else {
    const { counts } = message;
    const parts = [
      some(counts.newFollowers) && counted(locale, words.newFollowers, counts.newFollowers),
      some(counts.lostFollowers) && counted(locale, words.lostFollowers, counts.lostFollowers),
      some(counts.profileVisits) && counted(locale, words.profileVisits, counts.profileVisits),
    ].filter((part): part is string => Boolean(part));
    payload = {
      v: 1,
      kind: 'digest',
      title: words.digestTitle,
      body: `${new Intl.ListFormat(locale, { type: 'conjunction' }).format(parts)}.`,
      url: screenOf(counts),
      tag: tagFor(userId, 'digest'),
      // The app's badge counts followers who came or went, not visits.
      changes: (counts.newFollowers ?? 0) + (counts.lostFollowers ?? 0),
    };
  }
  if (level === 1) delete payload.body;
  return JSON.stringify(payload);
}
