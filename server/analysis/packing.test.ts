// Issue 31: repeats are dropped comparing 32-bit halves, with the same result as comparing the ids.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { withoutRepeats } from './packing.ts';

/** The way before issue 31: each id read as a BigInt. */
function withoutRepeatsAsBigInts(ids: BigUint64Array): BigUint64Array {
  const kept: bigint[] = [];
  for (const id of ids) if (kept.at(-1) !== id) kept.push(id);
  return BigUint64Array.from(kept);
}

describe('dropping repeats', () => {
  it('keeps each id of an ascending list once, whichever half of it differs', () => {
    // Ids that share a high or a low half with their neighbours, so each half alone would mislead.
    const id = fc.tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 3 }));
    fc.assert(
      fc.property(fc.array(id, { maxLength: 200 }), (pairs) => {
        const ids = BigUint64Array.from(pairs.map(([high, low]) => (BigInt(high) << 32n) | BigInt(low))).sort();
        const expected = withoutRepeatsAsBigInts(ids);
        expect(withoutRepeats(ids.slice())).toEqual(expected);
      }),
    );
  });

  it('works on a view that starts inside its buffer', () => {
    const buffer = BigUint64Array.from([9n, 1n, 1n, 2n, (1n << 40n) + 2n, (1n << 40n) + 2n]);
    expect(withoutRepeats(buffer.subarray(1))).toEqual(BigUint64Array.from([1n, 2n, (1n << 40n) + 2n]));
  });
});
