import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { type CollectorCore, UnsortedIdsError } from './collector.ts';
import { loadCoreFromDisk } from './node.ts';
import { diffSortedReference, diffTyped } from './reference/diff.ts';

let core: CollectorCore;
beforeAll(async () => {
  core = await loadCoreFromDisk();
});

const U64_MAX = (1n << 64n) - 1n;
// Ids cluster near 2^53 and 2^64 as well as small values, so precision loss would show.
const id = fc.oneof(
  fc.bigInt({ min: 0n, max: 1000n }),
  fc.bigInt({ min: (1n << 53n) - 50n, max: (1n << 53n) + 50n }),
  fc.bigInt({ min: U64_MAX - 100n, max: U64_MAX }),
  fc.bigInt({ min: 0n, max: U64_MAX }),
);
const sortedIds = fc
  .array(id, { maxLength: 300 })
  .map((ids) => BigUint64Array.from(ids.sort((x, y) => (x < y ? -1 : x > y ? 1 : 0))));

describe('collector core: diffSortedIds', () => {
  it('equals the TypeScript reference on random sorted inputs (ids above 2^53 included)', () => {
    fc.assert(
      fc.property(sortedIds, sortedIds, (a, b) => {
        expect(core.diffSortedIds(a, b)).toEqual(diffSortedReference(a, b));
      }),
      { numRuns: 500 },
    );
  });

  it('keeps ids beyond 2^53 exact', () => {
    const big = (1n << 53n) + 1n;
    const result = core.diffSortedIds(BigUint64Array.of(big, U64_MAX), BigUint64Array.of(big + 1n, U64_MAX));
    expect([...result.onlyA]).toEqual([big]);
    expect([...result.onlyB]).toEqual([big + 1n]);
    expect([...result.both]).toEqual([U64_MAX]);
  });

  it('handles empty inputs', () => {
    const empty = new BigUint64Array();
    const some = BigUint64Array.of(1n, 2n);
    expect(core.diffSortedIds(empty, empty).both.length).toBe(0);
    expect([...core.diffSortedIds(some, empty).onlyA]).toEqual([1n, 2n]);
    expect([...core.diffSortedIds(empty, some).onlyB]).toEqual([1n, 2n]);
  });

  it('refuses unsorted input instead of giving a wrong answer', () => {
    fc.assert(
      fc.property(fc.array(id, { minLength: 2, maxLength: 50 }), sortedIds, (ids, other) => {
        const unsorted = BigUint64Array.from(ids);
        fc.pre(unsorted.some((value, i) => i > 0 && value < (unsorted[i - 1] as bigint)));
        expect(() => core.diffSortedIds(unsorted, other)).toThrow(UnsortedIdsError);
        expect(() => core.diffSortedIds(other, unsorted)).toThrow(UnsortedIdsError);
        expect(() => diffSortedReference(unsorted, other)).toThrow(UnsortedIdsError);
      }),
    );
  });

  it('sorts like the platform sort, ids above 2^53 included', () => {
    fc.assert(
      fc.property(fc.array(id, { maxLength: 400 }), (values) => {
        const ids = BigUint64Array.from(values);
        expect(core.sortIds(ids)).toEqual(ids.slice().sort());
      }),
      { numRuns: 300 },
    );
  });

  it('diffs lists in any order', () => {
    fc.assert(
      fc.property(fc.array(id, { maxLength: 200 }), fc.array(id, { maxLength: 200 }), (a, b) => {
        const unsortedA = BigUint64Array.from(a);
        const unsortedB = BigUint64Array.from(b);
        const expected = diffSortedReference(unsortedA.slice().sort(), unsortedB.slice().sort());
        expect(core.diffIds(unsortedA.slice(), unsortedB.slice())).toEqual(expected);
        // The benchmark's baseline agrees too (on lists without repeats, which real lists are).
        if (new Set(a).size === a.length && new Set(b).size === b.length)
          expect(diffTyped(unsortedA, unsortedB)).toEqual(expected);
      }),
      { numRuns: 200 },
    );
  });

  it('diffs a million ids per side and frees its memory between calls', () => {
    const n = 1_000_000;
    const a = new BigUint64Array(n);
    const b = new BigUint64Array(n);
    for (let i = 0; i < n; i++) {
      a[i] = BigInt(i * 2);
      b[i] = BigInt(i * 3);
    }
    const first = core.diffSortedIds(a, b);
    // Multiples of 6 below 2M are in both: 333,334 of them.
    expect(first.both.length).toBe(333_334);
    expect(first.onlyA.length).toBe(n - 333_334);
    expect(first.onlyB.length).toBe(n - 333_334);
    const afterFirst = core.memoryBytes();
    for (let round = 0; round < 5; round++) expect(core.diffSortedIds(a, b).both.length).toBe(333_334);
    expect(core.memoryBytes()).toBe(afterFirst);
  });
});
