// `npm run test:e2e:stress`: the whole end-to-end suite N times (default 5), optionally beside a busy
// core, then a table of failures per test. It builds nothing: run `npm run build` first, as for
// `npm run test:e2e`. Options: --runs N or STRESS_RUNS=N; --hog or STRESS_CPU_HOG=1; anything else
// goes to `playwright test` (a spec file, --grep …). Exits 1 when any test failed in any run.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { JSONReport } from '@playwright/test/reporter';
import { startCpuHog } from './stress/cpu-hog.ts';
import { parseStressOptions } from './stress/options.ts';
import { addRun, failureTable, type TestTally, testTime } from './stress/tally.ts';

/** One `playwright test` run; resolves with its exit code. Not spawnSync: Ctrl-C must reach our handlers. */
function runPlaywright(args: string[], reportFile: string): Promise<number> {
  const child = spawn('npx', ['playwright', 'test', ...args], {
    stdio: 'inherit',
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: reportFile },
  });
  return new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
}

const options = parseStressOptions(process.argv.slice(2), process.env);
if (!existsSync('dist/index.html')) {
  console.error('stress: dist/ is missing; run `npm run build` first (the e2e server serves the built app)');
  process.exit(2);
}

// Each run keeps its own output folder, so a failure's trace is still there after the next run.
const outputRoot = join('test-results', `stress-${new Date().toISOString().replace(/[:.]/g, '-')}`);
mkdirSync(outputRoot, { recursive: true });
const hog = options.hog ? startCpuHog() : undefined;
const tallies = new Map<string, TestTally>();
const started = Date.now();
try {
  for (let run = 1; run <= options.runs; run++) {
    console.log(`\nstress: run ${run} of ${options.runs}${hog ? ', one core kept busy' : ''}`);
    const reportFile = join(outputRoot, `run-${run}.json`);
    const exitCode = await runPlaywright(
      [
        '--reporter=dot,json',
        `--output=${join(outputRoot, `run-${run}`)}`,
        // A test that fails only now and then is read from its trace: every run records one, kept on failure.
        '--trace=retain-on-failure',
        ...options.playwrightArgs,
      ],
      reportFile,
    );
    const report = existsSync(reportFile) ? (JSON.parse(readFileSync(reportFile, 'utf8')) as JSONReport) : undefined;
    addRun(tallies, report, exitCode);
  }
} finally {
  hog?.stop();
}

const minutes = ((Date.now() - started) / 60_000).toFixed(1);
const table = failureTable(tallies.values());
const tests = [...tallies.values()].filter((tally) => tally.location !== '-');
const failed = tests.filter((tally) => tally.failures > 0).length;
console.log(
  `\nstress: ${options.runs} runs in ${minutes} min${options.hog ? ' beside a busy core' : ''}; reports in ${outputRoot}`,
);
const time = testTime(tallies.values());
console.log(
  `stress: test time per run ${time.perRun.map((seconds) => `${Math.round(seconds)} s`).join(', ')}; the slowest tests (median):`,
);
console.log(time.table);
console.log(table || `stress: every one of ${tests.length} tests passed in every run`);
console.log(`${tests.length - failed} passed, ${failed} failed`);
process.exit(table ? 1 : 0);
