// The diff benchmark inside a worker, as the app's collector worker runs the core.
import { expose } from 'comlink';
import coreUrl from '../../wasm/build/collector.wasm?url';
import { instantiateCoreFromUrl } from '../../wasm/collector.ts';
import { measureDiff } from '../diff-measure.ts';
import { measureSentiment } from '../sentiment-measure.ts';

const api = {
  async diff(n: number) {
    // gc() is there when Chromium runs with --js-flags=--expose-gc (bench/browser.ts starts it so).
    const collectGarbage = (globalThis as { gc?: () => void }).gc;
    return measureDiff(await instantiateCoreFromUrl(coreUrl), n, { collectGarbage });
  },
  async sentiment(n: number) {
    return measureSentiment(await instantiateCoreFromUrl(coreUrl), n);
  },
};

export type DiffWorker = typeof api;
expose(api);
