// Comment scoring throughput, runnable in Node and in a browser worker: the whole analysis of one
// post (tokenise, score in the WASM core, sum up) against the core's TypeScript reference on the
// same tokens.
import corpus from '../server/source/comment-corpus.json' with { type: 'json' };
import type { CollectorCore } from '../wasm/collector.ts';
import { scoreCommentsReference } from '../wasm/reference/sentiment.ts';
import { analyseComments, tokenise } from '../wasm/sentiment/analyse.ts';
import { shippedDictionary } from '../wasm/sentiment/lexicons.ts';
import { median, round2 } from './inputs.ts';

/** `n` comments in six languages and three moods, as the sample network writes them. */
export function sampleComments(n: number): string[] {
  const all = Object.values(corpus).flatMap((moods) => Object.values(moods).flat());
  return Array.from({ length: n }, (_, i) => all[(i * 7919) % all.length] as string);
}

export function measureSentiment(core: CollectorCore, n: number) {
  const texts = sampleComments(n);
  const dictionary = shippedDictionary();
  const workerMs = median(5, () => analyseComments(core, dictionary, texts));
  const { tokens, offsets } = tokenise(dictionary, texts);
  const coreMs = median(7, () => core.scoreComments(dictionary.tables, tokens, offsets));
  const referenceMs = median(5, () => scoreCommentsReference(dictionary.tables, tokens, offsets));
  return {
    comments: n,
    worker_ms: round2(workerMs),
    comments_per_s: Math.round(n / (workerMs / 1000)),
    scoring_wasm_ms: round2(coreMs),
    scoring_ts_reference_ms: round2(referenceMs),
  };
}
