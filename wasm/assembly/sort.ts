// Sorting id lists: an LSD radix sort, 6 passes of 11 bits (2,048 buckets fit in cache), linear in the
// number of ids.

const BITS: u64 = 11;
const BUCKETS: usize = 1 << 11;
const MASK: u64 = (1 << 11) - 1;

/**
 * Sorts `len` u64 ids at `ptr` ascending. `scratch` must hold `len` ids and `counts` 2,048 u32.
 * The pass count (6) is even, so the result ends where it started, at `ptr`.
 */
export function sortIds(ptr: usize, len: usize, scratch: usize, counts: usize): void {
  let source = ptr;
  let target = scratch;
  for (let shift: u64 = 0; shift < 64; shift += BITS) {
    memory.fill(counts, 0, BUCKETS << 2);
    for (let i: usize = 0; i < len; i++) {
      const bucket = <usize>((load<u64>(source + (i << 3)) >> shift) & MASK) << 2;
      store<u32>(counts + bucket, load<u32>(counts + bucket) + 1);
    }
    let start: u32 = 0;
    for (let bucket: usize = 0; bucket < BUCKETS << 2; bucket += 4) {
      const count = load<u32>(counts + bucket);
      store<u32>(counts + bucket, start);
      start += count;
    }
    for (let i: usize = 0; i < len; i++) {
      const value = load<u64>(source + (i << 3));
      const bucket = <usize>((value >> shift) & MASK) << 2;
      const position = load<u32>(counts + bucket);
      store<u64>(target + (<usize>position << 3), value);
      store<u32>(counts + bucket, position + 1);
    }
    const swap = source;
    source = target;
    target = swap;
  }
}
