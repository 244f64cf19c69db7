// The diff range by range answers what the core answers for the whole lists (issue 19), across range
// edges, lists of very different spreads, and runs of one value longer than a range.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CollectorCore } from '../../wasm/collector.ts';
import { loadCoreFromDisk } from '../../wasm/node.ts';
import { diffInRanges } from './ranged-diff.ts';

let core: CollectorCore;
beforeAll(async () => {
  core = await loadCoreFromDisk();
});

/** Ascending ids drawn from `0..max`, repeats kept. */
const ascending = (max: number) =>
  fc.array(fc.bigInt({ min: 0n, max: BigInt(max) }), { maxLength: 300 }).map((ids) => BigUint64Array.from(ids).sort());

describe('diff in ranges', () => {
  it('answers as the whole diff, for any span', () => {
    fc.assert(
      fc.property(ascending(400), ascending(400), fc.integer({ min: 1, max: 40 }), (a, b, span) => {
        const whole = core.diffSortedIds(a, b);
        expect(diffInRanges(core, a, b, { span })).toEqual(whole);
        expect(diffInRanges(core, a, b, { span, both: false })).toEqual({ ...whole, both: new BigUint64Array() });
      }),
      { numRuns: 300 },
    );
  });

  it('keeps a long run of one value together', () => {
    const a = BigUint64Array.from([1n, ...Array<bigint>(50).fill(7n), 9n]);
    const b = BigUint64Array.of(7n, 8n, 9n, 10n);
    expect(diffInRanges(core, a, b, { span: 4 })).toEqual(core.diffSortedIds(a, b));
  });

  it('splits lists whose values lie far apart', () => {
    const a = BigUint64Array.from({ length: 1000 }, (_, i) => BigInt(i) * 3n);
    const b = BigUint64Array.from({ length: 1000 }, (_, i) => (1n << 60n) + BigInt(i));
    const whole = core.diffSortedIds(a, b);
    expect(diffInRanges(core, a, b, { span: 64 })).toEqual(whole);
    expect(diffInRanges(core, b, a, { span: 64 })).toEqual(core.diffSortedIds(b, a));
  });
});
