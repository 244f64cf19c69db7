// The console summary of a bench run: one line per promised figure, beside its baseline, for the
// sections that were measured.
import { INITIAL_JS_BUDGET_KB, PRECACHE_BUDGET_KB } from '../scripts/bundle.ts';
import type { benchAnalysis } from './analysis.ts';
import type { benchAnalysisStallBoth } from './analysis-stall.ts';
import type { benchMetrics, benchSentimentQuality } from './analytics.ts';
import type { benchApp } from './app.ts';
import type { BrowserFigures } from './browser.ts';
import type { benchExport } from './export.ts';
import type { benchExportStall } from './export-stall.ts';
import type { benchFaults } from './faults.ts';
import type { benchImport } from './import.ts';
import type { benchImportCommit } from './import-commit.ts';
import type { benchLighthouse } from './lighthouse.ts';
import type { benchLoad } from './load.ts';
import type { benchOfficial } from './official.ts';
import type { benchRouteStall } from './route-stall.ts';
import type { benchScale } from './scale.ts';
import type { benchServerMemoryBoth } from './server-memory.ts';

type Row = { value: number | null | undefined; against: string };
type DiffFigures = NonNullable<BrowserFigures['diff']>;

/** What run.ts measured; a section not measured is absent. */
export interface Measured {
  bundle?: {
    initial_js_kb: number;
    total_js_kb: number;
    wasm_kb: number;
    precache_entries: number;
    precache_kb: number;
  };
  diff?: DiffFigures;
  diff_node?: DiffFigures;
  metrics?: Awaited<ReturnType<typeof benchMetrics>>;
  sentiment?: NonNullable<BrowserFigures['sentiment']> & Awaited<ReturnType<typeof benchSentimentQuality>>;
  dexie?: BrowserFigures['dexie'];
  analysis?: Awaited<ReturnType<typeof benchAnalysis>>;
  server_memory?: Awaited<ReturnType<typeof benchServerMemoryBoth>>;
  api?: Awaited<ReturnType<typeof benchApp>>['api'];
  repeat_visit?: Awaited<ReturnType<typeof benchApp>>['repeat_visit'];
  import?: Awaited<ReturnType<typeof benchImport>>;
  import_commit?: Awaited<ReturnType<typeof benchImportCommit>>;
  scale?: Awaited<ReturnType<typeof benchScale>>;
  lighthouse?: Awaited<ReturnType<typeof benchLighthouse>>;
  official?: Awaited<ReturnType<typeof benchOfficial>>;
  export?: Awaited<ReturnType<typeof benchExport>>;
  export_stall?: Awaited<ReturnType<typeof benchExportStall>>;
  route_stall?: Awaited<ReturnType<typeof benchRouteStall>>;
  load?: Awaited<ReturnType<typeof benchLoad>>;
  analysis_stall?: Awaited<ReturnType<typeof benchAnalysisStallBoth>>;
  faults?: Awaited<ReturnType<typeof benchFaults>>;
}

/** A diff figure's lines: medians with their spread, and both ratios. */
function diffRows(where: string, d: DiffFigures): Record<string, Row> {
  const range = (s: { min: number; max: number }) => `${s.min}..${s.max}`;
  return {
    [`diff 2 x 1M ids, WASM ${where} (ms, median of ${d.repetitions})`]: {
      value: d.wasm_ms,
      against: `TS typed arrays ${d.ts_reference_ms}: x${d.ratio} (per repetition x${range(d.ratio_spread)})`,
    },
    [`diff ${where}, spread (ms)`]: {
      value: d.wasm_spread_ms.max,
      against: `WASM ${range(d.wasm_spread_ms)}, TS ${range(d.ts_reference_spread_ms)}, Set ${range(d.naive_set_spread_ms)}`,
    },
    [`diff ${where}, Set of BigInts (ms)`]: {
      value: d.naive_set_ms,
      against: `x${d.naive_set_ratio} the WASM (per repetition x${range(d.naive_set_ratio_spread)})`,
    },
  };
}

/** Prints the measured figures as a table. */
export function printSummary(m: Measured): void {
  const rows: Record<string, Row> = {};
  if (m.bundle) {
    rows['JS to render / (kB sent)'] = { value: m.bundle.initial_js_kb, against: `budget ${INITIAL_JS_BUDGET_KB}` };
    rows['all JS (kB sent)'] = { value: m.bundle.total_js_kb, against: '' };
    rows[`precache, ${m.bundle.precache_entries} files (kB sent)`] = {
      value: m.bundle.precache_kb,
      against: `budget ${PRECACHE_BUDGET_KB}`,
    };
  }
  if (m.diff) Object.assign(rows, diffRows('in a worker', m.diff));
  if (m.diff_node) Object.assign(rows, diffRows('in Node', m.diff_node));
  if (m.metrics)
    rows['metrics of 10k posts, WASM (ms)'] = {
      value: m.metrics.wasm_ms,
      against: `TS reference ${m.metrics.ts_reference_ms}`,
    };
  if (m.sentiment) {
    rows['sentiment, 10k comments in the worker (ms)'] = {
      value: m.sentiment.worker_ms,
      against: `${m.sentiment.comments_per_s} comments/s`,
    };
    rows['sentiment macro-F1, en'] = {
      value: m.sentiment.macro_f1.en,
      against: `AFINN baseline ${m.sentiment.baseline_en_macro_f1}`,
    };
  }
  if (m.dexie) {
    rows['Dexie: 1M ids as one array, put (ms)'] = {
      value: m.dexie.snapshot_put_ms,
      against: `get ${m.dexie.snapshot_get_ms}`,
    };
    rows['Dexie: 100k rows bulkPut (rows/s)'] = {
      value: m.dexie.rows_per_s,
      against: `a page of 15: ${m.dexie.read_page_ms} ms`,
    };
  }
  if (m.api) {
    const percent = (ratio: number) => `${Math.round(ratio * 100)}%`;
    rows['API user/detail (req/s)'] = {
      value: m.api.rps,
      against: `static file ${m.api.baseline_rps}: ${percent(m.api.ratio)} (${percent(m.api.ratio_min)}..${percent(m.api.ratio_max)})`,
    };
  }
  if (m.analysis) {
    rows['analysis 1M + 1M (s)'] = {
      value: m.analysis.seconds,
      against: `a day later ${m.analysis.second_run_seconds}`,
    };
  }
  if (m.server_memory) {
    const { embedded, postgresql } = m.server_memory;
    rows['server RSS at the peak of a 1M + 1M analysis, embedded (MB)'] = {
      value: embedded.peak_rss_mb,
      against: `idle ${embedded.idle_rss_mb}, start peak ${embedded.start_peak_rss_mb}`,
    };
    rows['the same on PostgreSQL, per process (MB)'] = {
      value: postgresql.peak_rss_mb,
      against: `idle ${postgresql.idle_rss_mb}`,
    };
  }
  if (m.repeat_visit)
    rows['dashboard offline, cached, CPU/4 (ms)'] = {
      value: m.repeat_visit.offline_cached_dashboard_ms,
      against: `online cold ${m.repeat_visit.online_cold_dashboard_ms}: ${Math.round(m.repeat_visit.ratio * 100)}% (code cache ${m.repeat_visit.code_cache.join(', ')})`,
    };
  if (m.import) {
    rows['import 1M followers, streaming (followers/s)'] = {
      value: m.import.followers_per_s,
      against: `whole files ${m.import.whole_file_baseline.followers_per_s}`,
    };
    rows['import 1M followers as HTML (followers/s)'] = {
      value: m.import.html.followers_per_s,
      against: `peak ${m.import.html.peak_mb} MB (JSON ${m.import.peak_mb} MB)`,
    };
    rows['import peak memory (MB)'] = {
      value: m.import.peak_mb,
      against: `whole files ${m.import.whole_file_baseline.peak_mb}: x${m.import.memory_ratio} less`,
    };
  }
  if (m.import_commit)
    rows['server RSS committing a 1M + 1M import, peak (MB)'] = {
      value: m.import_commit.peak_rss_mb,
      against: `idle with the upload stored ${m.import_commit.idle_rss_mb}: +${m.import_commit.above_idle_mb}`,
    };
  if (m.scale) {
    rows['user/detail on PostgreSQL, 2 API processes (req/s)'] = {
      value: m.scale.user_detail.two_apis_rps,
      against: `1 process ${m.scale.user_detail.one_api_rps}: x${m.scale.user_detail.ratio}`,
    };
    rows['analyses per minute, 2 workers'] = {
      value: m.scale.analyses.two_workers_per_min,
      against: `1 worker ${m.scale.analyses.one_worker_per_min}: x${m.scale.analyses.ratio}`,
    };
  }
  if (m.lighthouse) Object.assign(rows, lighthouseRows(m.lighthouse));
  if (m.load) Object.assign(rows, loadRows(m.load));
  if (m.official) {
    const { official: o, sample_network: s } = m.official;
    rows[`official API: ${m.official.media} media with comments, first collection (s)`] = {
      value: o.seconds,
      against: `sample network ${m.official.followers} followers ${s.seconds} s: x${m.official.time_ratio_to_sample}; a day later ${o.second_run_seconds} s; ${o.graph_calls} calls`,
    };
    rows['official API collection, server peak RSS (MB)'] = {
      value: o.peak_rss_mb,
      against: `idle ${o.idle_rss_mb}; sample network ${s.peak_rss_mb}: x${m.official.peak_rss_ratio_to_sample}`,
    };
  }
  if (m.export) {
    const e = m.export;
    rows[`export ${e.names} names to CSV in the worker (ms)`] = {
      value: e.ms,
      against: `whole string ${e.whole_string_baseline.ms}; ${e.rows_per_s} rows/s; longest frame ${e.longest_frame_ms} ms`,
    };
    rows['export renderer peak (MB)'] = {
      value: e.peak_mb,
      against: `whole string ${e.whole_string_baseline.peak_mb}: x${e.memory_ratio} less`,
    };
    rows['export on the server: one streamed answer (s)'] = {
      value: e.server.stream_s,
      against: `${e.server.paged_requests} pages of 100: about ${e.server.paged_estimate_s} s (${e.server.page_of_100_ms} ms a page)`,
    };
  }
  if (m.export_stall) {
    const s = m.export_stall;
    rows[`health check's longest wait, ${s.parallel} exports of ${s.names} names by one account (ms)`] = {
      value: s.one_account_longest_ms,
      against: `alone ${s.baseline_longest_ms}: x${s.one_account_ratio} (goal <= ${s.goal_ms} ms); ${s.parallel} accounts exporting one each: ${s.many_accounts_longest_ms ?? 'not measured'}`,
    };
  }
  for (const route of m.route_stall?.routes ?? []) {
    rows[`another account's longest wait, ${m.route_stall?.loops} loops on ${route.route} (ms)`] = {
      value: route.longest_ms,
      against: `p99 ${route.p99_ms}; alone ${route.baseline_longest_ms}, p99 ${route.baseline_p99_ms} (goals <= ${m.route_stall?.goal.longest_ms} / ${m.route_stall?.goal.p99_ms})`,
    };
  }
  for (const s of m.analysis_stall ? [m.analysis_stall.embedded, m.analysis_stall.postgresql] : []) {
    rows[`user detail's longest wait during a 1M + 1M analysis, ${s.database} (ms)`] = {
      value: s.longest_wait_ms,
      against: `p99 ${s.p99_wait_ms}; analysis ${s.analysis_s} s; alone ${s.baseline_longest_ms}, p99 ${s.baseline_p99_ms} (goals <= ${s.goal_longest_ms} / ${s.goal_p99_ms}); day later ${s.day_later_longest_wait_ms} / ${s.day_later_p99_wait_ms} in ${s.day_later_analysis_s} s; load ${s.load_average.start}-${s.load_average.end}`,
    };
  }
  if (m.faults) Object.assign(rows, faultRows(m.faults));
  console.table(rows);
}

/** Per screen its performance score beside the other medians; a goal missed is named. */
function lighthouseRows(l: NonNullable<Measured['lighthouse']>): Record<string, Row> {
  const rows: Record<string, Row> = {};
  for (const [path, s] of Object.entries(l.screens)) {
    const missed = s.missed_goals.length > 0 ? `; goal missed: ${s.missed_goals.join(', ')}` : '';
    rows[`Lighthouse mobile ${path}${s.logged_in ? ' (logged in)' : ''}, performance`] = {
      value: s.performance,
      against: `FCP ${s.fcp_ms}, LCP ${s.lcp_ms}, TBT ${s.tbt_ms} ms, CLS ${s.cls}, a11y ${s.accessibility}, ${Math.round(s.bytes / 1000)} kB in ${s.requests}${missed}`,
    };
  }
  rows['precache on the wire (kB)'] = { value: l.precache.kb, against: `${l.precache.entries} entries` };
  return rows;
}

/** Per database, the p99 of 200 subscribers during an analysis beside the quiet one, with their errors. */
function loadRows(l: NonNullable<Measured['load']>): Record<string, Row> {
  const rows: Record<string, Row> = {};
  for (const database of ['embedded', 'postgresql'] as const) {
    const d = l[database];
    if (!d) continue;
    const errors = (f: typeof d.quiet) => f.non_2xx_all_runs + f.socket_errors_all_runs + f.timeouts_all_runs;
    rows[`${l.subscribers} subscribers on ${database}, p99 during an analysis (ms)`] = {
      value: d.during_analysis.p99_ms,
      against: `quiet ${d.quiet.p99_ms}: x${d.p99_ratio}; ${d.during_analysis.rps} vs ${d.quiet.rps} req/s; errors ${errors(d.during_analysis)} vs ${errors(d.quiet)}; all connected after ${d.arrival.seconds} s (${d.arrival.connections_answered} answered)`,
    };
  }
  return rows;
}

/** Per fault its figure: others' longest wait and the code's arrival, the payer's answer and charges, the collection. */
function faultRows(f: NonNullable<Measured['faults']>): Record<string, Row> {
  const rows: Record<string, Row> = {};
  for (const mail of [f.mail.embedded, f.mail.postgresql]) {
    for (const [name, fault] of Object.entries(mail.faults)) {
      rows[`mail server ${name}, ${mail.database}: others' longest wait (ms)`] = {
        value: fault.longest_wait_ms,
        against: `p99 ${fault.p99_wait_ms}; alone ${mail.baseline.longest_wait_ms}, p99 ${mail.baseline.p99_wait_ms}; code delivered ${fault.code_delivered_after_return_ms} ms after it is back`,
      };
    }
  }
  for (const [name, fault] of Object.entries(f.recurly)) {
    rows[`Recurly ${name}: the payer's answer (ms)`] = {
      value: fault.payer_sees.ms,
      against: `${fault.payer_sees.status} "${fault.payer_sees.message}"; retry ${fault.retry.status}; charges ${fault.charges} in ${fault.purchase_calls} calls; others' longest wait ${fault.others_during_it.longest_wait_ms} ms`,
    };
  }
  const g = f.graph;
  rows['Graph hang past one try: resumed after it is back (s)'] = {
    value: g.hang_past_one_try.resumed_after_return_s,
    against: `collection ${g.hang_past_one_try.seconds} s (quiet ${g.quiet.seconds}), ${g.hang_past_one_try.graph_calls} calls (quiet ${g.quiet.graph_calls}), media ${g.hang_past_one_try.media}, complete ${g.hang_past_one_try.complete}`,
  };
  rows['Graph hang past every retry: owner told after (s)'] = {
    value: g.hang_past_every_retry.owner_told_after_s,
    against: `${g.hang_past_every_retry.status}; next collection ${g.hang_past_every_retry.next_collection.seconds} s, ${g.hang_past_every_retry.next_collection.graph_calls} calls, complete ${g.hang_past_every_retry.next_collection.complete}`,
  };
  return rows;
}
