// Counts, per test, how many of the stress runs it failed in, from Playwright's JSON reports (not
// from its text output, which changes between versions and reporters).
import { join, relative } from 'node:path';
import type { JSONReport, JSONReportSuite } from '@playwright/test/reporter';

export interface TestTally {
  /** The test's title path inside its file ("describe › test"). */
  title: string;
  /** file:line, as Playwright prints it. */
  location: string;
  runs: number;
  failures: number;
  /** Seconds each run spent in the test (every try of every project), in run order. */
  seconds: number[];
}

/** A run that failed outside any test (the web server did not start, a file did not compile). */
export const RUN_ERROR = '(the run itself: errors outside any test)';

function* specsOf(
  suite: JSONReportSuite,
  path: string[],
  fileOf: (file: string) => string,
): Generator<{ title: string; location: string; ok: boolean; seconds: number }> {
  const here = suite.title && !suite.title.endsWith('.ts') ? [...path, suite.title] : path;
  for (const spec of suite.specs) {
    // A test is a failure in this run when any of its projects or repeats did not pass on the first try.
    const ok = spec.tests.every((test) => test.status === 'expected' || test.status === 'skipped');
    const ms = spec.tests.flatMap((test) => test.results).reduce((sum, result) => sum + result.duration, 0);
    yield {
      title: [...here, spec.title].join(' › '),
      location: `${fileOf(spec.file)}:${spec.line}`,
      ok,
      seconds: ms / 1000,
    };
  }
  for (const child of suite.suites ?? []) yield* specsOf(child, here, fileOf);
}

/** Adds one run's report to the tallies (keyed by location and title). */
export function addRun(tallies: Map<string, TestTally>, report: JSONReport | undefined, exitCode: number): void {
  const seen = new Set<string>();
  // Spec files are named from the test folder; the table names them from the repository, as people type them.
  const fileOf = (file: string) => (report ? relative(process.cwd(), join(report.config.rootDir, file)) : file);
  for (const suite of report?.suites ?? []) {
    for (const spec of specsOf(suite, [], fileOf)) {
      const key = `${spec.location} ${spec.title}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const tally = tallies.get(key) ?? {
        title: spec.title,
        location: spec.location,
        runs: 0,
        failures: 0,
        seconds: [],
      };
      tally.runs += 1;
      tally.seconds.push(spec.seconds);
      if (!spec.ok) tally.failures += 1;
      tallies.set(key, tally);
    }
  }
  // No report, errors outside the tests, or a non-zero exit with every test green: the run failed.
  const testFailed = [...seen].some((key) => (tallies.get(key)?.failures ?? 0) > 0);
  const runFailed = !report || (report.errors?.length ?? 0) > 0 || (exitCode !== 0 && !testFailed);
  const run = tallies.get(RUN_ERROR) ?? { title: RUN_ERROR, location: '-', runs: 0, failures: 0, seconds: [] };
  run.runs += 1;
  if (runFailed) run.failures += 1;
  tallies.set(RUN_ERROR, run);
}

/** The table of tests that failed at least once, worst first; an empty string when none did. */
export function failureTable(tallies: Iterable<TestTally>): string {
  const failing = [...tallies].filter((tally) => tally.failures > 0).sort((a, b) => b.failures - a.failures);
  if (failing.length === 0) return '';
  const rows = failing.map((tally) => [`${tally.failures}/${tally.runs}`, tally.location, tally.title]);
  const widths = [0, 1].map((column) =>
    Math.max(...[['failed', 'where'], ...rows].map((row) => row[column]?.length ?? 0)),
  );
  const line = (row: string[]) => `${row[0]?.padEnd(widths[0] ?? 0)}  ${row[1]?.padEnd(widths[1] ?? 0)}  ${row[2]}`;
  return [line(['failed', 'where', 'test']), ...rows.map(line)].join('\n');
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

/**
 * Test time: the seconds every test of a run took, added up (what a suite costs whatever the workers),
 * per run, and the slowest tests by their median, so a change to the suite's length can be measured.
 */
export function testTime(tallies: Iterable<TestTally>, slowest = 10): { perRun: number[]; table: string } {
  const tests = [...tallies].filter((tally) => tally.location !== '-');
  const runs = Math.max(0, ...tests.map((tally) => tally.seconds.length));
  const perRun = Array.from({ length: runs }, (_, run) =>
    tests.reduce((sum, tally) => sum + (tally.seconds[run] ?? 0), 0),
  );
  const rows = tests
    .map((tally) => ({ tally, seconds: median(tally.seconds) }))
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, slowest)
    .map(({ tally, seconds }) => `${seconds.toFixed(1).padStart(7)} s  ${tally.location}  ${tally.title}`);
  return { perRun, table: rows.join('\n') };
}
