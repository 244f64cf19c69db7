// Plain TypeScript oracle for the core's diffSorted: property tests and benchmarks compare against it.
import { type IdDiff, UnsortedIdsError } from '../collector.ts';

/** Reference set difference of two ascending id arrays; repeats collapse. */
export function diffSortedReference(a: BigUint64Array, b: BigUint64Array): IdDiff {
  const onlyA: bigint[] = [];
  const onlyB: bigint[] = [];
  const both: bigint[] = [];
  const ua = unique(a, 'a');
  const ub = unique(b, 'b');
  let i = 0;
  let j = 0;
  while (i < ua.length || j < ub.length) {
    const x = ua[i];
    const y = ub[j];
    if (y === undefined || (x !== undefined && x < y)) {
      onlyA.push(x as bigint);
      i++;
    } else if (x === undefined || y < x) {
      onlyB.push(y);
      j++;
    } else {
      both.push(x);
      i++;
      j++;
    }
  }
  return { onlyA: BigUint64Array.from(onlyA), onlyB: BigUint64Array.from(onlyB), both: BigUint64Array.from(both) };
}

function unique(ids: BigUint64Array, which: 'a' | 'b'): bigint[] {
  const out: bigint[] = [];
  for (const id of ids) {
    const last = out[out.length - 1];
    if (last !== undefined && id < last) throw new UnsortedIdsError(which);
    if (last !== id) out.push(id);
  }
  return out;
}
