// The compact snapshot an import uploads (issue 9), shared by the collector worker that writes it and
// the server that reads it, so both agree byte for byte.
//
// A person's id is a 64-bit hash of the lowercase name (common/snapshot/name-id.ts). The server recomputes
// every id from its name: a client cannot attach a name to an id it did not hash.
//
// Each list is sorted by id and cut into chunks of CHUNK_SIZE people. A chunk is:
//   "FSI1"  list (u8: its place in SNAPSHOT_LISTS: 0 followers, 1 following, 2 pending follow
//           requests, 3 recently unfollowed profiles)  count (u32)
//   count × [ id (u64) | follow time (u32 Unix seconds, 0 = unknown) | name length (u8) | name (UTF-8) ]
// little-endian, and gzip-compressed on the wire.

import { downloadListNames } from '../lists.ts';
import { nameHash } from './name-id.ts';
import { MAX_NAME_BYTES, PeopleCollector, type PeopleList } from './people.ts';

export { nameHash, nameId } from './name-id.ts';

export const CHUNK_SIZE = 20_000;
/** The lists every import carries: the snapshot's followers and following, diffed into the six lists. */
export const FOLLOW_LISTS = ['followers', 'following'] as const;
export type FollowList = (typeof FOLLOW_LISTS)[number];
/**
 * Then the download's own lists (issue 50 item 5, common/schema/lists.ts): kept with the import and listed
 * as they are, never diffed. A download without such a file does not carry the list.
 */
export const SNAPSHOT_LISTS = [...FOLLOW_LISTS, ...downloadListNames] as const;
export type SnapshotList = (typeof SNAPSHOT_LISTS)[number];
const MAGIC = [0x46, 0x53, 0x49, 0x31]; // "FSI1"
const HEADER = 9;
const PERSON = 13;

const decoder = new TextDecoder('utf-8', { fatal: true });

/** One person as the snapshot keeps them. */
export interface SnapshotPerson {
  name: string;
  /** Unix seconds of the follow; null when the download does not say. */
  at: number | null;
}

function chunkCount(people: PeopleList): number {
  // An empty list is still one (empty) chunk, so every upload names both lists.
  return Math.max(1, Math.ceil(people.count / CHUNK_SIZE));
}

/** The bytes a list's chunks take, all together. */
export function encodedSize(people: PeopleList): number {
  let size = HEADER * chunkCount(people) + PERSON * people.count;
  const { order, starts } = people;
  for (let k = 0; k < people.count; k++) {
    const i = order[k] as number;
    size += (starts[i + 1] as number) - (starts[i] as number);
  }
  return size;
}

/**
 * Writes a merged list's chunks one after another into `into` from `offset` (`encodedSize` bytes) and
 * returns each chunk as a view of it: the chunks and the digest share one buffer, never a copy.
 */
export function encodeListInto(list: SnapshotList, people: PeopleList, into: Uint8Array, offset: number): Uint8Array[] {
  const { order, pool, starts, times, hi, lo, count } = people;
  const view = new DataView(into.buffer, into.byteOffset, into.byteLength);
  const chunks: Uint8Array[] = [];
  let at = offset;
  for (let c = 0; c < chunkCount(people); c++) {
    const first = c * CHUNK_SIZE;
    const last = Math.min(count, first + CHUNK_SIZE);
    const begin = at;
    into.set(MAGIC, at);
    view.setUint8(at + 4, SNAPSHOT_LISTS.indexOf(list));
    view.setUint32(at + 5, last - first, true);
    at += HEADER;
    for (let k = first; k < last; k++) {
      const i = order[k] as number;
      const from = starts[i] as number;
      const length = (starts[i + 1] as number) - from;
      view.setUint32(at, lo[i] as number, true);
      view.setUint32(at + 4, hi[i] as number, true);
      view.setUint32(at + 8, times[i] as number, true);
      view.setUint8(at + 12, length);
      into.set(pool.subarray(from, from + length), at + PERSON);
      at += PERSON + length;
    }
    chunks.push(into.subarray(begin, at));
  }
  return chunks;
}

/** A list of people (any order, repeats merged) sorted by id and encoded into chunks (uncompressed). */
export function encodeList(list: SnapshotList, people: readonly SnapshotPerson[]): Uint8Array[] {
  const collector = new PeopleCollector();
  for (const person of people) collector.add(person.name, person.at ?? 0);
  const merged = collector.finish();
  return encodeListInto(list, merged, new Uint8Array(encodedSize(merged)), 0);
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

/**
 * Reads a chunk the server already checked with `decodeChunk` (when it was stored) into `ids` and `at`
 * from `offset`, without decoding or hashing its names (issue 32: a commit uses none). The layout, the
 * list and the order are checked again; the names' bytes are only stepped over. Returns the count.
 */
export function readChunkInto(
  bytes: Uint8Array,
  list: SnapshotList,
  into: { ids: BigUint64Array; at: Uint32Array },
  offset: number,
): number {
  const fail = (why: string): never => {
    throw new BadChunkError(why);
  };
  if (bytes.length < HEADER || MAGIC.some((byte, i) => bytes[i] !== byte)) fail('not a snapshot chunk');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (SNAPSHOT_LISTS[view.getUint8(4)] !== list) fail('another list');
  const count = view.getUint32(5, true);
  if (count > CHUNK_SIZE || offset + count > into.ids.length) fail('too many people');
  let at = HEADER;
  let lastHi = -1;
  let lastLo = -1;
  for (let i = 0; i < count; i++) {
    if (at + PERSON > bytes.length) fail('cut short');
    const lo = view.getUint32(at, true);
    const hi = view.getUint32(at + 4, true);
    if (hi < lastHi || (hi === lastHi && lo <= lastLo)) fail('ids out of order');
    lastHi = hi;
    lastLo = lo;
    into.ids[offset + i] = (BigInt(hi) << 32n) | BigInt(lo);
    into.at[offset + i] = view.getUint32(at + 8, true);
    at += PERSON + view.getUint8(at + 12);
  }
  if (at !== bytes.length) fail('trailing bytes');
  return count;
}
