// The follower diff in Node (the browser figure comes from bench/browser, in a worker).
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { loadCoreFromDisk } from '../wasm/node.ts';
import { measureDiff } from './diff-measure.ts';

/** Node's gc(), without starting Node with --expose-gc: the flag set now shows it in new contexts. */
function exposedGc(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

/** The diff benchmark in Node. */
export async function benchDiff(n: number) {
  return measureDiff(await loadCoreFromDisk(), n, { collectGarbage: exposedGc() });
}
