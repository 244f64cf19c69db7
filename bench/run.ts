// `npm run bench`: measures every figure we promise, each beside a baseline from the same run, and
// writes bench/results.json. Speed on shared machines is noisy: read ratios, not milliseconds.

//
// `npm run bench -- --only=import` measures only the import and puts its figures into the
// results.json of the last full run (the import alone takes minutes; the rest does not change with it).

import { readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { measureBundle } from '../scripts/bundle.ts';
import { benchAnalysis } from './analysis.ts';
import { benchMetrics, benchSentimentQuality } from './analytics.ts';
import { benchApp } from './app.ts';
import { benchBrowser, buildBenchPage } from './browser.ts';
import { benchDiff } from './diff.ts';
import { benchImport } from './import.ts';
import { round2 } from './inputs.ts';
import { benchScale } from './scale.ts';
import { benchServerMemoryBoth } from './server-memory.ts';

const RESULTS = new URL('./results.json', import.meta.url);

/** The import's rows of the summary table. */
function importRows(imported: Awaited<ReturnType<typeof benchImport>>) {
  return {
    'import 1M followers, streaming (followers/s)': {
      value: imported.followers_per_s,
      against: `whole files ${imported.whole_file_baseline.followers_per_s}`,
    },
    'import 1M followers as HTML (followers/s)': {
      value: imported.html.followers_per_s,
      against: `peak ${imported.html.peak_mb} MB (JSON ${imported.peak_mb} MB)`,
    },
    'import peak memory (MB)': {
      value: imported.peak_mb,
      against: `whole files ${imported.whole_file_baseline.peak_mb}: x${imported.memory_ratio} less`,
    },
  };
}

const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
if (only !== undefined && only !== 'import') throw new Error(`--only takes "import", not "${only}"`);
if (only === 'import') {
  buildBenchPage();
  const imported = await benchImport(1_000_000);
  const results = JSON.parse(readFileSync(RESULTS, 'utf8')) as Record<string, unknown>;
  writeFileSync(RESULTS, `${JSON.stringify({ ...results, import: imported }, null, 2)}\n`);
  console.table(importRows(imported));
  process.exit(0);
}

const bundle = measureBundle('dist');
const browser = await benchBrowser();
const diffNode = await benchDiff(1_000_000);
const metrics = await benchMetrics(10_000);
const quality = await benchSentimentQuality();
const analysis = await benchAnalysis(1_000_000, 1_000_000);
const serverMemory = await benchServerMemoryBoth(1_000_000, 1_000_000);
const app = await benchApp();
const imported = await benchImport(1_000_000);
const scale = await benchScale();

const results = {
  measured_at: new Date().toISOString(),
  machine: {
    node: process.version,
    cpus: cpus().length,
    cpu: cpus()[0]?.model ?? 'unknown',
    chromium: 'Debian /usr/bin/chromium',
  },
  bundle: {
    initial_js_gz_kb: round2(bundle.initialJsGzKb),
    total_js_gz_kb: round2(bundle.totalJsGzKb),
    wasm_gz_kb: round2(bundle.wasmGzKb),
  },
  /** In Chromium, in one worker: the WASM core against the TypeScript way and a Set of BigInts. */
  diff: browser.diff,
  diff_node: diffNode,
  /** In Node: the 15 metrics of 10,000 posts, the WASM core against the TypeScript reference. */
  metrics,
  /** Throughput in Chromium's worker (one post's whole analysis); quality on the evaluation set. */
  sentiment: { ...browser.sentiment, ...quality },
  dexie: browser.dexie,
  api: app.api,
  analysis,
  /**
   * The server process's own memory (Linux VmRSS/VmHWM), as `npm start` runs it: idle, and at the peak of
   * a 1,000,000 + 1,000,000 analysis and the day-later one, on the embedded database and on PostgreSQL.
   */
  server_memory: serverMemory,
  repeat_visit: app.repeat_visit,
  /**
   * In Chromium's worker, each run in a fresh browser: a 1,000,000-follower download of about 300 MB
   * read and turned into the upload's snapshot, streaming (the app) against reading each list file
   * whole, and the same download in HTML.
   */
  import: imported,
  /**
   * On PostgreSQL 15: user detail with one and two API processes (the same load from two loaders),
   * and analyses per minute with one and two job workers. One 2-core machine runs every process.
   */
  scale,
};
writeFileSync(RESULTS, `${JSON.stringify(results, null, 2)}\n`);

const d = results.diff;
console.table({
  'JS to render / (kB gz)': { value: results.bundle.initial_js_gz_kb, against: 'budget 120' },
  'all JS (kB gz)': { value: results.bundle.total_js_gz_kb, against: '' },
  'diff 2 x 1M ids, WASM in a worker (ms)': {
    value: d.wasm_ms,
    against: `TS typed arrays ${d.ts_reference_ms}: x${d.ratio}`,
  },
  'diff, Set of BigInts (ms)': { value: d.naive_set_ms, against: `x${round2(d.naive_set_ms / d.wasm_ms)} the WASM` },
  'metrics of 10k posts, WASM (ms)': { value: metrics.wasm_ms, against: `TS reference ${metrics.ts_reference_ms}` },
  'sentiment, 10k comments in the worker (ms)': {
    value: results.sentiment.worker_ms,
    against: `${results.sentiment.comments_per_s} comments/s`,
  },
  'sentiment macro-F1, en': {
    value: results.sentiment.macro_f1.en,
    against: `AFINN baseline ${results.sentiment.baseline_en_macro_f1}`,
  },
  'Dexie: 1M ids as one array, put (ms)': {
    value: results.dexie.snapshot_put_ms,
    against: `get ${results.dexie.snapshot_get_ms}`,
  },
  'Dexie: 100k rows bulkPut (rows/s)': {
    value: results.dexie.rows_per_s,
    against: `a page of 15: ${results.dexie.read_page_ms} ms`,
  },
  'API user/detail (req/s)': {
    value: results.api.rps,
    against: `static file ${results.api.baseline_rps}: ${Math.round(results.api.ratio * 100)}% (${Math.round(results.api.ratio_min * 100)}-${Math.round(results.api.ratio_max * 100)}%)`,
  },
  'analysis 1M + 1M (s)': { value: analysis.seconds, against: `a day later ${analysis.second_run_seconds}` },
  'server RSS at the peak of a 1M + 1M analysis, embedded (MB)': {
    value: serverMemory.embedded.peak_rss_mb,
    against: `idle ${serverMemory.embedded.idle_rss_mb}; PostgreSQL ${serverMemory.postgresql.peak_rss_mb} (idle ${serverMemory.postgresql.idle_rss_mb})`,
  },
  'dashboard offline, cached, CPU/4 (ms)': {
    value: results.repeat_visit.offline_cached_dashboard_ms,
    against: `online cold ${results.repeat_visit.online_cold_dashboard_ms}`,
  },
  ...importRows(imported),
  'user/detail on PostgreSQL, 2 API processes (req/s)': {
    value: scale.user_detail.two_apis_rps,
    against: `1 process ${scale.user_detail.one_api_rps}: x${scale.user_detail.ratio}`,
  },
  'analyses per minute, 2 workers': {
    value: scale.analyses.two_workers_per_min,
    against: `1 worker ${scale.analyses.one_worker_per_min}: x${scale.analyses.ratio}`,
  },
});
