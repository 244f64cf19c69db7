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
  /** Ids only in `a`, only in `b`, and in both, for lists in any order: sorts, then diffs. */
  diffIds(a: BigUint64Array, b: BigUint64Array): IdDiff;
  /** Size of the core's linear memory, for budgets and leak checks. */
  memoryBytes(): number;
}

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
  sortIds(ptr: number, len: number, scratch: number, counts: number): void;
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

function wrap(core: CoreExports): CollectorCore {
  const COUNTS_BYTES = 2048 * 4;

  /** Copies `a` and `b` into linear memory, diffs them (sorting first when asked), copies results out. */
  function diffInMemory(a: BigUint64Array, b: BigUint64Array, sort: boolean): IdDiff {
    const shorter = Math.min(a.length, b.length);
    const longer = Math.max(a.length, b.length);
    // Layout: a | b | onlyA | onlyB | both | counts(3 x u32) | scratch (sorting) | radix counts.
    const ids = a.length * 2 + b.length * 2 + shorter + (sort ? longer : 0);
    const base = core.alloc(ids * 8 + 16 + (sort ? COUNTS_BYTES : 0));
    const aPtr = base;
    const bPtr = aPtr + a.length * 8;
    const onlyAPtr = bPtr + b.length * 8;
    const onlyBPtr = onlyAPtr + a.length * 8;
    const bothPtr = onlyBPtr + b.length * 8;
    const countsPtr = bothPtr + shorter * 8;
    const scratchPtr = countsPtr + 16;
    const radixPtr = scratchPtr + longer * 8;
    try {
      // Views are made after alloc: growing memory detaches earlier views.
      const buffer = core.memory.buffer;
      new BigUint64Array(buffer, aPtr, a.length).set(a);
      new BigUint64Array(buffer, bPtr, b.length).set(b);
      if (sort) {
        core.sortIds(aPtr, a.length, scratchPtr, radixPtr);
        core.sortIds(bPtr, b.length, scratchPtr, radixPtr);
      }
      const status = core.diffSorted(aPtr, a.length, bPtr, b.length, onlyAPtr, onlyBPtr, bothPtr, countsPtr);
      if (status === 1) throw new UnsortedIdsError('a');
      if (status === 2) throw new UnsortedIdsError('b');
      const [nA = 0, nB = 0, nBoth = 0] = new Uint32Array(buffer, countsPtr, 3);
      // slice() copies out of linear memory, so the results own transferable buffers.
      return {
        onlyA: new BigUint64Array(buffer, onlyAPtr, nA).slice(),
        onlyB: new BigUint64Array(buffer, onlyBPtr, nB).slice(),
        both: new BigUint64Array(buffer, bothPtr, nBoth).slice(),
      };
    } finally {
      core.free(base);
    }
  }

  const api: CollectorCore = {
    memoryBytes: () => core.memory.buffer.byteLength,
    diffSortedIds: (a, b) => diffInMemory(a, b, false),
    sortIds(ids) {
      const block = core.alloc(ids.length * 16 + COUNTS_BYTES + 16);
      try {
        new BigUint64Array(core.memory.buffer, block, ids.length).set(ids);
        core.sortIds(block, ids.length, block + ids.length * 8, block + ids.length * 16);
        return new BigUint64Array(core.memory.buffer, block, ids.length).slice();
      } finally {
        core.free(block);
      }
    },
    diffIds: (a, b) => diffInMemory(a, b, true),
  };
  return api;
}
