// Repeated timing of several ways to do one job, for figures that are honest on a shared machine: each
// repetition runs every way once, in a rotating order, so a burst of load from other work falls on all
// ways alike instead of on whichever ran last, and each way's spread is reported beside its median.
import { round2 } from './inputs.ts';

/** The median and the spread of a set of timings, in ms. */
export interface Spread {
  median: number;
  min: number;
  p25: number;
  p75: number;
  max: number;
}

/** Long enough for V8's concurrent sweeping of a 100 MB heap to end on a busy 2-core machine. */
const SETTLE_MS = 100;

/** Collects garbage when the host exposes gc(), then idles briefly so the collector's helper threads finish. */
async function settle(collectGarbage?: () => void): Promise<void> {
  if (!collectGarbage) return;
  collectGarbage();
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
}

/**
 * Times each way once for warm-up, then `repetitions` times interleaved; returns each way's times.
 * Every call gets its own `prepare()` output, made untimed (fresh copies of inputs a way may change).
 * With `collectGarbage` (when the host exposes gc()), each call starts on a settled heap: the garbage
 * one way leaves (two Sets of a million BigInts, say) is not swept on the next way's time, by helper
 * threads competing for the machine's two cores. Garbage a way makes and collects while it runs
 * still counts against it.
 */
export async function timeInterleaved<Name extends string, Input>(
  repetitions: number,
  prepare: () => Input,
  ways: Record<Name, (input: Input) => unknown>,
  collectGarbage?: () => void,
): Promise<Record<Name, number[]>> {
  const names = Object.keys(ways) as Name[];
  const times = Object.fromEntries(names.map((name) => [name, [] as number[]])) as Record<Name, number[]>;
  for (const name of names) ways[name](prepare());
  for (let repetition = 0; repetition < repetitions; repetition++) {
    for (let k = 0; k < names.length; k++) {
      const name = names[(repetition + k) % names.length] as Name;
      const input = prepare();
      await settle(collectGarbage);
      const start = performance.now();
      ways[name](input);
      times[name].push(performance.now() - start);
    }
  }
  return times;
}

/** The value at quantile `q` (0..1), interpolating between neighbours. */
function quantile(sorted: number[], q: number): number {
  const at = (sorted.length - 1) * q;
  const below = sorted[Math.floor(at)] ?? 0;
  const above = sorted[Math.ceil(at)] ?? below;
  return below + (above - below) * (at - Math.floor(at));
}

/** Median, quartiles and extremes, rounded to 0.01. */
export function spreadOf(values: number[]): Spread {
  const sorted = [...values].sort((x, y) => x - y);
  const at = (q: number) => round2(quantile(sorted, q));
  return { median: at(0.5), min: at(0), p25: at(0.25), p75: at(0.75), max: at(1) };
}

/** Per-repetition ratios `slower[i] / faster[i]`: both timed in the same repetition, under the same load. */
export function pairedRatios(slower: number[], faster: number[]): number[] {
  return slower.map((time, i) => time / (faster[i] ?? Number.NaN));
}
