// The collector worker's API, written once; the worker exposes it and the page imports its type.
import { transfer } from 'comlink';
import coreUrl from '../../wasm/build/collector.wasm?url';
import { type CollectorCore, type IdDiff, instantiateCoreFromUrl } from '../../wasm/collector.ts';
import { ANALYSIS_TICK_MS, advance, beginProgress, finishProgress, type Progress } from '../analysis/progress.ts';

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
  // The analysis progress ticks here, off the main thread (spec §4, §9: 200 ms a tick).
  let progress: Progress | undefined;
  let ticker: ReturnType<typeof setInterval> | undefined;
  const stopTicker = () => {
    clearInterval(ticker);
    ticker = undefined;
  };

  return {
    /** Starts the progress; `onTick` receives every state until it is done or stopped. */
    startProgress(onTick: (progress: Progress) => void): void {
      stopTicker();
      progress = beginProgress();
      ticker = setInterval(() => {
        if (!progress) return;
        progress = advance(progress);
        void onTick(progress);
        if (progress.done) stopTicker();
      }, ANALYSIS_TICK_MS);
    },

    /** The result arrived: the progress runs on to 100. */
    finishProgress(): void {
      if (progress) progress = finishProgress(progress);
    },

    /** Stops the progress (aborted or failed). */
    stopProgress(): void {
      stopTicker();
      progress = undefined;
    },

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
