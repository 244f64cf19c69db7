// Inputs and timing shared by the Node and browser benchmarks, so both measure the same thing.

/** Median wall time of `runs` calls after one warm-up, in ms. */
export function median(runs: number, task: () => unknown): number {
  task();
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

/** Two unsorted lists of `n` random 64-bit ids, half of them shared, as a source would page them. */
export function followerLists(n: number): [BigUint64Array, BigUint64Array] {
  const source = ids(0x9e3779b97f4a7c15n);
  const take = (count: number) => Array.from({ length: count }, () => source.next().value as bigint);
  const shared = take(n / 2);
  return [BigUint64Array.from([...shared, ...take(n / 2)]), BigUint64Array.from([...take(n / 2), ...shared])];
}

export const round2 = (value: number) => Math.round(value * 100) / 100;
