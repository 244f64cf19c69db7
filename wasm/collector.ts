// Host-side glue for the collector core. The browser worker and the server both load the same
// .wasm file through this module, so the two hosts cannot drift apart.

/** The three parts of a set difference of two id lists. */
export interface IdDiff {
  onlyA: BigUint64Array;
  onlyB: BigUint64Array;
  both: BigUint64Array;
}

/** What the collector core can do, independent of the host that loaded it. */
export interface CollectorCore {
  /** Ids only in `a`, only in `b`, and in both; inputs ascending, repeats collapse. */
  diffSortedIds(a: BigUint64Array, b: BigUint64Array): IdDiff;
  /** The ids ascending (a new array; repeats kept). */
  sortIds(ids: BigUint64Array): BigUint64Array;
  /**
   * Ids only in `a`, only in `b`, and in both (ascending), for lists in any order. Takes the lists over:
   * the results are views of their buffers (onlyA and both of `a`'s, onlyB of `b`'s), so nothing is
   * allocated, and a worker handed the lists can hand the results back without a copy.
   */
  diffIds(a: BigUint64Array, b: BigUint64Array): IdDiff;
  /** The 15 post metrics of spec §3 in METRICS order (definitions: wasm/assembly/metrics.ts). */
  postMetrics(posts: PostColumns, nowSeconds: number, followers: number): Float64Array;
  /** Scores comments (tokens interned against `tables`); STRIDE floats per comment. */
  scoreComments(tables: SentimentTables, tokens: Int32Array, offsets: Uint32Array): Float32Array;
  /** Size of the core's linear memory, for budgets and leak checks. */
  memoryBytes(): number;
}

/** Per-post figures, one entry per post (views count for videos only; takenAt in Unix seconds). */
export interface PostColumns {
  likes: Float64Array;
  comments: Float64Array;
  views: Float64Array;
  takenAt: Float64Array;
  isVideo: Float64Array;
}

/** The names of postMetrics' outputs, in order: spec §3's "Post analytic metrics". */
export const METRICS = [
  'post_count',
  'post_videos_count',
  'post_images_count',
  'most_post_views',
  'avg_post_views',
  'most_post_likes',
  'avg_post_likes',
  'most_post_comments',
  'avg_post_comments',
  'last_post_days',
  'post_frequency',
  'daily_engagement',
  'overall_avg_engagement',
  'videos_avg_engagement',
  'images_avg_engagement',
] as const;

/**
 * The sentiment dictionary as the core reads it (layout: wasm/assembly/sentiment.ts). Columns 0..5
 * are the languages in SENTIMENT_LANGUAGES order, column 6 is language-independent.
 */
export interface SentimentTables {
  size: number;
  valence: Float32Array;
  factor: Float32Array;
  flags: Uint16Array;
  stops: Uint8Array;
}

export const SENTIMENT_LANGUAGES = ['en', 'es', 'fr', 'de', 'it', 'pt'] as const;
export const FLAG_EMOTION_MASK = 0x1f;
export const FLAG_NEGATOR = 1 << 5;
export const FLAG_INTENSIFIER = 1 << 6;
export const FLAG_CONTRAST = 1 << 7;
export const FLAG_BREAK = 1 << 8;
export const FLAG_EXCLAIM = 1 << 9;
export const FLAG_SARCASM = 1 << 10;
export const FLAG_WORD = 1 << 11;
export const FLAG_LEXICAL = 1 << 12;
/** Floats per scored comment: language, label, score, joy, sadness, angry, surprise, trust, sarcasm, words. */
export const STRIDE = 10;

/** The core could not be fetched or compiled: spec §8 asks the user to clear the browser cache. */
export class CoreLoadError extends Error {
  override name = 'CoreLoadError';
}

/** Thrown when the core is handed ids that are not in ascending order. */
export class UnsortedIdsError extends Error {
  constructor(readonly which: 'a' | 'b') {
    super(`ids in ${which} are not in ascending order`);
    this.name = 'UnsortedIdsError';
  }
}

interface CoreExports {
  memory: WebAssembly.Memory;
  alloc(size: number): number;
  free(ptr: number): void;
  diffSorted(
    a: number,
    aLen: number,
    b: number,
    bLen: number,
    onlyA: number,
    onlyB: number,
    both: number,
    counts: number,
  ): number;
  sortIds(ptr: number, len: number, scratch: number): void;
  diffIds(
    a: number,
    aLen: number,
    b: number,
    bLen: number,
    dealtA: number,
    dealtB: number,
    onlyA: number,
    onlyB: number,
    both: number,
    counts: number,
  ): number;
  postMetrics(
    likes: number,
    comments: number,
    views: number,
    takenAt: number,
    isVideo: number,
    count: number,
    now: number,
    followers: number,
    out: number,
  ): void;
  setSentimentTables(size: number, valence: number, factor: number, flags: number, stops: number): void;
  scoreComments(tokens: number, offsets: number, count: number, out: number): void;
}

const imports = {
  env: {
    abort(_message: number, _file: number, line: number, column: number): never {
      throw new Error(`collector core aborted at ${line}:${column}`);
    },
  },
};

/** Instantiates the core from its compiled module or raw bytes. */
export async function instantiateCore(source: WebAssembly.Module | BufferSource): Promise<CollectorCore> {
  const instance =
    source instanceof WebAssembly.Module
      ? await WebAssembly.instantiate(source, imports)
      : (await WebAssembly.instantiate(source, imports)).instance;
  return wrap(instance.exports as unknown as CoreExports);
}

/** Fetches and instantiates the core (browser); reading bytes, not streaming, so a wrong MIME type cannot break it. */
export async function instantiateCoreFromUrl(url: string | URL): Promise<CollectorCore> {
  try {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return await instantiateCore(await response.arrayBuffer());
  } catch (error) {
    throw new CoreLoadError(`collector core: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Byte addresses in linear memory of a diff's lists and outputs (see withLists). */
interface Layout {
  a: number;
  b: number;
  roomA: number;
  roomB: number;
  both: number;
  counts: number;
}

/** Whether two arrays share any byte of memory. */
function overlap(a: BigUint64Array, b: BigUint64Array): boolean {
  if (a.buffer !== b.buffer) return false;
  return a.byteOffset < b.byteOffset + b.byteLength && b.byteOffset < a.byteOffset + a.byteLength;
}

function wrap(core: CoreExports): CollectorCore {
  /** Three views' copies out of linear memory: the results own transferable buffers. */
  function results(buffer: ArrayBuffer, onlyA: number, onlyB: number, both: number, counts: number): IdDiff {
    const [nA = 0, nB = 0, nBoth = 0] = new Uint32Array(buffer, counts, 3);
    return {
      onlyA: new BigUint64Array(buffer, onlyA, nA).slice(),
      onlyB: new BigUint64Array(buffer, onlyB, nB).slice(),
      both: new BigUint64Array(buffer, both, nBoth).slice(),
    };
  }

  /**
   * Runs `diff` on `a` and `b` copied into linear memory, laid out as a | b | room for a | room for b |
   * room for both (the shorter list) | three u32 counts; the block is freed after.
   */
  function withLists<T>(a: BigUint64Array, b: BigUint64Array, diff: (at: Layout, buffer: ArrayBuffer) => T): T {
    const shorter = Math.min(a.length, b.length);
    const base = core.alloc((a.length * 2 + b.length * 2 + shorter) * 8 + 16);
    const roomA = base + (a.length + b.length) * 8;
    const roomB = roomA + a.length * 8;
    const both = roomB + b.length * 8;
    const at: Layout = { a: base, b: base + a.length * 8, roomA, roomB, both, counts: both + shorter * 8 };
    try {
      // Views are made after alloc: growing memory detaches earlier views.
      const buffer = core.memory.buffer;
      new BigUint64Array(buffer, at.a, a.length).set(a);
      new BigUint64Array(buffer, at.b, b.length).set(b);
      return diff(at, buffer);
    } finally {
      core.free(base);
    }
  }

  /** Merges ascending `a` and `b` in linear memory (the rooms take onlyA and onlyB), copies the results out. */
  const diffSortedInMemory = (a: BigUint64Array, b: BigUint64Array): IdDiff =>
    withLists(a, b, (at, buffer) => {
      const status = core.diffSorted(at.a, a.length, at.b, b.length, at.roomA, at.roomB, at.both, at.counts);
      if (status === 1) throw new UnsortedIdsError('a');
      if (status === 2) throw new UnsortedIdsError('b');
      return results(buffer, at.roomA, at.roomB, at.both, at.counts);
    });

  /**
   * Deals, sorts and merges `a` and `b`, in any order, in linear memory (the rooms take the dealt lists,
   * the lists' own places onlyA and onlyB), and writes the results back into the lists' own buffers:
   * onlyA then both into `a` (together no longer than `a`, repeats collapsed), onlyB into `b`. Memory
   * the caller has written to is ready to be written again, where a new buffer is pages the operating
   * system must first hand over (on the 2-core machine, 12 MB of fresh results cost more than the diff
   * itself). Lists that share memory get new buffers.
   */
  const diffInMemory = (a: BigUint64Array, b: BigUint64Array): IdDiff =>
    withLists(a, b, (at, buffer) => {
      core.diffIds(at.a, a.length, at.b, b.length, at.roomA, at.roomB, at.a, at.b, at.both, at.counts);
      if (overlap(a, b)) return results(buffer, at.a, at.b, at.both, at.counts);
      const [nA = 0, nB = 0, nBoth = 0] = new Uint32Array(buffer, at.counts, 3);
      a.set(new BigUint64Array(buffer, at.a, nA));
      a.set(new BigUint64Array(buffer, at.both, nBoth), nA);
      b.set(new BigUint64Array(buffer, at.b, nB));
      return { onlyA: a.subarray(0, nA), onlyB: b.subarray(0, nB), both: a.subarray(nA, nA + nBoth) };
    });

  // The sentiment tables stay in linear memory while the same tables object is in use.
  let loadedTables: SentimentTables | undefined;
  let tablesBlock = 0;
  function loadTables(tables: SentimentTables): void {
    if (loadedTables === tables) return;
    if (tablesBlock) core.free(tablesBlock);
    const cells = tables.size * 7;
    const valencePtr = core.alloc(cells * 10 + tables.size + 16);
    tablesBlock = valencePtr;
    const factorPtr = valencePtr + cells * 4;
    const flagsPtr = factorPtr + cells * 4;
    const stopsPtr = flagsPtr + cells * 2;
    const buffer = core.memory.buffer;
    new Float32Array(buffer, valencePtr, cells).set(tables.valence);
    new Float32Array(buffer, factorPtr, cells).set(tables.factor);
    new Uint16Array(buffer, flagsPtr, cells).set(tables.flags);
    new Uint8Array(buffer, stopsPtr, tables.size).set(tables.stops);
    core.setSentimentTables(tables.size, valencePtr, factorPtr, flagsPtr, stopsPtr);
    loadedTables = tables;
  }

  const api: CollectorCore = {
    memoryBytes: () => core.memory.buffer.byteLength,
    postMetrics(posts, now, followers) {
      const n = posts.likes.length;
      const block = core.alloc(n * 8 * 5 + METRICS.length * 8);
      try {
        const buffer = core.memory.buffer;
        const columns = [posts.likes, posts.comments, posts.views, posts.takenAt, posts.isVideo];
        columns.forEach((column, c) => {
          new Float64Array(buffer, block + c * n * 8, n).set(column.subarray(0, n));
        });
        const out = block + n * 8 * 5;
        core.postMetrics(block, block + n * 8, block + n * 16, block + n * 24, block + n * 32, n, now, followers, out);
        return new Float64Array(core.memory.buffer, out, METRICS.length).slice();
      } finally {
        core.free(block);
      }
    },
    scoreComments(tables, tokens, offsets) {
      loadTables(tables);
      const count = offsets.length - 1;
      const block = core.alloc(tokens.length * 4 + offsets.length * 4 + count * STRIDE * 4 + 16);
      try {
        const buffer = core.memory.buffer;
        new Int32Array(buffer, block, tokens.length).set(tokens);
        const offsetsPtr = block + tokens.length * 4;
        new Uint32Array(buffer, offsetsPtr, offsets.length).set(offsets);
        const out = offsetsPtr + offsets.length * 4;
        core.scoreComments(block, offsetsPtr, count, out);
        return new Float32Array(core.memory.buffer, out, count * STRIDE).slice();
      } finally {
        core.free(block);
      }
    },
    diffSortedIds: diffSortedInMemory,
    sortIds(ids) {
      const block = core.alloc(ids.length * 16);
      try {
        new BigUint64Array(core.memory.buffer, block, ids.length).set(ids);
        core.sortIds(block, ids.length, block + ids.length * 8);
        return new BigUint64Array(core.memory.buffer, block, ids.length).slice();
      } finally {
        core.free(block);
      }
    },
    diffIds: diffInMemory,
  };
  return api;
}
