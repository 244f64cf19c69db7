// `npm run bench`: measures the figures we promise, each beside a baseline from the same run,
// and writes bench/results.json. Sections are added as features land (see the README).
import { readFileSync, writeFileSync } from 'node:fs';
import { measureBundle } from '../scripts/bundle.ts';
import { benchAnalysis } from './analysis.ts';
import { benchDiff } from './diff.ts';

const resultsPath = new URL('./results.json', import.meta.url);
const previous = (() => {
  try {
    return JSON.parse(readFileSync(resultsPath, 'utf8')) as Record<string, unknown>;
  } catch {
    return {};
  }
})();

const bundle = measureBundle('dist');
const diff = await benchDiff(1_000_000);
const analysis = await benchAnalysis(1_000_000, 1_000_000);

const results = {
  ...previous,
  measured_at: new Date().toISOString(),
  machine: { node: process.version, cpus: (await import('node:os')).cpus().length },
  bundle: {
    initial_js_gz_kb: round(bundle.initialJsGzKb),
    total_js_gz_kb: round(bundle.totalJsGzKb),
    wasm_gz_kb: round(bundle.wasmGzKb),
  },
  diff,
  analysis,
};
writeFileSync(resultsPath, `${JSON.stringify(results, null, 2)}\n`);

console.table({
  'bundle: initial JS (kB gz)': { value: results.bundle.initial_js_gz_kb, baseline: 'budget 120' },
  'bundle: all JS (kB gz)': { value: results.bundle.total_js_gz_kb, baseline: '' },
  'bundle: collector core (kB gz)': { value: results.bundle.wasm_gz_kb, baseline: '' },
  [`diff ${diff.ids} ids: WASM (ms)`]: { value: diff.wasm_ms, baseline: '' },
  'diff: TS reference (ms)': { value: diff.ts_reference_ms, baseline: `×${diff.ratio} slower` },
  'diff: Set of BigInts (ms)': {
    value: diff.naive_set_ms,
    baseline: `×${round(diff.naive_set_ms / diff.wasm_ms)} slower`,
  },
  'analysis 1M + 1M: baseline (s)': { value: analysis.seconds, baseline: '' },
  'analysis: a day later (s)': {
    value: analysis.second_run_seconds,
    baseline: `${analysis.new_followers_second_run} new`,
  },
  'analysis: peak RSS (MB)': { value: analysis.peak_rss_mb, baseline: `${analysis.rss_before_mb} before the job` },
});

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
