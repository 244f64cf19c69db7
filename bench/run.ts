// `npm run bench`: measures every figure we promise, each beside a baseline from the same run, and
// writes bench/results.json. Speed on shared machines is noisy: read ratios, not milliseconds.
// `npm run bench -- diff` (any section names of bench/sections.ts) measures only those sections and
// keeps the other figures of results.json as they were; `sections_measured_at` says when each was taken.

import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import { measureBundle } from '../scripts/bundle.ts';
import { benchAnalysis } from './analysis.ts';
import { benchAnalysisStallBoth } from './analysis-stall.ts';
import { benchMetrics, benchSentimentQuality } from './analytics.ts';
import { benchApp } from './app.ts';
import { type BrowserPart, benchBrowser } from './browser.ts';
import { benchCapacity } from './capacity.ts';
import { benchCost } from './cost.ts';
import { benchDiff } from './diff.ts';
import { benchExport } from './export.ts';
import { benchExportStall } from './export-stall.ts';
import { benchFaults } from './faults.ts';
import { benchProcessFaults } from './faults-process.ts';
import { benchImport } from './import.ts';
import { benchImportCommit } from './import-commit.ts';
import { round2 } from './inputs.ts';
import { benchLighthouse } from './lighthouse.ts';
import { benchLoad } from './load.ts';
import { benchOfficial } from './official.ts';
import { benchOfficialCalls } from './official-calls.ts';
import { benchRouteStall } from './route-stall.ts';
import { benchScale } from './scale.ts';
import { chosenSections, SECTIONS } from './sections.ts';
import { benchServerMemoryBoth } from './server-memory.ts';
import { printSummary } from './summary.ts';

const chosen = chosenSections(process.argv.slice(2));
const browserParts = (['diff', 'sentiment', 'dexie'] as const).filter((part): part is BrowserPart => chosen.has(part));

const bundle = chosen.has('bundle') ? measureBundle('dist') : undefined;
const browser = await benchBrowser(browserParts);
const measured = {
  /** kB as sent (brotli, as the server sends the build): what `/` needs, all JavaScript, the install. */
  bundle: bundle && {
    initial_js_kb: round2(bundle.initialJsKb),
    total_js_kb: round2(bundle.totalJsKb),
    wasm_kb: round2(bundle.wasmKb),
    precache_entries: bundle.precache.entries,
    precache_kb: round2(bundle.precache.kb),
  },
  /** In Chromium, in one worker: the WASM core against the TypeScript way and a Set of BigInts. */
  diff: browser.diff,
  /** The same in Node, as the server runs the core. */
  diff_node: chosen.has('diff') ? await benchDiff(1_000_000) : undefined,
  /** In Node: the 15 metrics of 10,000 posts, the WASM core against the TypeScript reference. */
  metrics: chosen.has('metrics') ? await benchMetrics(10_000) : undefined,
  /** Throughput in Chromium's worker (one post's whole analysis); quality on the evaluation set. */
  sentiment: browser.sentiment && { ...browser.sentiment, ...(await benchSentimentQuality()) },
  dexie: browser.dexie,
  analysis: chosen.has('analysis') ? await benchAnalysis(1_000_000, 1_000_000) : undefined,
  /**
   * The server process's own memory (Linux VmRSS/VmHWM), as `npm start` runs it: idle, and at the peak of
   * a 1,000,000 + 1,000,000 analysis and the day-later one, on the embedded database and on PostgreSQL.
   */
  server_memory: chosen.has('server_memory') ? await benchServerMemoryBoth(1_000_000, 1_000_000) : undefined,
  ...(chosen.has('app') ? await benchApp() : {}),
  /**
   * In Chromium's worker, each run in a fresh browser: a 1,000,000-follower download of about 300 MB
   * read and turned into the upload's snapshot, streaming (the app) against reading each list file
   * whole, and the same download in HTML.
   */
  import: chosen.has('import') ? await benchImport(1_000_000) : undefined,
  /**
   * Issue 32: the server process's RSS while it commits an import of 1,000,000 followers + 1,000,000
   * following (100 chunks), against the same process idle with the upload stored; median of 3 fresh servers.
   */
  import_commit: chosen.has('import_commit') ? await benchImportCommit(1_000_000, 1_000_000) : undefined,
  /**
   * On PostgreSQL 15: user detail with one and two API processes (the same load from two loaders),
   * and analyses per minute with one and two job workers. One 2-core machine runs every process.
   */
  scale: chosen.has('scale') ? await benchScale() : undefined,
  /**
   * Issue 25: Lighthouse's mobile preset, each screen a cold first visit in a fresh Chromium (median of 3),
   * and the precache as the server sends it.
   */
  lighthouse: chosen.has('lighthouse') ? await benchLighthouse() : undefined,
  /**
   * Issue 18: a professional account of 5,000 posts and reels with their comments collected from the
   * official API (the local fake), in the server process; beside the sample network's analysis of an
   * account of as many followers, median of 3 fresh servers each.
   */
  official: chosen.has('official') ? await benchOfficial() : undefined,
  /**
   * Issue 36: the Graph calls of a first collection of 240 media against the fake set up from the
   * platform's reference (rate limits, transient failures, insights reported late), median of 3 seeds.
   */
  official_calls: chosen.has('official_calls') ? await benchOfficialCalls() : undefined,
  /**
   * Issue 20: a list of about 1,000,000 names exported to CSV in Chromium's worker from the real server
   * (median of 3 fresh browsers), streamed as the app does against the whole CSV built as one string;
   * and on the server, the list's one streamed answer against pages of 100.
   */
  export: chosen.has('export') ? await benchExport(1_001_000) : undefined,
  /**
   * Issue 32: the health check's longest wait while one account fires 16 exports of a 500,000-name
   * list at once (and while 16 accounts export one each), against the same polling alone.
   */
  export_stall: chosen.has('export_stall') ? await benchExportStall(500_000) : undefined,
  /**
   * Issue 48: another account's cheap request (its longest wait and p99) while one account runs 64 loops
   * on each gated route in turn (a 500,000-name list's pages, stories refresh, history, post reads, the
   * insight, the media proxy), against the same polling alone.
   */
  route_stall: chosen.has('route_stall') ? await benchRouteStall(500_000) : undefined,
  /**
   * Issue 35: 200 subscribers at once, each on its own connection asking user detail, a list page, post
   * analytics and stories, quiet and while another account's big analysis runs, on the embedded database
   * and on PostgreSQL 15: requests, errors, p50, p99 and max latency (median of 3 windows each).
   */
  load: chosen.has('load') ? await benchLoad() : undefined,
  /**
   * Issue 52: open loop, visits of 200 subscribers arriving as a Poisson process, the rate stepped up: the
   * highest rate within p99 ≤ 200 ms and errors ≤ 0.1%, per deployment (embedded; PostgreSQL, 1 and 2 APIs).
   */
  capacity: chosen.has('capacity') ? await benchCapacity() : undefined,
  /**
   * Issue 52 item 2: what a subscriber costs a day: the official API's daily collection (1,000, 10,000 and
   * 100,000 followers, 500 media), a weekly import (1,000, 100,000 and 1,000,000 followers) and what a year
   * of them stores, a login code's mail and a push digest: server CPU, Graph calls, bytes stored.
   */
  cost: chosen.has('cost') ? await benchCost() : undefined,
  /**
   * Issue 31: another account's user detail, sent every 50 ms while a 1,000,000 + 1,000,000 analysis and
   * its day-later one run and commit: its longest wait and p99 beside the analysis's time and the same
   * polling alone, median of 3, on the embedded database and on PostgreSQL.
   */
  analysis_stall: chosen.has('analysis_stall') ? await benchAnalysisStallBoth(1_000_000, 1_000_000) : undefined,
  /**
   * Issue 35: the outside services failing (the mail server hanging and refusing, Recurly answering late
   * and 503, the Graph API hanging mid-collection): others' waits meanwhile, what the user is told, when
   * the login code arrives once the mail server is back, charges made, and whether the collection completes.
   */
  faults: chosen.has('faults') ? await benchFaults() : undefined,
  /**
   * Issue 35 item 3: PostgreSQL restarted under load, the server killed mid-analysis and mid-import on
   * both databases, the disk full under the embedded one: each fault's "nothing lost" checked, and its cost.
   */
  faults_process: chosen.has('faults_process') ? await benchProcessFaults() : undefined,
};

const path = new URL('./results.json', import.meta.url);
const previous = existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>) : {};
const now = new Date().toISOString();
const results = {
  ...previous,
  // The whole run's time; a run of some sections dates only those, in sections_measured_at.
  measured_at: chosen.size === SECTIONS.length ? now : (previous.measured_at ?? now),
  machine: {
    node: process.version,
    cpus: cpus().length,
    cpu: cpus()[0]?.model ?? 'unknown',
    chromium: 'Debian /usr/bin/chromium',
  },
  sections_measured_at: {
    ...(previous.sections_measured_at as Record<string, string> | undefined),
    ...Object.fromEntries([...chosen].map((section) => [section, now])),
  },
  // A section that was not measured keeps its previous figures.
  ...Object.fromEntries(Object.entries(measured).filter(([, value]) => value !== undefined)),
  // A load run of one database (LOAD_DATABASES) keeps the other database's previous figures.
  ...(measured.load && { load: keepOtherDatabase(previous.load, measured.load) }),
  // The first Lighthouse run, before any of issue 25's speed work, stays as the same-machine baseline.
  lighthouse_baseline:
    previous.lighthouse_baseline ?? (measured.lighthouse && { measured_at: now, ...measured.lighthouse }),
};
writeFileSync(path, `${JSON.stringify(results, null, 2)}\n`);

function keepOtherDatabase(before: unknown, after: Record<string, unknown>) {
  const kept: Record<string, unknown> = {};
  const old = (before ?? {}) as Record<string, unknown>;
  for (const database of ['embedded', 'postgresql']) {
    if (after[database] === undefined && old[database] !== undefined) {
      kept[database] = old[database];
      kept[`${database}_measured_at`] = old[`${database}_measured_at`] ?? old.measured_at;
    }
  }
  return { ...after, ...kept };
}
// In the repository's own format (lists of repetitions on one line), so `npm run check` passes on it.
execFileSync('npx', ['biome', 'format', '--write', fileURLToPath(path)], { stdio: 'ignore' });
printSummary(measured);
