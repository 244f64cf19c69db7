// Scores the labelled evaluation set (bench/sentiment/eval/*.jsonl, written for this project) with
// our core and with a baseline, the AFINN-based `sentiment` package (English only).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Baseline from 'sentiment';
import type { CollectorCore } from '../../wasm/collector.ts';
import { type Label, scoreEach } from '../../wasm/sentiment/analyse.ts';
import { shippedDictionary } from '../../wasm/sentiment/lexicons.ts';

export const EVAL_LANGUAGES = ['en', 'es', 'fr', 'de', 'it', 'pt'] as const;
export type EvalLanguage = (typeof EVAL_LANGUAGES)[number];
const LABELS: Label[] = ['positive', 'negative', 'neutral'];

export interface EvalItem {
  text: string;
  label: Label;
  emotion: string | null;
}

export function readEvalSet(language: EvalLanguage): EvalItem[] {
  const path = fileURLToPath(new URL(`./eval/${language}.jsonl`, import.meta.url));
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as EvalItem);
}

export interface Scores {
  accuracy: number;
  macroF1: number;
  /** How often the comment's language was identified right. */
  languageAccuracy?: number;
}

/** Accuracy and the mean of the three labels' F1. */
export function score(truth: Label[], predicted: Label[]): Scores {
  const correct = truth.filter((label, i) => label === predicted[i]).length;
  const f1s = LABELS.map((label) => {
    const tp = truth.filter((t, i) => t === label && predicted[i] === label).length;
    const fp = truth.filter((t, i) => t !== label && predicted[i] === label).length;
    const fn = truth.filter((t, i) => t === label && predicted[i] !== label).length;
    return tp === 0 ? 0 : (2 * tp) / (2 * tp + fp + fn);
  });
  return {
    accuracy: round(correct / truth.length),
    macroF1: round(f1s.reduce((sum, f1) => sum + f1, 0) / f1s.length),
  };
}

const round = (value: number) => Math.round(value * 1000) / 1000;

export function evaluateCore(core: CollectorCore, language: EvalLanguage): Scores {
  const items = readEvalSet(language);
  const readings = scoreEach(
    core,
    shippedDictionary(),
    items.map((item) => item.text),
  );
  const scores = score(
    items.map((item) => item.label),
    readings.map((reading) => reading.label),
  );
  const identified = readings.filter((reading) => reading.language === language);
  return { ...scores, languageAccuracy: round(identified.length / items.length) };
}

/** The baseline: AFINN-165 word scores with its own negation and emoji handling. */
export function evaluateBaseline(language: EvalLanguage): Scores {
  const baseline = new Baseline();
  const items = readEvalSet(language);
  const predicted = items.map((item): Label => {
    const { comparative } = baseline.analyze(item.text);
    return comparative > 0 ? 'positive' : comparative < 0 ? 'negative' : 'neutral';
  });
  return score(
    items.map((item) => item.label),
    predicted,
  );
}
