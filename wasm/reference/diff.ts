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

/**
 * The straightforward TypeScript way on typed arrays, the benchmark's baseline: sort both lists
 * with the platform sort, then one merge writing into typed arrays.
 */
export function diffTyped(a: BigUint64Array, b: BigUint64Array): IdDiff {
  const x = a.slice().sort();
  const y = b.slice().sort();
  const onlyA = new BigUint64Array(x.length);
  const onlyB = new BigUint64Array(y.length);
  const both = new BigUint64Array(Math.min(x.length, y.length));
  let i = 0;
  let j = 0;
  let nA = 0;
  let nB = 0;
  let nBoth = 0;
  while (i < x.length && j < y.length) {
    const u = x[i] as bigint;
    const v = y[j] as bigint;
    if (u < v) {
      onlyA[nA++] = u;
      i++;
    } else if (v < u) {
      onlyB[nB++] = v;
      j++;
    } else {
      both[nBoth++] = u;
      i++;
      j++;
    }
  }
  while (i < x.length) onlyA[nA++] = x[i++] as bigint;
  while (j < y.length) onlyB[nB++] = y[j++] as bigint;
  return { onlyA: onlyA.slice(0, nA), onlyB: onlyB.slice(0, nB), both: both.slice(0, nBoth) };
}
