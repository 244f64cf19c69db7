// The people of one list as columns (issue 19): every name's UTF-8 bytes in one pool and, per person,
// where the name starts, its id (the name's hash, taken as it arrives) and the follow time, in typed
// arrays. Measured on a million followers, a Person object per follower with its name string, its
// parse garbage and the object sort cost the worker's renderer about 600 MB; these columns hold the
// same million in about 35 MB and sort by id without comparing strings.
import { hashInto } from './name-id.ts';

/** One person of a list: their username (lowercase) and when the relation started (Unix seconds). */
export interface Person {
  name: string;
  at: number | null;
}

/** The snapshot keeps at most this many bytes of a name (the network's names are 30 at most). */
export const MAX_NAME_BYTES = 64;

/** Unix seconds the snapshot can carry (u32, 0 = unknown), or 0 for anything else. */
export function followSeconds(value: number): number {
  return Number.isFinite(value) && value >= 1 && value < 2 ** 32 ? Math.floor(value) : 0;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** A merged list: one person per name, in id order, read through `name(k)`, `at(k)` and the id columns. */
export class PeopleList {
  constructor(
    /** How many people. */
    readonly count: number,
    /** The k-th person (in id order) is person `order[k]` of the columns below. */
    readonly order: Uint32Array,
    readonly pool: Uint8Array,
    readonly starts: Uint32Array,
    /** Follow time in Unix seconds, 0 when unknown. */
    readonly times: Uint32Array,
    readonly hi: Uint32Array,
    readonly lo: Uint32Array,
  ) {}

  /** The k-th person's name as UTF-8 bytes (a view, not a copy). */
  nameBytes(k: number): Uint8Array {
    const i = this.order[k] as number;
    return this.pool.subarray(this.starts[i], this.starts[i + 1]);
  }

  name(k: number): string {
    return decoder.decode(this.nameBytes(k));
  }

  /** The k-th person's follow time, null when the download does not say. */
  at(k: number): number | null {
    return this.times[this.order[k] as number] || null;
  }

  /** Everyone as objects, in id order: for small lists and tests, never for a million followers. */
  people(): Person[] {
    return Array.from({ length: this.count }, (_, k) => ({ name: this.name(k), at: this.at(k) }));
  }
}

/** Gathers a list's people as they are read, then merges them (`finish`). */
export class PeopleCollector {
  private pool = new Uint8Array(1 << 16);
  private starts = new Uint32Array(1025);
  private times = new Uint32Array(1024);
  private hi = new Uint32Array(1024);
  private lo = new Uint32Array(1024);
  private count = 0;

  /** Adds a person whose (already normalised) name is bytes [from, to) of `bytes`, valid UTF-8. */
  addBytes(bytes: Uint8Array, from: number, to: number, at: number): void {
    const length = Math.min(to - from, MAX_NAME_BYTES);
    if (length <= 0) return;
    // Cutting at 64 bytes must not split a character: back off continuation bytes.
    let end = from + length;
    if (end < to) while (end > from && ((bytes[end] as number) & 0xc0) === 0x80) end--;
    const start = this.reserve(end - from);
    this.pool.set(bytes.subarray(from, end), start);
    this.commit(start + end - from, at);
  }

  /** Adds a person by (already normalised) name. */
  add(name: string, at: number): void {
    if (!name) return;
    const start = this.reserve(MAX_NAME_BYTES);
    const { written } = encoder.encodeInto(name, this.pool.subarray(start, start + MAX_NAME_BYTES));
    if (written > 0) this.commit(start + written, at);
  }

  /** Room for one more person and `bytes` more name bytes; returns where the name goes. */
  private reserve(bytes: number): number {
    const n = this.count;
    if (n + 1 >= this.times.length) {
      const size = this.times.length * 2;
      this.starts = grow(this.starts, size + 1);
      this.times = grow(this.times, size);
      this.hi = grow(this.hi, size);
      this.lo = grow(this.lo, size);
    }
    const start = this.starts[n] as number;
    if (start + bytes > this.pool.length) this.pool = grow(this.pool, Math.max(this.pool.length * 2, start + bytes));
    return start;
  }

  private commit(end: number, at: number): void {
    const n = this.count++;
    this.starts[n + 1] = end;
    this.times[n] = followSeconds(at);
    hashInto(this.pool, this.starts[n] as number, end, this.hi, this.lo, n);
  }

  /**
   * Sorts by id and keeps one person per name with the earliest known follow time: order and repeats
   * in the download do not matter. The collector must not be used afterwards.
   */
  finish(): PeopleList {
    const { count: n, pool, starts, times, hi, lo } = this;
    const sorted = sortById(hi, lo, n);
    let kept = 0;
    for (let k = 0; k < n; k++) {
      const i = sorted[k] as number;
      // The same name is the same id, so a repeat sits among the kept people with its id (two names
      // sharing an id, a 64-bit collision, stay two: the server refuses such a snapshot).
      let same = -1;
      for (let j = kept - 1; j >= 0; j--) {
        const other = sorted[j] as number;
        if (hi[other] !== hi[i] || lo[other] !== lo[i]) break;
        if (sameBytes(pool, starts, i, other)) same = other;
      }
      if (same < 0) {
        sorted[kept++] = i;
        continue;
      }
      const at = times[i] as number;
      if (at && (!times[same] || at < (times[same] as number))) times[same] = at;
    }
    return new PeopleList(kept, sorted.subarray(0, kept), pool, starts, times, hi, lo);
  }
}

function grow<T extends Uint8Array | Uint32Array>(array: T, size: number): T {
  const grown = new (array.constructor as new (size: number) => T)(size);
  grown.set(array);
  return grown;
}

function sameBytes(pool: Uint8Array, starts: Uint32Array, a: number, b: number): boolean {
  const from = starts[a] as number;
  const other = starts[b] as number;
  const length = (starts[a + 1] as number) - from;
  if (length !== (starts[b + 1] as number) - other) return false;
  for (let j = 0; j < length; j++) if (pool[from + j] !== pool[other + j]) return false;
  return true;
}

/**
 * Indices 0..n-1 ordered by the 64-bit id (hi, lo): a stable radix sort, 16 bits a pass from the
 * lowest, so a million ids sort in four linear passes instead of twenty million compare calls.
 */
export function sortById(hi: Uint32Array, lo: Uint32Array, n: number): Uint32Array {
  let order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  let spare = new Uint32Array(n);
  const counts = new Uint32Array(65_536);
  for (const [key, shift] of [
    [lo, 0],
    [lo, 16],
    [hi, 0],
    [hi, 16],
  ] as const) {
    counts.fill(0);
    for (let i = 0; i < n; i++) {
      const digit = ((key[i] as number) >>> shift) & 0xffff;
      counts[digit] = (counts[digit] as number) + 1;
    }
    let sum = 0;
    for (let d = 0; d < 65_536; d++) {
      const c = counts[d] as number;
      counts[d] = sum;
      sum += c;
    }
    for (let k = 0; k < n; k++) {
      const i = order[k] as number;
      const digit = ((key[i] as number) >>> shift) & 0xffff;
      const to = counts[digit] as number;
      counts[digit] = to + 1;
      spare[to] = i;
    }
    [order, spare] = [spare, order];
  }
  return order;
}
