// The stress run's table: per test, the runs it failed in, from Playwright's JSON reports.
import { join } from 'node:path';
import type { JSONReport, JSONReportSpec, JSONReportTest } from '@playwright/test/reporter';
import { describe, expect, it } from 'vitest';
import { addRun, failureTable, RUN_ERROR, type TestTally, testTime } from '../../scripts/stress/tally.ts';

function spec(title: string, line: number, status: JSONReportTest['status'], ms: number[] = []): JSONReportSpec {
  const test = { status, projectName: '', results: ms.map((duration) => ({ duration })) } as unknown as JSONReportTest;
  return {
    title,
    file: 'stories.spec.ts',
    line,
    column: 1,
    ok: status === 'expected',
    tags: [],
    id: title,
    tests: [test],
  };
}

function report(specs: JSONReportSpec[], errors: JSONReport['errors'] = []): JSONReport {
  const file = { title: 'stories.spec.ts', file: 'stories.spec.ts', line: 0, column: 0, specs: [] };
  const group = { title: 'the viewer', file: 'stories.spec.ts', line: 3, column: 1, specs };
  return {
    config: { rootDir: join(process.cwd(), 'tests/e2e') },
    suites: [{ ...file, suites: [group] }],
    errors,
  } as unknown as JSONReport;
}

const byTitle = (tallies: Map<string, TestTally>, title: string) =>
  [...tallies.values()].find((tally) => tally.title === title);

describe('stress tally', () => {
  it('counts each test once per run, failed when it did not pass first time, named by file:line from the repository', () => {
    const tallies = new Map<string, TestTally>();
    addRun(tallies, report([spec('plays', 52, 'unexpected'), spec('downloads', 90, 'expected')]), 1);
    addRun(tallies, report([spec('plays', 52, 'flaky'), spec('downloads', 90, 'expected')]), 0);
    addRun(tallies, report([spec('plays', 52, 'expected'), spec('downloads', 90, 'skipped')]), 0);
    expect(byTitle(tallies, 'the viewer › plays')).toEqual({
      title: 'the viewer › plays',
      location: 'tests/e2e/stories.spec.ts:52',
      runs: 3,
      failures: 2,
      seconds: [0, 0, 0],
    });
    expect(byTitle(tallies, 'the viewer › downloads')?.failures).toBe(0);
    expect(byTitle(tallies, RUN_ERROR)?.failures).toBe(0);
    const table = failureTable(tallies.values());
    expect(table).toContain('2/3');
    expect(table).toContain('tests/e2e/stories.spec.ts:52');
    expect(table).not.toContain('downloads');
  });

  it('counts a run with no report, errors outside the tests, or a bare non-zero exit as a failed run', () => {
    const tallies = new Map<string, TestTally>();
    addRun(tallies, undefined, 1);
    addRun(tallies, report([spec('plays', 52, 'expected')], [{ message: 'web server did not start' }]), 1);
    addRun(tallies, report([spec('plays', 52, 'expected')]), 1);
    addRun(tallies, report([spec('plays', 52, 'expected')]), 0);
    expect(byTitle(tallies, RUN_ERROR)).toMatchObject({ runs: 4, failures: 3 });
  });

  it('prints nothing when every test passed', () => {
    const tallies = new Map<string, TestTally>();
    addRun(tallies, report([spec('plays', 52, 'expected')]), 0);
    expect(failureTable(tallies.values())).toBe('');
  });

  it('adds up each run’s test time, every try counted, and lists the slowest tests by their median', () => {
    const tallies = new Map<string, TestTally>();
    addRun(tallies, report([spec('plays', 52, 'expected', [30_000]), spec('downloads', 90, 'expected', [5_000])]), 0);
    addRun(
      tallies,
      report([spec('plays', 52, 'flaky', [20_000, 12_000]), spec('downloads', 90, 'expected', [7_000])]),
      0,
    );
    addRun(tallies, report([spec('plays', 52, 'expected', [28_000]), spec('downloads', 90, 'expected', [6_000])]), 0);
    const time = testTime(tallies.values(), 1);
    expect(time.perRun).toEqual([35, 39, 34]);
    expect(time.table).toBe('   30.0 s  tests/e2e/stories.spec.ts:52  the viewer › plays');
  });
});
