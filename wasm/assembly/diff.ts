// Set difference of two follower/following id lists, the heart of "who came, who left".

/** Status codes returned by diffSorted. */
export const DIFF_OK: i32 = 0;
export const DIFF_A_UNSORTED: i32 = 1;
export const DIFF_B_UNSORTED: i32 = 2;

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
  let i: usize = 0;
  let j: usize = 0;
  let nA: usize = 0;
  let nB: usize = 0;
  let nBoth: usize = 0;
  // The id each side consumed last (meaningful once i, j > 0): a repeat equals it, disorder is below it.
  let lastA: u64 = 0;
  let lastB: u64 = 0;

  while (i < aLen && j < bLen) {
    const x = load<u64>(a + (i << 3));
    const y = load<u64>(b + (j << 3));
    // Repeats and disorder are rare, so this one branch is almost never taken and costs nothing.
    if ((<u32>(i != 0) & <u32>(x <= lastA)) | (<u32>(j != 0) & <u32>(y <= lastB))) {
      if (i != 0 && x <= lastA) {
        if (x < lastA) return DIFF_A_UNSORTED;
        i++;
      } else {
        if (y < lastB) return DIFF_B_UNSORTED;
        j++;
      }
      continue;
    }
    // Which side is smaller is a coin toss on real lists, so the step is written without branches:
    // a branch here would be mispredicted about every other id. Each output gets its candidate written
    // and keeps it only if its count moves (the buffers have room: nA <= i < aLen, and so on).
    const takeA = <usize>(x <= y);
    const takeB = <usize>(y <= x);
    store<u64>(onlyA + (nA << 3), x);
    store<u64>(onlyB + (nB << 3), y);
    store<u64>(both + (nBoth << 3), x);
    nA += takeA & ~takeB;
    nB += takeB & ~takeA;
    nBoth += takeA & takeB;
    lastA = select<u64>(x, lastA, takeA != 0);
    lastB = select<u64>(y, lastB, takeB != 0);
    i += takeA;
    j += takeB;
  }
  for (; i < aLen; i++) {
    const x = load<u64>(a + (i << 3));
    if (i != 0 && x <= lastA) {
      if (x < lastA) return DIFF_A_UNSORTED;
      continue;
    }
    store<u64>(onlyA + (nA << 3), x);
    nA++;
    lastA = x;
  }
  for (; j < bLen; j++) {
    const y = load<u64>(b + (j << 3));
    if (j != 0 && y <= lastB) {
      if (y < lastB) return DIFF_B_UNSORTED;
      continue;
    }
    store<u64>(onlyB + (nB << 3), y);
    nB++;
    lastB = y;
  }
  store<u32>(counts, <u32>nA);
  store<u32>(counts + 4, <u32>nB);
  store<u32>(counts + 8, <u32>nBoth);
  return DIFF_OK;
}
