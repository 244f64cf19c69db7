// The diff benchmark itself, runnable in Node and in a browser worker: the WASM core (radix sort +
// merge) against the TypeScript way on typed arrays (platform sort + merge) and a Set of BigInts.
import type { CollectorCore, IdDiff } from '../wasm/collector.ts';
import { diffTyped } from '../wasm/reference/diff.ts';
import { followerLists, round2 } from './inputs.ts';
import { pairedRatios, spreadOf, timeInterleaved } from './repetitions.ts';

/** Repetitions after the warm-up; each way's figure is their median. */
export const DIFF_REPETITIONS = 11;

/** Counts only in A and only in B with two Sets of BigInts: the way DESIGN.md warns against. */
function diffWithSets(a: BigUint64Array, b: BigUint64Array): number {
  const inB = new Set(b);
  const inA = new Set(a);
  let onlyA = 0;
  let onlyB = 0;
  for (const id of a) if (!inB.has(id)) onlyA++;
  for (const id of b) if (!inA.has(id)) onlyB++;
  return onlyA + onlyB;
}

function same(x: BigUint64Array, y: BigUint64Array): boolean {
  if (x.length !== y.length) return false;
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
  return true;
}

/** A fast wrong answer is no figure: the ways must agree before they are timed. */
function checkAgreement(core: CollectorCore, a: BigUint64Array, b: BigUint64Array): void {
  const wasm: IdDiff = core.diffIds(a.slice(), b.slice());
  const reference = diffTyped(a.slice(), b.slice());
  const agree =
    same(wasm.onlyA, reference.onlyA) && same(wasm.onlyB, reference.onlyB) && same(wasm.both, reference.both);
  if (!agree || diffWithSets(a, b) !== wasm.onlyA.length + wasm.onlyB.length)
    throw new Error('diff benchmark: the WASM core, the TypeScript reference and the Sets disagree');
}

/**
 * The three ways on the same lists, each given fresh copies every repetition (untimed), so no way
 * sees input another way has sorted. Figures are medians with their spread; `ratio` is how many times
 * faster WASM is than the reference (median over median), `ratio_spread` the same per repetition.
 */
export async function measureDiff(
  core: CollectorCore,
  n: number,
  { repetitions = DIFF_REPETITIONS, collectGarbage }: { repetitions?: number; collectGarbage?: () => void } = {},
) {
  const [a, b] = followerLists(n);
  checkAgreement(core, a, b);
  const memoryBefore = core.memoryBytes();
  const times = await timeInterleaved(
    repetitions,
    () => [a.slice(), b.slice()] as const,
    {
      wasm: ([x, y]) => core.diffIds(x, y),
      reference: ([x, y]) => diffTyped(x, y),
      sets: ([x, y]) => diffWithSets(x, y),
    },
    collectGarbage,
  );
  const wasm = spreadOf(times.wasm);
  const reference = spreadOf(times.reference);
  const sets = spreadOf(times.sets);
  const referenceRatios = spreadOf(pairedRatios(times.reference, times.wasm));
  const setRatios = spreadOf(pairedRatios(times.sets, times.wasm));
  return {
    ids: n,
    repetitions,
    /** Whether garbage was collected (untimed) before each timed call; see timeInterleaved. */
    garbage_collected_between: collectGarbage !== undefined,
    /** Linear memory grown during the timed repetitions (0: the warm-up's growth is reused). */
    wasm_memory_grew_bytes: core.memoryBytes() - memoryBefore,
    wasm_ms: wasm.median,
    ts_reference_ms: reference.median,
    naive_set_ms: sets.median,
    ratio: round2(reference.median / wasm.median),
    naive_set_ratio: round2(sets.median / wasm.median),
    wasm_spread_ms: { min: wasm.min, p25: wasm.p25, p75: wasm.p75, max: wasm.max },
    ts_reference_spread_ms: { min: reference.min, p25: reference.p25, p75: reference.p75, max: reference.max },
    naive_set_spread_ms: { min: sets.min, p25: sets.p25, p75: sets.p75, max: sets.max },
    ratio_spread: { min: referenceRatios.min, max: referenceRatios.max },
    naive_set_ratio_spread: { min: setRatios.min, max: setRatios.max },
    /** Every repetition's time, in the order run, for whoever doubts a median. */
    runs_ms: {
      wasm: times.wasm.map(round2),
      ts_reference: times.reference.map(round2),
      naive_set: times.sets.map(round2),
    },
  };
}
