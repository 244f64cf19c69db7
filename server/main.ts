// Starts Followscope: embedded defaults, one process, one port (README "Quick start"). With
// DATABASE_URL, `--role=api` and `--role=worker` (or ROLE) start the two halves as separate processes.
import { readFileSync } from 'node:fs';
import { loadCoreFromDisk } from '../wasm/node.ts';
import { releaseDeadLeases } from './analysis/dead-leases.ts';
import { buildApp } from './app.ts';
import { shiftableClock, systemClock } from './clock.ts';
import { type Config, loadConfig } from './config.ts';
import { claimDataDir, writeBackup } from './db/backup.ts';
import { openDatabase } from './db/client.ts';
import { seed, seedDemoUsers } from './db/seed.ts';
import { isLoopbackHost } from './deployment.ts';
import { forgetSampleData } from './source/forget-sample.ts';

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

async function main(): Promise<void> {
  const config = loadConfig();
  const role = (process.argv.find((arg) => arg.startsWith('--role='))?.slice('--role='.length) ??
    config.role) as Config['role'];
  if (!['all', 'api', 'worker'].includes(role)) throw new Error(`Unknown role ${role}: use all, api or worker`);
  if (role !== 'all' && !config.databaseUrl) {
    // The embedded database belongs to one process: the halves can only meet on PostgreSQL.
    throw new Error(`The ${role} role shares its database with other processes: set DATABASE_URL, or use npm start`);
  }
  const database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir });
  await seed(database.db);
  // One process owns an embedded database: the leases in it are a dead process's (a crash, kill -9).
  // Said once the log exists, as log lines (issue 54: production writes JSON lines only).
  const notes: string[] = [];
  if (database.kind === 'embedded') {
    const released = await releaseDeadLeases(database.db);
    if (released > 0)
      notes.push(`Handed back ${released} lease(s) of analyses and import commits a server that died left`);
  }
  if (config.seedDemo) await seedDemoUsers(database.db);
  // Sample figures stay only with the sample network's own accounts, and only while it runs (issue 17).
  const forgotten = await forgetSampleData(database.db, config);
  if (forgotten > 0) notes.push(`Removed sample-network figures from ${forgotten} account(s) that are not on it`);
  const core = await loadCoreFromDisk().catch((error: unknown) => {
    throw new Error(`The collector core is missing: run \`npm run build\` first (${String(error)})`);
  });
  // Development builds may move their clock forward (POST /dev/clock); production runs on real time.
  const shifted = config.production ? undefined : shiftableClock(config.frozenClock);
  const app = await buildApp({
    clock: shifted?.now ?? systemClock,
    advanceClock: shifted?.advance,
    database,
    core,
    version,
    settings: config,
    // A worker serves no pages, only its health check.
    staticDir: role === 'worker' ? undefined : config.staticDir,
    logLevel: config.logLevel,
    roles: { api: role !== 'worker', worker: role !== 'api' },
    jobs: config.jobs,
  });

  for (const note of notes) app.log.warn(note);

  if (database.kind === 'embedded') {
    // Issue 54: `npm run db:backup` finds this process by its pid file and asks it for a copy (SIGUSR2).
    await claimDataDir(config.dataDir);
    process.on('SIGUSR2', () => {
      writeBackup(database, config.dataDir).then(
        (file) => app.log.info({ file }, 'backup written'),
        (error: unknown) => app.log.error({ err: error }, 'backup failed'),
      );
    });
  }

  const close = async (signal: string) => {
    app.log.info({ signal, graceMs: config.shutdownGraceMs }, 'shutting down: draining');
    app.draining = true;
    // Node waits for every socket before the server closes, and a socket that never sent a request
    // (a browser's preconnect) waits forever: after the grace, open connections are cut.
    setTimeout(() => {
      app.log.warn({ graceMs: config.shutdownGraceMs }, 'connections still open after the grace; closing them');
      app.server.closeAllConnections();
    }, config.shutdownGraceMs).unref();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));

  if (config.billing.gateway === 'sandbox' && config.production) {
    // Chosen on purpose (PAYMENTS=sandbox): still worth a line in every start's log.
    app.log.warn('PAYMENTS=sandbox in production: the sandbox takes test cards and gives subscriptions for them');
  }
  if (config.production && config.sampleNetwork) {
    app.log.warn('SAMPLE_NETWORK=on in production: its demo accounts show invented figures, marked "Sample data"');
  }
  if (config.devEndpoints && !isLoopbackHost(config.host)) {
    app.log.warn(
      { host: config.host },
      'DEV_ENDPOINTS=on on a non-loopback address: the development endpoints are routed, and answer only requests from this machine',
    );
  }
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const shown =
    config.host === '0.0.0.0' || config.host === '::' || config.host === '127.0.0.1' ? 'localhost' : config.host;
  // The one line a newcomer looks for; tests read the port from it too. In production it is a log line
  // like every other (issue 54: JSON lines only, for a log collector).
  const who = { all: 'Followscope', api: 'Followscope API', worker: 'Followscope worker' }[role];
  const started = `${who} is running at http://${shown}:${port} (database: ${database.kind})`;
  if (config.production) app.log.info({ role, port, database: database.kind, version }, started);
  else console.log(started);
  if (config.devEndpoints && role !== 'worker') {
    // The development endpoints answer only with this key (issue 32): the link carries it.
    const outbox = `http://${shown}:${port}/dev/mail?to=demo@followscope.app&key=${config.devSecret}`;
    console.log(`Dev outbox (login codes; any /dev request needs this key): ${outbox}`);
  }
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  // A refused start in production is a log line too (pino's shape: level 60 is fatal).
  if (process.env.NODE_ENV === 'production')
    console.error(JSON.stringify({ level: 60, time: Date.now(), msg: message }));
  else console.error(message);
  process.exit(1);
});
