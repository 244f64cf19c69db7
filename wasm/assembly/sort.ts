// Sorting id lists: an LSD radix sort, 8 passes of 8 bits, linear in the number of ids.

/**
 * Sorts `len` u64 ids at `ptr` ascending. `scratch` must hold `len` ids and `counts` 256 u32.
 * The pass count is even, so the result ends where it started, at `ptr`.
 */
export function sortIds(ptr: usize, len: usize, scratch: usize, counts: usize): void {
  let source = ptr;
  let target = scratch;
  for (let shift: u64 = 0; shift < 64; shift += 8) {
    memory.fill(counts, 0, 1024);
    for (let i: usize = 0; i < len; i++) {
      const bucket = <usize>((load<u64>(source + (i << 3)) >> shift) & 0xff) << 2;
      store<u32>(counts + bucket, load<u32>(counts + bucket) + 1);
    }
    let start: u32 = 0;
    for (let bucket: usize = 0; bucket < 1024; bucket += 4) {
      const count = load<u32>(counts + bucket);
      store<u32>(counts + bucket, start);
      start += count;
    }
    for (let i: usize = 0; i < len; i++) {
      const value = load<u64>(source + (i << 3));
      const bucket = <usize>((value >> shift) & 0xff) << 2;
      const position = load<u32>(counts + bucket);
      store<u64>(target + (<usize>position << 3), value);
      store<u32>(counts + bucket, position + 1);
    }
    const swap = source;
    source = target;
    target = swap;
  }
}
