import { describe, expect, it } from 'vitest';
import { type Dated, pairRenames } from './renames.ts';

const side = (people: Array<[number, number]>): Dated => ({
  ids: BigUint64Array.from(people.map(([id]) => BigInt(id))),
  at: Uint32Array.from(people.map(([, at]) => at)),
});
const PREVIOUS = 1_780_000_000;

describe('renames between two downloads (issue 50)', () => {
  it('pairs a lost and a new follower with the same follow time, the new one followed before the previous download', () => {
    const lost = side([
      [1, 1_700_000_123],
      [2, 1_700_000_500],
    ]);
    const gained = side([
      [10, 1_700_000_123],
      [11, 1_790_000_000],
    ]);
    expect(pairRenames(lost, gained, PREVIOUS, 'seconds')).toEqual([{ from: 1n, to: 10n, followedAt: 1_700_000_123 }]);
  });

  it('compares to the second in JSON and to the minute when a download is HTML', () => {
    const lost = side([[1, 1_700_000_100]]);
    const gained = side([[10, 1_700_000_110]]);
    expect(pairRenames(lost, gained, PREVIOUS, 'seconds')).toEqual([]);
    // 1_700_000_100 and …110 are in the same minute (…080 to …139).
    expect(pairRenames(lost, gained, PREVIOUS, 'minutes')).toEqual([{ from: 1n, to: 10n, followedAt: 1_700_000_110 }]);
  });

  it('keeps a pair whose follow time is after the previous download as a real loss and a real arrival', () => {
    const at = PREVIOUS + 3_600;
    expect(pairRenames(side([[1, at]]), side([[10, at]]), PREVIOUS, 'seconds')).toEqual([]);
  });

  it('leaves two renames with the same follow time as lost and new: ambiguous', () => {
    const at = 1_700_000_123;
    const lost = side([
      [1, at],
      [2, at],
    ]);
    const gained = side([
      [10, at],
      [11, at],
    ]);
    expect(pairRenames(lost, gained, PREVIOUS, 'seconds')).toEqual([]);
    // Two new names for one lost one, or two lost for one new: ambiguous too.
    expect(pairRenames(side([[1, at]]), gained, PREVIOUS, 'seconds')).toEqual([]);
    expect(pairRenames(lost, side([[10, at]]), PREVIOUS, 'seconds')).toEqual([]);
  });

  it('never pairs unknown follow times', () => {
    expect(pairRenames(side([[1, 0]]), side([[10, 0]]), PREVIOUS, 'seconds')).toEqual([]);
  });
});
