// Issue 50 item 3: a follower who changes username is not one lost and one new follower. A download
// has no ids, only names, but the network keeps the follow time when a person renames: a lost name and
// a new name with the same follow time (to the second in JSON, to the minute when either download is
// HTML, whose pages write minutes), the new one followed before the previous download was written, are
// one person. A new name followed after the previous download is a real arrival, never a rename (a
// burst of real new followers shares minutes), and a follow time two lost or two new names share is
// ambiguous: those stay lost and new.

/** One side of the change: people by id with their follow times (Unix seconds, 0 unknown). */
export interface Dated {
  ids: BigUint64Array;
  at: Uint32Array;
}

export interface RenamePair {
  /** The lost follower's id and the new one's. */
  from: bigint;
  to: bigint;
  /** The follow time both share (Unix seconds). */
  followedAt: number;
}

/** How finely two follow times are compared. */
export type TimePrecision = 'seconds' | 'minutes';

/** The follow times that exactly one person on a side has, keyed at `precision`. */
function uniqueByTime(side: Dated, precision: TimePrecision, keep: (at: number) => boolean): Map<number, number> {
  const once = new Map<number, number>();
  const repeated = new Set<number>();
  for (let i = 0; i < side.ids.length; i++) {
    const at = side.at[i] as number;
    if (!at || !keep(at)) continue;
    const key = precision === 'minutes' ? Math.floor(at / 60) : at;
    if (repeated.has(key)) continue;
    if (once.has(key)) {
      once.delete(key);
      repeated.add(key);
    } else once.set(key, i);
  }
  return once;
}

/**
 * The renames between the lost followers and the new ones: pairs that share a follow time no one else
 * on either side has, the new one followed before `previousTakenAt` (Unix seconds).
 */
export function pairRenames(
  lost: Dated,
  gained: Dated,
  previousTakenAt: number,
  precision: TimePrecision,
): RenamePair[] {
  const before = (at: number) => at < previousTakenAt;
  // A lost follower's time is always before the previous download; a new one's must be too.
  const lostByTime = uniqueByTime(lost, precision, () => true);
  const gainedByTime = uniqueByTime(gained, precision, before);
  // A new name that shares its time with another new name, before or after, is ambiguous too.
  const allGained = uniqueByTime(gained, precision, () => true);
  const pairs: RenamePair[] = [];
  for (const [key, g] of gainedByTime) {
    const l = lostByTime.get(key);
    if (l === undefined || allGained.get(key) !== g) continue;
    pairs.push({ from: lost.ids[l] as bigint, to: gained.ids[g] as bigint, followedAt: gained.at[g] as number });
  }
  return pairs;
}

/** `ids` without the ones in `drop` (both ascending). */
export function without(ids: BigUint64Array, drop: Set<bigint>): BigUint64Array {
  if (drop.size === 0) return ids;
  return ids.filter((id) => !drop.has(id));
}
