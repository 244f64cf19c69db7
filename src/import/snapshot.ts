// The compact snapshot an import uploads (issue 9), shared by the collector worker that writes it and
// the server that reads it, so both agree byte for byte.
//
// A person of a download is known by name only; their id is a 64-bit hash of the lowercase name
// (`nameId`), so the same name is the same id in every import and the WASM core's sorted-id diff
// works on downloads as on the network's numeric ids. The server recomputes every id from its name:
// a client cannot attach a name to an id it did not hash.
//
// Each list is sorted by id and cut into chunks of CHUNK_SIZE people. A chunk is:
//   "FSI1"  list (u8: 0 followers, 1 following)  count (u32)
//   count × [ id (u64) | follow time (u32 Unix seconds, 0 = unknown) | name length (u8) | name (UTF-8) ]
// little-endian, and gzip-compressed on the wire.

export const CHUNK_SIZE = 20_000;
export const SNAPSHOT_LISTS = ['followers', 'following'] as const;
export type SnapshotList = (typeof SNAPSHOT_LISTS)[number];
const MAGIC = [0x46, 0x53, 0x49, 0x31]; // "FSI1"
const HEADER = 9;
const MAX_NAME_BYTES = 64;

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

/** A 64-bit hash of a name's UTF-8 bytes as two 32-bit halves (cyrb53's mixing, both halves kept). */
export function nameHash(bytes: Uint8Array): [hi: number, lo: number] {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i] as number;
    h1 = Math.imul(h1 ^ byte, 2654435761);
    h2 = Math.imul(h2 ^ byte, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return [h1 >>> 0, h2 >>> 0];
}

/** The id of a (lowercase) name. */
export function nameId(name: string): bigint {
  const [hi, lo] = nameHash(encoder.encode(name));
  return (BigInt(hi) << 32n) | BigInt(lo);
}

/** One person as the snapshot keeps them. */
export interface SnapshotPerson {
  name: string;
  /** Unix seconds of the follow; null when the download does not say. */
  at: number | null;
}

/** A list sorted by id and encoded into chunks (uncompressed). */
export function encodeList(list: SnapshotList, people: readonly SnapshotPerson[]): Uint8Array[] {
  const n = people.length;
  // Every name's bytes in one pool (a million small arrays would cost more than the names).
  const start = new Uint32Array(n + 1);
  let pool = new Uint8Array(Math.max(64, n * 16));
  for (let i = 0; i < n; i++) {
    const name = (people[i] as SnapshotPerson).name;
    const at = start[i] as number;
    if (pool.length - at < name.length * 3) {
      const grown = new Uint8Array(Math.max(pool.length * 2, at + name.length * 3));
      grown.set(pool);
      pool = grown;
    }
    const { written } = encoder.encodeInto(name, pool.subarray(at, at + MAX_NAME_BYTES));
    start[i + 1] = at + written;
  }
  const nameOf = (i: number) => pool.subarray(start[i], start[i + 1]);
  const hi = new Uint32Array(n);
  const lo = new Uint32Array(n);
  for (let i = 0; i < n; i++) [hi[i], lo[i]] = nameHash(nameOf(i));
  // Sorting by the two halves as numbers: no BigInt per comparison.
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  order.sort((a, b) => (hi[a] as number) - (hi[b] as number) || (lo[a] as number) - (lo[b] as number));

  // An empty list is still one (empty) chunk, so every upload names both lists.
  const chunks: Uint8Array[] = [];
  for (let c = 0; c < Math.max(1, Math.ceil(n / CHUNK_SIZE)); c++) {
    const slice = order.subarray(c * CHUNK_SIZE, Math.min(n, (c + 1) * CHUNK_SIZE));
    let size = HEADER;
    for (const i of slice) size += 13 + ((start[i + 1] as number) - (start[i] as number));
    const bytes = new Uint8Array(size);
    const view = new DataView(bytes.buffer);
    bytes.set(MAGIC, 0);
    view.setUint8(4, SNAPSHOT_LISTS.indexOf(list));
    view.setUint32(5, slice.length, true);
    let at = HEADER;
    for (const i of slice) {
      const name = nameOf(i);
      view.setUint32(at, lo[i] as number, true);
      view.setUint32(at + 4, hi[i] as number, true);
      view.setUint32(at + 8, people[i]?.at ?? 0, true);
      view.setUint8(at + 12, name.length);
      bytes.set(name, at + 13);
      at += 13 + name.length;
    }
    chunks.push(bytes);
  }
  return chunks;
}

/** A decoded chunk: ids ascending, with each person's follow time (0 = unknown) and name. */
export interface DecodedChunk {
  list: SnapshotList;
  ids: BigUint64Array;
  at: Uint32Array;
  names: string[];
}

export class BadChunkError extends Error {}

/**
 * Reads a chunk, checking everything a server must not take on trust: the layout, that names are
 * readable, that each id is its name's hash, and that ids ascend strictly.
 */
export function decodeChunk(bytes: Uint8Array): DecodedChunk {
  const fail = (why: string): never => {
    throw new BadChunkError(why);
  };
  if (bytes.length < HEADER || MAGIC.some((byte, i) => bytes[i] !== byte)) fail('not a snapshot chunk');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const list = SNAPSHOT_LISTS[view.getUint8(4)] ?? fail('unknown list');
  const count = view.getUint32(5, true);
  if (count > CHUNK_SIZE) fail('too many people in one chunk');
  const ids = new BigUint64Array(count);
  const at = new Uint32Array(count);
  const names: string[] = [];
  let offset = HEADER;
  let lastHi = -1;
  let lastLo = -1;
  for (let i = 0; i < count; i++) {
    if (offset + 13 > bytes.length) fail('cut short');
    const lo = view.getUint32(offset, true);
    const hi = view.getUint32(offset + 4, true);
    const length = view.getUint8(offset + 12);
    if (length === 0 || length > MAX_NAME_BYTES || offset + 13 + length > bytes.length) fail('bad name length');
    const raw = bytes.subarray(offset + 13, offset + 13 + length);
    let name = '';
    try {
      name = decoder.decode(raw);
    } catch {
      fail('a name is not UTF-8');
    }
    const [wantHi, wantLo] = nameHash(raw);
    if (hi !== wantHi || lo !== wantLo) fail('an id is not its name’s');
    if (hi < lastHi || (hi === lastHi && lo <= lastLo)) fail('ids out of order');
    lastHi = hi;
    lastLo = lo;
    ids[i] = (BigInt(hi) << 32n) | BigInt(lo);
    at[i] = view.getUint32(offset + 8, true);
    names.push(name);
    offset += 13 + length;
  }
  if (offset !== bytes.length) fail('trailing bytes');
  return { list, ids, at, names };
}
