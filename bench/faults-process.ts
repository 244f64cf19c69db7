// Issue 35 item 3, the process half of the fault suite (`npm run bench -- faults_process`): PostgreSQL
// restarted under load, the server killed mid-analysis and mid-import on both databases, and the disk
// full under the embedded database. Each file says what "nothing lost" means for its fault; the quick
// ones run in CI too (server/faults.test.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase, ownPostgres } from '../tests/support/postgres.ts';
import { FAULT_PORTS, loadAverage } from './fault-client.ts';
import { benchDiskFull } from './fault-disk-full.ts';
import { benchKillAnalysis } from './fault-kill-analysis.ts';
import { benchKillImport } from './fault-kill-import.ts';
import { benchPostgresRestart } from './fault-postgres-restart.ts';

/**
 * The killed analysis's account: followers and following. The team's hand measurement was 1M + 1M; on a
 * shared 2-core machine a start of the embedded server alone took 20-45 s, so the suite's default is smaller.
 */
const ANALYSIS_SIZE = Number(process.env.FAULTS_ANALYSIS_SIZE ?? 100_000);
/** The killed import's download: followers and following. */
const IMPORT_SIZE = Number(process.env.FAULTS_IMPORT_SIZE ?? 200_000);

/** One database alone while working on this bench (FAULTS_DATABASE=embedded or postgresql). */
const ONLY = process.env.FAULTS_DATABASE;

/** Runs `measure` on a fresh embedded data folder, then on a fresh PostgreSQL 15 database. */
async function onBoth<T>(measure: (env: Record<string, string>) => Promise<T>) {
  const dataDir = mkdtempSync(join(tmpdir(), 'followscope-faults-'));
  let embedded: T | undefined;
  try {
    if (ONLY !== 'postgresql') embedded = await measure({ DATA_DIR: dataDir });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (ONLY === 'embedded') return { embedded };
  const postgres = await ownPostgres({ port: FAULT_PORTS.postgres });
  try {
    const database = await createDatabase(postgres.url);
    try {
      return { embedded, postgresql: await measure({ DATABASE_URL: database.url, SEED_DEMO: 'false' }) };
    } finally {
      await database.drop().catch(() => undefined);
    }
  } finally {
    await postgres.stop();
  }
}

/** Every process fault, each with the figures bench/results.json keeps (docs/benchmarks.md "Faults"). */
export async function benchProcessFaults() {
  const loadAtStart = loadAverage();
  const timed = async <T>(measure: () => Promise<T>) => {
    const start = loadAverage();
    const result = await measure();
    return { ...result, load_average: { start, end: loadAverage() } };
  };
  const postgresRestart = await timed(benchPostgresRestart);
  const killAnalysis = await timed(() => onBoth((env) => benchKillAnalysis(env, ANALYSIS_SIZE, ANALYSIS_SIZE)));
  const killImport = await timed(() => onBoth((env) => benchKillImport(env, IMPORT_SIZE, IMPORT_SIZE)));
  const diskFull = await timed(benchDiskFull);
  return {
    measured_at: new Date().toISOString(),
    load_average: { start: loadAtStart, end: loadAverage() },
    postgres_restart: postgresRestart,
    kill_analysis: killAnalysis,
    kill_import: killImport,
    disk_full: diskFull,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const only = new Set(process.argv.slice(2));
  const all = only.size === 0;
  const report = {
    ...(all || only.has('restart') ? { postgres_restart: await benchPostgresRestart() } : {}),
    ...(all || only.has('analysis')
      ? { kill_analysis: await onBoth((env) => benchKillAnalysis(env, ANALYSIS_SIZE, ANALYSIS_SIZE)) }
      : {}),
    ...(all || only.has('import')
      ? { kill_import: await onBoth((env) => benchKillImport(env, IMPORT_SIZE, IMPORT_SIZE)) }
      : {}),
    ...(all || only.has('disk') ? { disk_full: await benchDiskFull() } : {}),
  };
  console.log(JSON.stringify(report, null, 2));
}
