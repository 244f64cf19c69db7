// The collector worker's API, written once; the worker exposes it and the page imports its type.
import { transfer } from 'comlink';
import coreUrl from '../../wasm/build/collector.wasm?url';
import { type CollectorCore, type IdDiff, instantiateCoreFromUrl } from '../../wasm/collector.ts';

/** Runs `load` once and shares its result; a failure is forgotten so the next call tries again. */
export function once<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
}

const loadCore = once(() => instantiateCoreFromUrl(coreUrl));

/** Creates the API object over a core loader; tests hand in a core loaded from disk. */
export function createCollectorApi(getCore: () => Promise<CollectorCore> = loadCore) {
  return {
    /** Loads the core now, so a broken download shows before the user starts an analysis. */
    async ready(): Promise<true> {
      await getCore();
      return true;
    },

    /** Ids only in `a`, only in `b` and in both; buffers move across the boundary, not copies. */
    async diffSortedIds(a: BigUint64Array, b: BigUint64Array): Promise<IdDiff> {
      const result = (await getCore()).diffSortedIds(a, b);
      return transfer(result, [result.onlyA.buffer, result.onlyB.buffer, result.both.buffer]);
    },
  };
}

/** What the page may call on the worker. */
export type CollectorApi = ReturnType<typeof createCollectorApi>;
