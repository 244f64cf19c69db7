// Post metrics (WASM core against the TypeScript reference) and sentiment quality on the labelled
// evaluation set (our core against the AFINN-based `sentiment` package), in Node.
import { loadCoreFromDisk } from '../wasm/node.ts';
import { postMetricsReference } from '../wasm/reference/metrics.ts';
import { median, round2 } from './inputs.ts';
import { EVAL_LANGUAGES, evaluateBaseline, evaluateCore } from './sentiment/evaluate.ts';

/** Deterministic posts: a year of them, a third videos. */
function posts(n: number) {
  const now = 1_795_000_000;
  let seed = 42;
  const next = () => {
    seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0;
    return seed / 2 ** 32;
  };
  const likes = Float64Array.from({ length: n }, () => Math.floor(next() * 50_000));
  return {
    now,
    columns: {
      likes,
      comments: likes.map((value) => Math.floor(value * next() * 0.05)),
      views: Float64Array.from({ length: n }, () => Math.floor(next() * 900_000)),
      takenAt: Float64Array.from({ length: n }, () => now - Math.floor(next() * 365 * 86_400)),
      isVideo: Float64Array.from({ length: n }, () => (next() < 0.33 ? 1 : 0)),
    },
  };
}

export async function benchMetrics(n: number) {
  const core = await loadCoreFromDisk();
  const { now, columns } = posts(n);
  const wasmMs = median(21, () => core.postMetrics(columns, now, 120_000));
  const referenceMs = median(11, () => postMetricsReference(columns, now, 120_000));
  return {
    posts: n,
    wasm_ms: round2(wasmMs),
    ts_reference_ms: round2(referenceMs),
    ratio: round2(referenceMs / wasmMs),
  };
}

export async function benchSentimentQuality() {
  const core = await loadCoreFromDisk();
  const ours = Object.fromEntries(EVAL_LANGUAGES.map((language) => [language, evaluateCore(core, language)]));
  const baseline = Object.fromEntries(EVAL_LANGUAGES.map((language) => [language, evaluateBaseline(language)]));
  const pick = (scores: typeof ours, key: 'accuracy' | 'macroF1' | 'languageAccuracy') =>
    Object.fromEntries(EVAL_LANGUAGES.map((language) => [language, scores[language]?.[key] ?? null]));
  return {
    evaluation_set: 'bench/sentiment/eval/*.jsonl (180 labelled comments per language, written for this project)',
    accuracy: pick(ours, 'accuracy'),
    macro_f1: pick(ours, 'macroF1'),
    language_id_accuracy: pick(ours, 'languageAccuracy'),
    baseline: 'AFINN-165 via the `sentiment` package (English lexicon)',
    baseline_en_macro_f1: baseline.en?.macroF1 ?? null,
    baseline_macro_f1: pick(baseline, 'macroF1'),
    chance_macro_f1: 0.33,
  };
}
