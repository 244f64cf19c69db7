// The follower diff in Node (the browser figure comes from bench/browser, in a worker).
import { loadCoreFromDisk } from '../wasm/node.ts';
import { measureDiff } from './diff-measure.ts';

/** The diff benchmark in Node. */
export async function benchDiff(n: number) {
  return measureDiff(await loadCoreFromDisk(), n);
}
