// The core's diff of two ascending id lists, a range of values at a time (issue 19). The core's linear
// memory grows to its largest call and never shrinks: diffing 1M against 1M ids at once needs 40 MB
// there (both lists and the three results) for the server's whole life. Cut at the same value in both
// lists, each range holds at most RANGE_IDS ids of either, and the core stays at what its sort needs.
import type { CollectorCore, IdDiff } from '../../wasm/collector.ts';
import { concat } from './packing.ts';

/** Ids of either list a range holds at most: 512 kB of each. */
export const RANGE_IDS = 65_536;

/** The first index of ascending `ids` from `start` whose value is not below `value` (or above it, `after`). */
function bound(ids: BigUint64Array, value: bigint, start: number, after: boolean): number {
  let low = start;
  let high = ids.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    const at = ids[mid] as bigint;
    if (at < value || (after && at === value)) low = mid + 1;
    else high = mid;
  }
  return low;
}

/**
 * What `core.diffSortedIds(a, b)` answers, computed range by range of values; without `both` when the
 * caller wants only what changed (a million ids it would otherwise join and hold).
 */
export function diffInRanges(
  core: CollectorCore,
  a: BigUint64Array,
  b: BigUint64Array,
  { both = true, span = RANGE_IDS }: { both?: boolean; span?: number } = {},
): IdDiff {
  if (a.length <= span && b.length <= span) {
    const whole = core.diffSortedIds(a, b);
    return both ? whole : { ...whole, both: new BigUint64Array() };
  }
  const parts: IdDiff[] = [];
  let fromA = 0;
  let fromB = 0;
  while (fromA < a.length || fromB < b.length) {
    // The range ends before the smaller of the values `span` ids on in each list: neither holds more.
    const limit = [a[fromA + span], b[fromB + span]].reduce<bigint | undefined>(
      (least, value) => (value !== undefined && (least === undefined || value < least) ? value : least),
      undefined,
    );
    let toA = limit === undefined ? a.length : bound(a, limit, fromA, false);
    let toB = limit === undefined ? b.length : bound(b, limit, fromB, false);
    if (limit !== undefined && toA === fromA && toB === fromB) {
      // More than `span` repeats of one value: the range takes them all, so it still moves on.
      toA = bound(a, limit, fromA, true);
      toB = bound(b, limit, fromB, true);
    }
    const part = core.diffSortedIds(a.subarray(fromA, toA), b.subarray(fromB, toB));
    parts.push(both ? part : { ...part, both: new BigUint64Array() });
    fromA = toA;
    fromB = toB;
  }
  return {
    onlyA: concat(parts.map((part) => part.onlyA)),
    onlyB: concat(parts.map((part) => part.onlyB)),
    both: both ? concat(parts.map((part) => part.both)) : new BigUint64Array(),
  };
}
