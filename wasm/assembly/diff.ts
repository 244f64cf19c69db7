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
  let prevA: u64 = 0;
  let prevB: u64 = 0;
  let seenA = false;
  let seenB = false;

  while (i < aLen && j < bLen) {
    const x = load<u64>(a + (i << 3));
    const y = load<u64>(b + (j << 3));
    // A repeat is skipped; a smaller id than the last means the caller broke the contract.
    if (seenA && x <= prevA) {
      if (x < prevA) return DIFF_A_UNSORTED;
      i++;
      continue;
    }
    if (seenB && y <= prevB) {
      if (y < prevB) return DIFF_B_UNSORTED;
      j++;
      continue;
    }
    if (x < y) {
      store<u64>(onlyA + (nA << 3), x);
      nA++;
      prevA = x;
      seenA = true;
      i++;
    } else if (y < x) {
      store<u64>(onlyB + (nB << 3), y);
      nB++;
      prevB = y;
      seenB = true;
      j++;
    } else {
      store<u64>(both + (nBoth << 3), x);
      nBoth++;
      prevA = x;
      prevB = x;
      seenA = true;
      seenB = true;
      i++;
      j++;
    }
  }
  for (; i < aLen; i++) {
    const x = load<u64>(a + (i << 3));
    if (seenA && x <= prevA) {
      if (x < prevA) return DIFF_A_UNSORTED;
      continue;
    }
    store<u64>(onlyA + (nA << 3), x);
    nA++;
    prevA = x;
    seenA = true;
  }
  for (; j < bLen; j++) {
    const y = load<u64>(b + (j << 3));
    if (seenB && y <= prevB) {
      if (y < prevB) return DIFF_B_UNSORTED;
      continue;
    }
    store<u64>(onlyB + (nB << 3), y);
    nB++;
    prevB = y;
    seenB = true;
  }
  store<u32>(counts, <u32>nA);
  store<u32>(counts + 4, <u32>nB);
  store<u32>(counts + 8, <u32>nBoth);
  return DIFF_OK;
}
