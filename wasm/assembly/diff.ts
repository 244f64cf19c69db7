// Set difference of two follower/following id lists, the heart of "who came, who left".
import { deal, ENDS_A, ENDS_B, ROOM_IDS, sortBucket, span, spanShift, spanStart, topBitsFor } from './sort';

/** Status codes returned by diffSorted. */
export const DIFF_OK: i32 = 0;
export const DIFF_A_UNSORTED: i32 = 1;
export const DIFF_B_UNSORTED: i32 = 2;

// The merge's cursors and counts, shared by its fast and careful parts (AssemblyScript returns one value).
let i: usize = 0;
let j: usize = 0;
let nA: usize = 0;
let nB: usize = 0;
let nBoth: usize = 0;

/**
 * Merges two ascending arrays of u64 ids and writes the ids only in A, only in B, and in both.
 * Repeated ids collapse to one (the lists are sets). Each output buffer must hold as many ids as
 * the input it comes from (both: the shorter input). The three counts are written as u32 at
 * `counts`, `counts+4`, `counts+8`. Returns DIFF_OK, or which input was found out of order.
 */
export function diffSorted(
  a: usize,
  aLen: usize,
  b: usize,
  bLen: usize,
  onlyA: usize,
  onlyB: usize,
  both: usize,
  counts: usize,
): i32 {
  i = 0;
  j = 0;
  nA = 0;
  nB = 0;
  nBoth = 0;
  mergeStrictlyAscending(a, aLen, b, bLen, onlyA, onlyB, both);
  const status = mergeCarefully(a, aLen, b, bLen, onlyA, onlyB, both);
  store<u32>(counts, <u32>nA);
  store<u32>(counts + 4, <u32>nB);
  store<u32>(counts + 8, <u32>nBoth);
  return status;
}

// Where a bucket of each list is sorted, in cache, before the two are merged.
const ROOM_A = memory.data(<i32>(ROOM_IDS << 3), 16);
const ROOM_B = memory.data(<i32>(ROOM_IDS << 3), 16);

/**
 * diffSorted for lists in any order, with the same outputs (ascending). Both lists are dealt into
 * buckets by the same top bits (sort.ts), `a` into `dealtA` and `b` into `dealtB`; then bucket by
 * bucket, each side is sorted in cache and the two are merged. An id's bucket depends on the id alone,
 * so equal ids meet in one bucket, and buckets come in id order, so the outputs are ascending.
 *
 * Once dealt, the inputs are free: `onlyA` may be `a` and `onlyB` may be `b`. A bucket sortBucket
 * cannot sort in its room is radix sorted where it was dealt, with the input's space at the bucket's
 * offset as scratch: outputs written so far never reach it, as each came from an earlier bucket. So
 * `onlyA` and `onlyB` must be `a` and `b`, or overlap nothing. Counts as diffSorted; always DIFF_OK.
 */
export function diffIds(
  a: usize,
  aLen: usize,
  b: usize,
  bLen: usize,
  dealtA: usize,
  dealtB: usize,
  onlyA: usize,
  onlyB: usize,
  both: usize,
  counts: usize,
): i32 {
  nA = 0;
  nB = 0;
  nBoth = 0;
  const topBits = topBitsFor(max(aLen, bLen));
  spanStart(topBits);
  span(a, aLen, topBits, ENDS_A);
  span(b, bLen, topBits, ENDS_B);
  const shift = spanShift(topBits);
  deal(a, aLen, shift, topBits, dealtA, ENDS_A);
  deal(b, bLen, shift, topBits, dealtB, ENDS_B);
  let startA = dealtA;
  let startB = dealtB;
  for (let bucket: usize = 0; bucket < <usize>1 << <usize>topBits; bucket++) {
    const endA = <usize>load<u32>(ENDS_A + (bucket << 2));
    const endB = <usize>load<u32>(ENDS_B + (bucket << 2));
    const lenA = (endA - startA) >> 3;
    const lenB = (endB - startB) >> 3;
    const sortedA = sortBucket(startA, lenA, shift, ROOM_A, a + (startA - dealtA));
    const sortedB = sortBucket(startB, lenB, shift, ROOM_B, b + (startB - dealtB));
    i = 0;
    j = 0;
    mergeStrictlyAscending(sortedA, lenA, sortedB, lenB, onlyA, onlyB, both);
    mergeCarefully(sortedA, lenA, sortedB, lenB, onlyA, onlyB, both);
    startA = endA;
    startB = endB;
  }
  store<u32>(counts, <u32>nA);
  store<u32>(counts + 4, <u32>nB);
  store<u32>(counts + 8, <u32>nBoth);
  return DIFF_OK;
}

/**
 * The merge while each list's next id is above its current one, which is all of a real list: no
 * repeat to skip and no disorder to report. Which side is smaller is a coin toss there, so the step
 * has no branch on it (a branch would be mispredicted about every other id): the smaller id goes to
 * the one output it belongs to through a computed address, and the next ids are loaded a step
 * ahead, so the compare does not wait for a load. Stops at the first repeat or disorder, and one id
 * before either end (the look-ahead stays inside the lists); mergeCarefully goes on from there.
 */
function mergeStrictlyAscending(
  a: usize,
  aLen: usize,
  b: usize,
  bLen: usize,
  onlyA: usize,
  onlyB: usize,
  both: usize,
): void {
  if (aLen < 2 || bLen < 2) return;
  let atA = a;
  let atB = b;
  const lastA = a + ((aLen - 1) << 3);
  const lastB = b + ((bLen - 1) << 3);
  let x = load<u64>(atA);
  let y = load<u64>(atB);
  // Cursors in locals, not the globals: the loop keeps them in registers.
  let toA = onlyA + (nA << 3);
  let toB = onlyB + (nB << 3);
  let toBoth = both + (nBoth << 3);
  while (atA < lastA && atB < lastB) {
    const nextX = load<u64>(atA, 8);
    const nextY = load<u64>(atB, 8);
    // Rare, so predicted right: a repeat or disorder is mergeCarefully's to handle.
    if (<u32>(nextX <= x) | <u32>(nextY <= y)) break;
    const below = x < y;
    const above = y < x;
    // Each output gets its candidate, and only the one that took it moves on: stores are cheaper than
    // choosing an address.
    store<u64>(toA, x);
    store<u64>(toB, y);
    store<u64>(toBoth, x);
    toA += <usize>below << 3;
    toB += <usize>above << 3;
    toBoth += <usize>(x == y) << 3;
    atA += <usize>!above << 3;
    atB += <usize>!below << 3;
    x = select<u64>(nextX, x, !above);
    y = select<u64>(nextY, y, !below);
  }
  nA = (toA - onlyA) >> 3;
  nB = (toB - onlyB) >> 3;
  nBoth = (toBoth - both) >> 3;
  i = (atA - a) >> 3;
  j = (atB - b) >> 3;
}

/** The merge from cursors i, j to the ends, skipping repeats and reporting disorder. */
function mergeCarefully(a: usize, aLen: usize, b: usize, bLen: usize, onlyA: usize, onlyB: usize, both: usize): i32 {
  // The id each side consumed last (meaningful once i, j > 0): a repeat equals it, disorder is below it.
  let lastA: u64 = i != 0 ? load<u64>(a + ((i - 1) << 3)) : 0;
  let lastB: u64 = j != 0 ? load<u64>(b + ((j - 1) << 3)) : 0;
  while (i < aLen && j < bLen) {
    const x = load<u64>(a + (i << 3));
    const y = load<u64>(b + (j << 3));
    if (i != 0 && x <= lastA) {
      if (x < lastA) return DIFF_A_UNSORTED;
      i++;
    } else if (j != 0 && y <= lastB) {
      if (y < lastB) return DIFF_B_UNSORTED;
      j++;
    } else if (x < y) {
      store<u64>(onlyA + (nA++ << 3), x);
      lastA = x;
      i++;
    } else if (y < x) {
      store<u64>(onlyB + (nB++ << 3), y);
      lastB = y;
      j++;
    } else {
      store<u64>(both + (nBoth++ << 3), x);
      lastA = x;
      lastB = x;
      i++;
      j++;
    }
  }
  for (; i < aLen; i++) {
    const x = load<u64>(a + (i << 3));
    if (i != 0 && x <= lastA) {
      if (x < lastA) return DIFF_A_UNSORTED;
      continue;
    }
    store<u64>(onlyA + (nA++ << 3), x);
    lastA = x;
  }
  for (; j < bLen; j++) {
    const y = load<u64>(b + (j << 3));
    if (j != 0 && y <= lastB) {
      if (y < lastB) return DIFF_B_UNSORTED;
      continue;
    }
    store<u64>(onlyB + (nB++ << 3), y);
    lastB = y;
  }
  return DIFF_OK;
}
