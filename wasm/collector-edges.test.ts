// Edges of the core's radix sort (passes skipped when a digit is shared, odd pass counts) and of its
// branch-free merge (repeats, leading zero ids, all-equal lists, the largest id), against the oracle.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { type CollectorCore, UnsortedIdsError } from './collector.ts';
import { loadCoreFromDisk } from './node.ts';
import { diffSortedReference } from './reference/diff.ts';

let core: CollectorCore;
beforeAll(async () => {
  core = await loadCoreFromDisk();
});

const U64_MAX = (1n << 64n) - 1n;
const ascending = (ids: BigUint64Array) => ids.slice().sort();
const ids = (...values: bigint[]) => BigUint64Array.from(values);

// Lists whose ids share their high bits, so the sort skips the passes of the shared digits (each digit
// is 11 bits); the number of passes left is odd or even depending on the width.
const narrowList = fc
  .record({
    high: fc.bigInt({ min: 0n, max: U64_MAX }),
    width: fc.constantFrom(1n, 11n, 12n, 22n, 23n, 33n, 44n, 55n, 63n),
    seed: fc.array(fc.bigInt({ min: 0n, max: U64_MAX }), { maxLength: 300 }),
  })
  .map(({ high, width, seed }) => {
    const low = (1n << width) - 1n;
    return BigUint64Array.from(seed.map((value) => (high & ~low) | (value & low)));
  });
// Lists with many repeats: a few distinct ids drawn again and again.
const repeatingList = fc
  .array(fc.constantFrom(0n, 1n, 2n, 1n << 40n, U64_MAX - 1n, U64_MAX), { maxLength: 200 })
  .map((values) => BigUint64Array.from(values));

describe('collector core: sort edges', () => {
  it('sorts lists sharing high digits (passes skipped, odd and even counts) like the platform sort', () => {
    fc.assert(
      fc.property(narrowList, (list) => {
        expect(core.sortIds(list)).toEqual(ascending(list));
      }),
      { numRuns: 300 },
    );
  });

  it('sorts the empty list, one id, all-equal ids and the largest id', () => {
    expect(core.sortIds(ids()).length).toBe(0);
    expect([...core.sortIds(ids(U64_MAX))]).toEqual([U64_MAX]);
    expect([...core.sortIds(ids(7n, 7n, 7n, 7n))]).toEqual([7n, 7n, 7n, 7n]);
    expect([...core.sortIds(ids(U64_MAX, 0n, U64_MAX, 1n))]).toEqual([0n, 1n, U64_MAX, U64_MAX]);
  });

  it('sorts 100,000 ids below 2^11 (one pass, then copied back from the scratch buffer)', () => {
    const list = BigUint64Array.from({ length: 100_000 }, (_, i) => BigInt((i * 7919) % 2048));
    const sorted = core.sortIds(list);
    const expected = ascending(list);
    // The first misplaced index, not toEqual: printing two 100,000-id arrays on failure takes minutes.
    expect(sorted.length).toBe(expected.length);
    expect(sorted.findIndex((id, i) => id !== expected[i])).toBe(-1);
  });
});

describe('collector core: merge edges', () => {
  it('equals the reference on lists with many repeats and on narrow lists', () => {
    fc.assert(
      fc.property(fc.oneof(repeatingList, narrowList), fc.oneof(repeatingList, narrowList), (a, b) => {
        const [x, y] = [ascending(a), ascending(b)];
        expect(core.diffSortedIds(x, y)).toEqual(diffSortedReference(x, y));
        expect(core.diffIds(a, b)).toEqual(diffSortedReference(x, y));
      }),
      { numRuns: 400 },
    );
  });

  it('keeps a leading id 0, which is not a repeat of anything', () => {
    const result = core.diffSortedIds(ids(0n, 0n, 5n), ids(0n, 3n));
    expect([...result.both]).toEqual([0n]);
    expect([...result.onlyA]).toEqual([5n]);
    expect([...result.onlyB]).toEqual([3n]);
  });

  it('collapses all-equal lists and repeats left in either tail', () => {
    expect(core.diffSortedIds(ids(4n, 4n, 4n), ids(4n, 4n))).toEqual({ onlyA: ids(), onlyB: ids(), both: ids(4n) });
    const result = core.diffSortedIds(ids(1n, 9n, 9n, 9n), ids(1n, 2n, 2n));
    expect(result).toEqual({ onlyA: ids(9n), onlyB: ids(2n), both: ids(1n) });
  });

  it('handles the largest id on both sides and alone on one', () => {
    expect(core.diffSortedIds(ids(U64_MAX), ids(U64_MAX))).toEqual({ onlyA: ids(), onlyB: ids(), both: ids(U64_MAX) });
    expect(core.diffSortedIds(ids(0n, U64_MAX), ids(0n))).toEqual({ onlyA: ids(U64_MAX), onlyB: ids(), both: ids(0n) });
  });

  it('refuses disorder found in a tail, after the other list ran out', () => {
    expect(() => core.diffSortedIds(ids(1n, 5n, 3n), ids(1n))).toThrow(UnsortedIdsError);
    expect(() => core.diffSortedIds(ids(1n), ids(1n, 5n, 3n))).toThrow(UnsortedIdsError);
  });
});
