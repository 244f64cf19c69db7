// The stress run's options, from flags first and the environment second, so a CI-like shell can set
// them once (STRESS_RUNS=3 STRESS_CPU_HOG=1) and a person can type them (--runs 3 --hog).

export interface StressOptions {
  /** How many times the whole end-to-end suite runs. */
  runs: number;
  /** Whether a busy loop keeps one core busy beside the suite, as other work on CI's machine does. */
  hog: boolean;
  /** Anything else is handed to `playwright test` (a spec file, --grep …). */
  playwrightArgs: string[];
}

export const DEFAULT_RUNS = 5;

function parseRuns(value: string | undefined, from: string): number {
  const runs = Number(value);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`${from} must be a whole number of runs, 1 or more`);
  return runs;
}

/** Reads `--runs N` (or `--runs=N`), `--hog`, and STRESS_RUNS / STRESS_CPU_HOG; the rest goes to Playwright. */
export function parseStressOptions(argv: readonly string[], env: NodeJS.ProcessEnv): StressOptions {
  let runs = env.STRESS_RUNS ? parseRuns(env.STRESS_RUNS, 'STRESS_RUNS') : DEFAULT_RUNS;
  let hog = env.STRESS_CPU_HOG === '1' || env.STRESS_CPU_HOG === 'true';
  const playwrightArgs: string[] = [];
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index] as string;
    if (arg === '--hog') hog = true;
    else if (arg === '--runs') runs = parseRuns(argv[++index], '--runs');
    else if (arg.startsWith('--runs=')) runs = parseRuns(arg.slice('--runs='.length), '--runs');
    else playwrightArgs.push(arg);
  }
  return { runs, hog, playwrightArgs };
}
