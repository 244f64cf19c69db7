// The figures issue 25 asks of each Lighthouse run, read from its report, and their medians.
/** The part of a Lighthouse report (LH.Result) read here; a real report has it. */
export interface LighthouseReport {
  finalDisplayedUrl: string;
  runtimeError?: { code: string; message: string };
  environment: { benchmarkIndex: number };
  categories: Record<string, { score: number | null } | undefined>;
  audits: Record<string, { numericValue?: number; scoreDisplayMode?: string; details?: unknown } | undefined>;
}

/** One run's figures: scores out of 100, times in ms, bytes as transferred (headers included). */
export interface RunFigures {
  performance: number;
  fcp_ms: number;
  lcp_ms: number;
  tbt_ms: number;
  cls: number;
  accessibility: number;
  /** total-byte-weight: every response of the first visit, as transferred. */
  bytes: number;
  requests: number;
  /** Lighthouse's measure of the machine's speed at the time (higher is faster): the noise to read beside. */
  benchmark_index: number;
}

/** Issue 25's goal for a visitor screen, median of 3. */
export const GOAL = { performance: 95, lcp_ms: 2500 } as const;

function numeric(report: LighthouseReport, audit: string): number {
  const value = report.audits[audit]?.numericValue;
  if (value === undefined) throw new Error(`Lighthouse report without ${audit}`);
  return value;
}

function score(report: LighthouseReport, category: string): number {
  const value = report.categories[category]?.score;
  if (value === null || value === undefined) throw new Error(`Lighthouse report without a ${category} score`);
  return Math.round(value * 100);
}

/** The request count of the diagnostics audit (the network records of the page, the document included). */
function requestCount(report: LighthouseReport): number {
  const details = report.audits.diagnostics?.details as { items?: Array<{ numRequests?: number }> } | undefined;
  const count = details?.items?.[0]?.numRequests;
  if (count === undefined) throw new Error('Lighthouse report without diagnostics');
  return count;
}

/** A run's figures; a run Lighthouse itself marked failed (runtimeError) is refused. */
export function figuresOf(report: LighthouseReport): RunFigures {
  if (report.runtimeError) throw new Error(`Lighthouse ${report.runtimeError.code}: ${report.runtimeError.message}`);
  return {
    performance: score(report, 'performance'),
    fcp_ms: Math.round(numeric(report, 'first-contentful-paint')),
    lcp_ms: Math.round(numeric(report, 'largest-contentful-paint')),
    tbt_ms: Math.round(numeric(report, 'total-blocking-time')),
    cls: Math.round(numeric(report, 'cumulative-layout-shift') * 1000) / 1000,
    accessibility: score(report, 'accessibility'),
    bytes: numeric(report, 'total-byte-weight'),
    requests: requestCount(report),
    benchmark_index: Math.round(report.environment.benchmarkIndex),
  };
}

/**
 * The audits Lighthouse could not run. Lighthouse 12.2 reads some trace events Chromium 156 no longer
 * writes (its RootCauses gatherer: the LCP element, layout shifts, render-blocking resources); the
 * scored metrics do not depend on them.
 */
export function erroredAudits(report: LighthouseReport): string[] {
  return Object.entries(report.audits)
    .filter(([, audit]) => audit?.scoreDisplayMode === 'error')
    .map(([id]) => id)
    .sort();
}

/** The runs as one list per figure, in run order: how the repository keeps repetitions (one line each). */
export function runsByFigure<Run extends object>(runs: readonly Run[]): Record<keyof Run, number[]> {
  if (runs.length === 0) throw new Error('no Lighthouse runs');
  const keys = Object.keys(runs[0] as Run) as Array<keyof Run>;
  return Object.fromEntries(keys.map((key) => [key, runs.map((run) => Number(run[key]))])) as Record<
    keyof Run,
    number[]
  >;
}

/** The median of values already rounded as their figure is (CLS to 0.001, so not repetitions.ts's 0.01). */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** Each figure's median over the runs, on its own (not the figures of one median run). */
export function medianFigures(runs: readonly RunFigures[]): RunFigures {
  const lists = Object.entries(runsByFigure(runs)) as Array<[keyof RunFigures, number[]]>;
  return Object.fromEntries(lists.map(([key, values]) => [key, median(values)])) as unknown as RunFigures;
}

/** Which of the goal's figures a screen's medians miss. */
export function missedGoals(figures: Pick<RunFigures, 'performance' | 'lcp_ms'>): Array<'performance' | 'lcp'> {
  const missed: Array<'performance' | 'lcp'> = [];
  if (figures.performance < GOAL.performance) missed.push('performance');
  if (figures.lcp_ms > GOAL.lcp_ms) missed.push('lcp');
  return missed;
}
