// The diff benchmark itself, runnable in Node and in a browser worker: the WASM core (radix sort +
// merge) against the TypeScript way on typed arrays (platform sort + merge) and a Set of BigInts.
import type { CollectorCore } from '../wasm/collector.ts';
import { diffTyped } from '../wasm/reference/diff.ts';
import { followerLists, median, round2 } from './inputs.ts';

/** The three ways on the same lists; `ratio` is how many times faster WASM is than the reference. */
export function measureDiff(core: CollectorCore, n: number) {
  const [a, b] = followerLists(n);
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
  return {
    ids: n,
    wasm_ms: round2(wasmMs),
    ts_reference_ms: round2(referenceMs),
    naive_set_ms: round2(naiveMs),
    ratio: round2(referenceMs / wasmMs),
  };
}
