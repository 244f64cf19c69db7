// The follower diff in Node: the WASM core (radix sort + merge) against the TypeScript way on typed
// arrays (platform sort + merge) and a naive Set of BigInts, on the same unsorted lists, in one run.
import { loadCoreFromDisk } from '../wasm/node.ts';
import { diffTyped } from '../wasm/reference/diff.ts';

/** Median wall time of `runs` calls, in ms. */
function median(runs: number, task: () => void): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    task();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? 0;
}

/** A deterministic generator (xorshift64*), so every run diffs the same lists. */
function* ids(seed: bigint): Generator<bigint> {
  let x = seed;
  const mask = (1n << 64n) - 1n;
  while (true) {
    x ^= x >> 12n;
    x ^= (x << 25n) & mask;
    x ^= x >> 27n;
    yield (x * 0x2545f4914f6cdd1dn) & mask;
  }
}

function lists(n: number): [BigUint64Array, BigUint64Array] {
  const source = ids(0x9e3779b97f4a7c15n);
  const shared = Array.from({ length: n / 2 }, () => source.next().value as bigint);
  const a = BigUint64Array.from([...shared, ...Array.from({ length: n / 2 }, () => source.next().value as bigint)]);
  const b = BigUint64Array.from([...shared, ...Array.from({ length: n / 2 }, () => source.next().value as bigint)]);
  // Lists arrive in the source's order, not sorted: sorting is part of the work.
  return [a, b];
}

/** Runs the diff benchmark; `ratio` is how many times faster WASM is than the TS reference. */
export async function benchDiff(n: number) {
  const core = await loadCoreFromDisk();
  const [a, b] = lists(n);
  const wasmMs = median(7, () => core.diffIds(a, b));
  const referenceMs = median(5, () => diffTyped(a, b));
  const naiveMs = median(3, () => {
    const inB = new Set(b);
    const inA = new Set(a);
    let onlyA = 0;
    let onlyB = 0;
    for (const id of a) if (!inB.has(id)) onlyA++;
    for (const id of b) if (!inA.has(id)) onlyB++;
    return onlyA + onlyB;
  });
  const round = (value: number) => Math.round(value * 100) / 100;
  return {
    ids: n,
    wasm_ms: round(wasmMs),
    ts_reference_ms: round(referenceMs),
    naive_set_ms: round(naiveMs),
    ratio: round(referenceMs / wasmMs),
  };
}
