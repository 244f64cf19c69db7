// Sorting id lists, linear in the number of ids, in as few trips through main memory as possible.
//
// One pass deals the ids into buckets by their top significant bits (bits every id shares are not
// significant: real ids sit far below 2^64), as many buckets as leave a couple of thousand ids in
// each. A bucket that small is finished in the processor's own cache: two counting passes order it by
// its next 16 bits, after which ids that still share those bits are rare neighbours an insertion sort
// swaps. Main memory is read twice and written once, where an LSD radix sort of 11-bit digits reads it
// seven times and writes it six: on a shared machine, memory traffic is what other work takes from us.
//
// Ids that crowd into one bucket or share their next 16 bits (a few huge ids among small ones, say)
// are sorted by the LSD radix sort below, which is linear whatever the ids are, so no input is
// quadratic.

// ---- The LSD radix sort: 11-bit digits, for buckets the deal could not spread ----

const BITS: u64 = 11;
const DIGITS: usize = 6;
const BUCKETS: usize = 1 << 11;
const MASK: u64 = (1 << 11) - 1;
const HISTOGRAM_BYTES: usize = BUCKETS << 2;

// The six histograms live in the core's static memory, so a caller cannot pass one too small.
const histograms = memory.data(<i32>(DIGITS * HISTOGRAM_BYTES), 16);

/** Adds one to the u32 counter of `value`'s digit at `shift` in the histogram at `histogram`. */
@inline function count(histogram: usize, value: u64, shift: u64): void {
  const at = histogram + (<usize>((value >> shift) & MASK) << 2);
  store<u32>(at, load<u32>(at) + 1);
}

/**
 * Turns the counts of one digit into the byte address where each bucket's ids start in `target`.
 * Returns false when every id has the same digit: that pass would only copy, so it is skipped.
 */
function startAddresses(histogram: usize, len: usize, target: usize): bool {
  let start = target;
  for (let bucket: usize = 0; bucket < HISTOGRAM_BYTES; bucket += 4) {
    const ids = <usize>load<u32>(histogram + bucket);
    if (ids == len) return false;
    store<u32>(histogram + bucket, <u32>start);
    start += ids << 3;
  }
  return true;
}

/** Moves `value` to the next free place of its digit's bucket (stable, so lower digits keep their order). */
@inline function place(value: u64, shift: u64, histogram: usize): void {
  const slot = histogram + (<usize>((value >> shift) & MASK) << 2);
  const at = <usize>load<u32>(slot);
  store<u64>(at, value);
  store<u32>(slot, <u32>(at + 8));
}

/** One pass: every id of `source` to its bucket. Two ids an iteration keep more loads in flight (about 8% faster). */
function scatter(source: usize, len: usize, shift: u64, histogram: usize): void {
  const end = source + (len << 3);
  let at = source;
  for (; at + 16 <= end; at += 16) {
    const first = load<u64>(at);
    const second = load<u64>(at, 8);
    place(first, shift, histogram);
    place(second, shift, histogram);
  }
  if (at < end) place(load<u64>(at), shift, histogram);
}

/**
 * Sorts `len` u64 ids at `ptr` ascending with six 11-bit digits; `scratch` must hold `len` ids. One
 * read counts all six digits; a digit every id shares is skipped. The result ends at `ptr`. 2,048
 * buckets is the sweet spot for 64-bit keys: a histogram fits in L1 and 6 passes cover 64 bits.
 */
export function radixSort(ptr: usize, len: usize, scratch: usize): void {
  if (len < 2) return;
  memory.fill(histograms, 0, DIGITS * HISTOGRAM_BYTES);
  const end = ptr + (len << 3);
  for (let at = ptr; at < end; at += 8) {
    const value = load<u64>(at);
    count(histograms, value, 0);
    count(histograms + HISTOGRAM_BYTES, value, BITS);
    count(histograms + 2 * HISTOGRAM_BYTES, value, 2 * BITS);
    count(histograms + 3 * HISTOGRAM_BYTES, value, 3 * BITS);
    count(histograms + 4 * HISTOGRAM_BYTES, value, 4 * BITS);
    count(histograms + 5 * HISTOGRAM_BYTES, value, 5 * BITS);
  }
  let source = ptr;
  let target = scratch;
  for (let digit: usize = 0; digit < DIGITS; digit++) {
    const histogram = histograms + digit * HISTOGRAM_BYTES;
    if (!startAddresses(histogram, len, target)) continue;
    scatter(source, len, <u64>digit * BITS, histogram);
    const swap = source;
    source = target;
    target = swap;
  }
  // An odd number of passes (some were skipped) leaves the ids in the scratch buffer.
  if (source != ptr) memory.copy(ptr, source, len << 3);
}

// ---- The deal into buckets by the top significant bits ----

/** At most 12 bits of buckets: 4,096 write streams are what the cache and TLB keep open. */
const TOP_BITS_MAX: u64 = 12;
/** Bucket ends of a deal, one table per list of a diff. */
export const ENDS_A = memory.data(<i32>(1 << 12 << 2), 16);
export const ENDS_B = memory.data(<i32>(1 << 12 << 2), 16);

/** How many ids a bucket may hold and still be sorted in cache (64 kB). */
export const ROOM_IDS: usize = 8192;
// Where sortBucket's first counting pass writes.
const PASS = memory.data(<i32>(ROOM_IDS << 3), 16);
// Counts, then next addresses, of the two 8-bit digits below a bucket's bits.
const LOW_DIGIT = memory.data(256 << 2, 16);
const HIGH_DIGIT = memory.data(256 << 2, 16);

/** Bits of buckets for lists of up to `len` ids: about 2,000 ids a bucket (measured best at 1,000,000). */
export function topBitsFor(len: usize): u64 {
  const bits = <i64>(32 - clz(<u32>len)) - 11;
  return bits < 0 ? 0 : min(<u64>bits, TOP_BITS_MAX);
}

// The bits every id of the lists seen by span() shares (AND) and has anywhere (OR).
let allOf: u64 = 0;
let anyOf: u64 = 0;

/** Starts span(): nothing seen yet, nothing counted in ENDS_A and ENDS_B. */
export function spanStart(topBits: u64): void {
  allOf = ~(<u64>0);
  anyOf = 0;
  memory.fill(ENDS_A, 0, <usize>1 << <usize>topBits << 2);
  memory.fill(ENDS_B, 0, <usize>1 << <usize>topBits << 2);
}

/**
 * Folds `len` ids at `ptr` into the shared and the used bits, and counts them into `ends` by the top
 * `topBits` of all 64 bits. When the ids differ in bit 63 (hashes do), those are the deal's counts
 * already (counted()), and the deal skips its own read of the ids.
 */
export function span(ptr: usize, len: usize, topBits: u64, ends: usize): void {
  let all = allOf;
  let any = anyOf;
  const shift = 64 - topBits;
  const mask: u64 = (<u64>1 << topBits) - 1;
  const end = ptr + (len << 3);
  for (let at = ptr; at < end; at += 8) {
    const value = load<u64>(at);
    all &= value;
    any |= value;
    const slot = ends + (<usize>((value >> shift) & mask) << 2);
    store<u32>(slot, load<u32>(slot) + 1);
  }
  allOf = all;
  anyOf = any;
}

/** Whether span()'s counts are the deal's at `shift` (spanShift's). */
export function counted(shift: u64, topBits: u64): bool {
  return shift == 64 - topBits;
}

/**
 * The shift that brings the top `topBits` of the bits the ids seen differ in to the bottom. Bits above
 * are the same in every id, so bucket order is id order. At 0, the ids of one bucket are equal.
 */
export function spanShift(topBits: u64): u64 {
  const significant = <u64>(64 - clz(allOf ^ anyOf));
  return significant > topBits ? significant - topBits : 0;
}

/**
 * Deals `len` ids at `source` into 2^topBits buckets in `target`, in bucket order. `ends` holds span()'s
 * counts, and receives the byte address where each bucket ends; bucket k starts where bucket k-1 ends.
 */
export function deal(source: usize, len: usize, shift: u64, topBits: u64, target: usize, ends: usize): void {
  const mask: u64 = (<u64>1 << topBits) - 1;
  const tableEnd = ends + (<usize>1 << <usize>topBits << 2);
  const end = source + (len << 3);
  if (!counted(shift, topBits)) {
    memory.fill(ends, 0, tableEnd - ends);
    for (let at = source; at < end; at += 8) {
      const slot = ends + (<usize>((load<u64>(at) >> shift) & mask) << 2);
      store<u32>(slot, load<u32>(slot) + 1);
    }
  }
  let start = target;
  for (let slot = ends; slot < tableEnd; slot += 4) {
    const ids = <usize>load<u32>(slot);
    store<u32>(slot, <u32>start);
    start += ids << 3;
  }
  // Two ids an iteration keep more loads in flight.
  let at = source;
  for (; at + 16 <= end; at += 16) {
    const first = load<u64>(at);
    const second = load<u64>(at, 8);
    moveTo(ends + (<usize>((first >> shift) & mask) << 2), first);
    moveTo(ends + (<usize>((second >> shift) & mask) << 2), second);
  }
  if (at < end) {
    const value = load<u64>(at);
    moveTo(ends + (<usize>((value >> shift) & mask) << 2), value);
  }
}

/** Writes `value` at the address kept in `slot`, and moves that address on. */
@inline function moveTo(slot: usize, value: u64): void {
  const at = <usize>load<u32>(slot);
  store<u64>(at, value);
  store<u32>(slot, <u32>(at + 8));
}

/** One counting pass of `len` ids from `source` by the digit at `shift` (`mask`), to the addresses in `next`. */
@inline function countingPass(source: usize, len: usize, shift: u64, mask: u64, next: usize): void {
  const end = source + (len << 3);
  for (let at = source; at < end; at += 8) {
    const value = load<u64>(at);
    moveTo(next + (<usize>((value >> shift) & mask) << 2), value);
  }
}

/**
 * Insertion sort of `len` ids at `ptr`, giving up (false) once it has moved ids more than `budget`
 * places in all: quick when each id is a few places from its own, and never quadratic. An id already
 * after its neighbour costs two loads and a compare.
 */
function insertionSort(ptr: usize, len: usize, budget: usize): bool {
  const end = ptr + (len << 3);
  let left = <isize>budget;
  for (let at = ptr + 8; at < end; at += 8) {
    const value = load<u64>(at);
    if (load<u64>(at - 8) <= value) continue;
    let hole = at;
    do {
      store<u64>(hole, load<u64>(hole - 8));
      hole -= 8;
    } while (hole > ptr && load<u64>(hole - 8) > value);
    store<u64>(hole, value);
    left -= <isize>((at - hole) >> 3);
    if (left < 0) return false;
  }
  return true;
}

/**
 * Sorts one dealt bucket: `len` ids at `source` that agree above bit `shift`. Returns where the sorted
 * ids are: at `room` (room for ROOM_IDS ids) after two counting passes by the 16 bits below `shift` and
 * an insertion sort of what they leave, or at `source` (a bucket of equal ids, or a few, or more than
 * ROOM_IDS, or ids that share their next 16 bits: the radix sort, with `spare`, room for `len` ids).
 */
export function sortBucket(source: usize, len: usize, shift: u64, room: usize, spare: usize): usize {
  if (len < 2 || shift == 0) return source;
  if (len <= 16) {
    insertionSort(source, len, len * len);
    return source;
  }
  if (len > ROOM_IDS) {
    radixSort(source, len, spare);
    return source;
  }
  const bits: u64 = shift < 16 ? shift : 16;
  const lowBits = bits >> 1;
  const lowShift = shift - bits;
  const highShift = lowShift + lowBits;
  const fieldMask: u32 = (1 << <u32>bits) - 1;
  const lowMask: u64 = (<u64>1 << lowBits) - 1;
  const highMask: u64 = (<u64>1 << (bits - lowBits)) - 1;
  memory.fill(LOW_DIGIT, 0, 256 << 2);
  memory.fill(HIGH_DIGIT, 0, 256 << 2);
  const end = source + (len << 3);
  for (let at = source; at < end; at += 8) {
    // Both digits from one 16-bit field.
    const field = <u32>(load<u64>(at) >> lowShift) & fieldMask;
    const low = LOW_DIGIT + (<usize>(field & <u32>lowMask) << 2);
    const high = HIGH_DIGIT + (<usize>(field >> <u32>lowBits) << 2);
    store<u32>(low, load<u32>(low) + 1);
    store<u32>(high, load<u32>(high) + 1);
  }
  let lowStart = PASS;
  let highStart = room;
  for (let digit: usize = 0; digit < 256 << 2; digit += 4) {
    const low = <usize>load<u32>(LOW_DIGIT + digit);
    const high = <usize>load<u32>(HIGH_DIGIT + digit);
    store<u32>(LOW_DIGIT + digit, <u32>lowStart);
    store<u32>(HIGH_DIGIT + digit, <u32>highStart);
    lowStart += low << 3;
    highStart += high << 3;
  }
  // Low digit first, then the high one, stably: ordered by all 16 bits.
  countingPass(source, len, lowShift, lowMask, LOW_DIGIT);
  countingPass(PASS, len, highShift, highMask, HIGH_DIGIT);
  // Random ids of a 2,000-id bucket share 16 bits about 30 times: a few moves. More means ids that
  // cluster, for the radix sort (`source` is as dealt still).
  if (insertionSort(room, len, len << 2)) return room;
  radixSort(source, len, PASS);
  return source;
}

/**
 * Sorts `len` u64 ids at `ptr` ascending; `scratch` must hold `len` ids. The ids are dealt into
 * `scratch`, and each bucket is sorted back to its own place at `ptr`.
 */
export function sortIds(ptr: usize, len: usize, scratch: usize): void {
  if (len < 2) return;
  const topBits = topBitsFor(len);
  spanStart(topBits);
  span(ptr, len, topBits, ENDS_A);
  const shift = spanShift(topBits);
  deal(ptr, len, shift, topBits, scratch, ENDS_A);
  let start = scratch;
  for (let bucket: usize = 0; bucket < <usize>1 << <usize>topBits; bucket++) {
    const end = <usize>load<u32>(ENDS_A + (bucket << 2));
    const ids = (end - start) >> 3;
    const home = ptr + (start - scratch);
    const sorted = sortBucket(start, ids, shift, home, home);
    if (sorted != home) memory.copy(home, sorted, ids << 3);
    start = end;
  }
}
