// Id arrays as stored: 64-bit little-endian values, deflated. One row per list, not per follower
// (DESIGN.md: 1M ids as rows took 57 s in IndexedDB, as one packed array 40 ms).
import { promisify } from 'node:util';
import { deflate as deflateOnPool, deflateSync, inflate as inflateOnPool, inflateSync } from 'node:zlib';

/** zlib's fastest level, as the arrays have always been stored. */
const LEVEL = 1;
const deflateAsync = promisify(deflateOnPool);
const inflateAsync = promisify(inflateOnPool);

function deflate(values: BigUint64Array | Uint32Array): Buffer {
  return deflateSync(Buffer.from(values.buffer, values.byteOffset, values.byteLength), { level: LEVEL });
}

/** Inflates into a fresh buffer: a typed view needs alignment, which zlib's output may lack. */
function inflateAligned(packed: Uint8Array): ArrayBuffer {
  const raw = inflateSync(packed);
  const aligned = new ArrayBuffer(raw.byteLength);
  new Uint8Array(aligned).set(raw);
  return aligned;
}

/**
 * Deflates a part of an array for storage (parts.ts) on libuv's thread pool (issue 31): a part is 512 kB,
 * a few milliseconds of zlib, and a 1M + 1M commit deflates about sixty of them, which done in line held
 * the event loop, and every request waiting on it, for their sum. `values` must not change until it ends.
 */
export function deflateValues(values: BigUint64Array | Uint32Array): Promise<Buffer> {
  return deflateAsync(Buffer.from(values.buffer, values.byteOffset, values.byteLength), { level: LEVEL });
}

/**
 * Inflates a part whose first value belongs at `offset` of `target` (negative: before its start), copying
 * only the values that fall inside `target`; on the thread pool, as `deflateValues`.
 */
export async function inflateInto(
  packed: Uint8Array,
  target: BigUint64Array | Uint32Array,
  offset: number,
): Promise<void> {
  const raw = await inflateAsync(packed);
  const size = target.BYTES_PER_ELEMENT;
  const start = Math.max(0, -offset);
  const end = Math.min(raw.byteLength / size, target.length - offset);
  if (end <= start) return;
  const into = new Uint8Array(target.buffer, target.byteOffset + (offset + start) * size, (end - start) * size);
  into.set(raw.subarray(start * size, end * size));
}

/** Packs ids for storage. */
export function pack(ids: BigUint64Array): Buffer {
  return deflate(ids);
}

/** Unpacks stored ids. */
export function unpack(packed: Uint8Array): BigUint64Array {
  return new BigUint64Array(inflateAligned(packed));
}

/**
 * Drops repeats from ascending ids in place (a list that moved while it was paged may repeat one). The
 * ids are compared as two 32-bit halves: reading a BigUint64Array makes a BigInt of every value, which
 * for a million ids held the event loop 40-80 ms (issue 31).
 */
export function withoutRepeats(ids: BigUint64Array): BigUint64Array {
  const halves = new Uint32Array(ids.buffer, ids.byteOffset, ids.length * 2);
  let kept = 0;
  for (let i = 0; i < halves.length; i += 2) {
    const low = halves[i] as number;
    const high = halves[i + 1] as number;
    if (kept > 0 && low === halves[kept - 2] && high === halves[kept - 1]) continue;
    halves[kept] = low;
    halves[kept + 1] = high;
    kept += 2;
  }
  return ids.subarray(0, kept / 2);
}

/**
 * Packed pages of ids inflated one after another into one array (issue 19): a million collected ids
 * cost one 8 MB buffer, where an aligned copy of each page and then their join cost three.
 */
export class IdPages {
  private ids: BigUint64Array;
  private length = 0;

  /** `expected`: how many ids the pages hold, as far as known; the array grows past it if need be. */
  constructor(expected: number) {
    this.ids = new BigUint64Array(expected);
  }

  /** Appends a packed page's ids. */
  append(packed: Uint8Array): void {
    const raw = inflateSync(packed);
    const count = raw.byteLength / 8;
    if (this.length + count > this.ids.length) {
      const grown = new BigUint64Array(Math.max(this.ids.length * 2, this.length + count));
      grown.set(this.ids.subarray(0, this.length));
      this.ids = grown;
    }
    new Uint8Array(this.ids.buffer, this.length * 8, raw.byteLength).set(raw);
    this.length += count;
  }

  /** The ids appended so far. */
  all(): BigUint64Array {
    return this.ids.subarray(0, this.length);
  }
}

/** Joins collected pages into one array. */
export function concat(parts: BigUint64Array[]): BigUint64Array {
  const total = parts.reduce((sum, part) => sum + part.length, 0);
  const out = new BigUint64Array(total);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** Where an id sits in ascending ids, or -1. */
export function indexOf(ids: BigUint64Array, id: bigint): number {
  let low = 0;
  let high = ids.length - 1;
  while (low <= high) {
    const mid = (low + high) >>> 1;
    const value = ids[mid] as bigint;
    if (value === id) return mid;
    if (value < id) low = mid + 1;
    else high = mid - 1;
  }
  return -1;
}
