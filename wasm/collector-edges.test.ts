// Edges of the core's sort (buckets by the top significant bits, sorted in cache; the radix sort for
// buckets that crowd, with its passes skipped when a digit is shared and odd pass counts) and of its
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

/** The first index where two long lists differ, or -1: printing two 100,000-id arrays takes minutes. */
const firstDifference = (x: BigUint64Array, y: BigUint64Array) =>
  x.length !== y.length ? Math.min(x.length, y.length) : x.findIndex((id, i) => id !== y[i]);

/** `n` ids from a 64-bit generator (splitmix64), the same on every run. */
function randomIds(n: number, seed: bigint): BigUint64Array {
  const ids = new BigUint64Array(n);
  let state = seed;
  for (let i = 0; i < n; i++) {
    state = BigInt.asUintN(64, state + 0x9e3779b97f4a7c15n);
    let z = state;
    z = BigInt.asUintN(64, (z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n);
    z = BigInt.asUintN(64, (z ^ (z >> 27n)) * 0x94d049bb133111ebn);
    ids[i] = z ^ (z >> 31n);
  }
  return ids;
}

describe('collector core: sorting in buckets', () => {
  // Each list is dealt by its top significant bits; these make one bucket or one bucket's next 16 bits
  // hold far more ids than chance would, so the radix sort takes over there.
  const crowded = {
    'random 64-bit ids (buckets of about 2,000, sorted in cache)': randomIds(200_000, 1n),
    'ids below 2^20 beside one huge id (one bucket of 50,000: more than the room holds)': BigUint64Array.from(
      [...randomIds(50_000, 2n)].map((id) => id % (1n << 20n)).concat([U64_MAX]),
    ),
    'ids below 2^30 beside one huge id (one bucket of 4,000 sharing their next 16 bits)': BigUint64Array.from(
      [...randomIds(4_000, 3n)].map((id) => id % (1n << 30n)).concat([U64_MAX]),
    ),
    'consecutive ids (every bit below the bucket read by the counting passes)': BigUint64Array.from(
      { length: 100_000 },
      (_, i) => BigInt((i * 48_271) % 100_000) + 1000n,
    ),
    'ids in pairs and triples (repeats across bucket sizes)': BigUint64Array.from(
      [...randomIds(30_000, 4n)].flatMap((id, i) => (i % 3 === 0 ? [id, id, id] : [id, id])),
    ),
  };

  for (const [name, list] of Object.entries(crowded)) {
    it(`sorts ${name} like the platform sort`, () => {
      expect(firstDifference(core.sortIds(list), ascending(list))).toBe(-1);
    });

    it(`diffs ${name} against a shifted copy like the reference`, () => {
      const other = BigUint64Array.from([...list.subarray(list.length / 3)].map((id) => id ^ 1n)).reverse();
      const expected = diffSortedReference(ascending(list), ascending(other));
      const result = core.diffIds(list.slice(), other.slice());
      expect(firstDifference(result.onlyA, expected.onlyA)).toBe(-1);
      expect(firstDifference(result.onlyB, expected.onlyB)).toBe(-1);
      expect(firstDifference(result.both, expected.both)).toBe(-1);
    });
  }
});

describe('collector core: diffIds takes its lists over', () => {
  it('writes the results into the lists it was given, allocating no buffer', () => {
    const a = ids(9n, 1n, 5n, 3n, 5n);
    const b = ids(4n, 3n, 9n, 8n);
    const result = core.diffIds(a, b);
    expect(result).toEqual({ onlyA: ids(1n, 5n), onlyB: ids(4n, 8n), both: ids(3n, 9n) });
    expect(result.onlyA.buffer).toBe(a.buffer);
    expect(result.both.buffer).toBe(a.buffer);
    expect(result.onlyB.buffer).toBe(b.buffer);
    // onlyA, then both, from the start of a.
    expect([...a.subarray(0, 4)]).toEqual([1n, 5n, 3n, 9n]);
  });

  it('gives lists that share memory buffers of their own, leaving the lists as they were', () => {
    const shared = ids(7n, 2n, 9n, 4n, 2n, 8n);
    const a = shared.subarray(0, 4);
    const b = shared.subarray(2);
    const result = core.diffIds(a, b);
    expect(result).toEqual({ onlyA: ids(7n), onlyB: ids(8n), both: ids(2n, 4n, 9n) });
    expect(result.onlyA.buffer).not.toBe(shared.buffer);
    expect([...shared]).toEqual([7n, 2n, 9n, 4n, 2n, 8n]);
    // Views of one buffer that do not overlap are still written in place.
    const apart = core.diffIds(shared.subarray(0, 3), shared.subarray(3));
    expect(apart.onlyA.buffer).toBe(shared.buffer);
    expect(apart).toEqual({ onlyA: ids(7n, 9n), onlyB: ids(4n, 8n), both: ids(2n) });
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
