// Scale-out figures (issue 11), on a throwaway PostgreSQL 15: user detail requests per second with one
// and with two API processes, and analyses completed per minute with one and with two job workers.
// Both pairs run on this one machine, so the second process competes for the same cores as the
// first and as PostgreSQL: read the ratio as a floor for separate machines.
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { type RunningServer, startServer } from '../tests/e2e/server.ts';
import { fetchAnalysis, loginByCode, postJson } from '../tests/support/api.ts';
import { createDatabase, providePostgres } from '../tests/support/postgres.ts';
import { round2 } from './inputs.ts';

const CONNECTIONS_PER_LOADER = 10;
/**
 * How long each loader runs. A fixed number of requests would end on autocannon's one-second tick and
 * read a 4.3 s run as 5 s (issue 19); a fixed duration counts every request the time holds.
 */
const LOAD_SECONDS = 5;
const ANALYSES_PER_ROUND = 12;
/** Each page of the sample network answers after this long, as a real network does over the internet. */
const SOURCE_LATENCY_MS = 25;

/** A subscribed account analysing `username`, logged in: its token. */
async function login(origin: string, email: string, username: string): Promise<string> {
  await postJson(origin, '/dev/users', { email, username, is_subscribed: true });
  return (await loginByCode(origin, email)).token;
}

/** The machine's busy and total CPU time so far (jiffies), from /proc/stat. */
function machineCpu(): { busy: number; total: number } {
  const [, ...fields] = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/);
  const numbers = fields.map(Number);
  const idle = (numbers[3] ?? 0) + (numbers[4] ?? 0);
  const total = numbers.reduce((sum, value) => sum + value, 0);
  return { busy: total - idle, total };
}

/** CPU time a process has used so far (jiffies), from /proc/<pid>/stat. */
function processCpu(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return Number(fields[11] ?? 0) + Number(fields[12] ?? 0);
}

interface Load {
  rps: number;
  /** How busy the machine's cores were during the load, 0–100. */
  machine_busy_pct: number;
  /** CPU the API processes used per request, in ms: what one more machine would add capacity for. */
  api_cpu_ms_per_request: number;
}

/** Two loaders at once, each against its own origin (the same one twice for a single process). */
async function load(servers: [RunningServer, RunningServer], token: string, duration: number): Promise<Load> {
  const origins = servers.map((server) => server.url);
  const pids = [...new Set(servers.map((server) => server.pid))];
  const machineBefore = machineCpu();
  const apiBefore = pids.reduce((sum, pid) => sum + processCpu(pid), 0);
  const run = (origin: string) =>
    autocannon({
      url: `${origin}/api/v1/client/user/detail/`,
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      connections: CONNECTIONS_PER_LOADER,
      duration,
      // Each loader in its own thread: one event loop cannot drive two servers to their limit.
      workers: 1,
    });
  const started = performance.now();
  const results = await Promise.all(origins.map(run));
  const seconds = (performance.now() - started) / 1000;
  for (const result of results) if (result.non2xx) throw new Error(`user/detail answered ${result.non2xx} errors`);
  const requests = results.reduce((sum, result) => sum + result.requests.total, 0);
  const machineAfter = machineCpu();
  const apiJiffies = pids.reduce((sum, pid) => sum + processCpu(pid), 0) - apiBefore;
  // Linux counts CPU time in 1/100 s.
  return {
    rps: Math.round(requests / seconds),
    machine_busy_pct: Math.round(
      ((machineAfter.busy - machineBefore.busy) / (machineAfter.total - machineBefore.total)) * 100,
    ),
    api_cpu_ms_per_request: round2((apiJiffies * 10) / requests),
  };
}

/** Analyses of fresh accounts through the API until all answered: analyses per minute. */
async function analysesPerMinute(api: RunningServer, round: string): Promise<number> {
  const tokens = await Promise.all(
    Array.from({ length: ANALYSES_PER_ROUND }, (_, i) =>
      login(api.url, `bench.${round}.${i}@example.com`, `size.${20_000 + i * 37}.400`),
    ),
  );
  const started = performance.now();
  await Promise.all(
    tokens.map(async (token) => {
      const answer = await fetchAnalysis(`${api.url}/api/v1/client/insta/start/analysis/`, {
        headers: { authorization: `Bearer ${token}` },
      });
      if (!answer.ok) throw new Error(`analysis answered ${answer.status}`);
    }),
  );
  return round2((ANALYSES_PER_ROUND / (performance.now() - started)) * 60_000);
}

export async function benchScale() {
  const postgres = await providePostgres();
  const database = await createDatabase(postgres.url);
  const servers: RunningServer[] = [];
  const start = async (env: Record<string, string>) => {
    const server = await startServer({
      DATABASE_URL: database.url,
      SERVE_APP: 'false',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      LIMIT_CODE_CHECKS_PER_IP: '100000',
      LIMIT_CODE_SENDS_PER_IP: '100000',
      SOURCE_LATENCY_MS: String(SOURCE_LATENCY_MS),
      SOURCE_PAGES_PER_SECOND: '100000',
      WORKER_CONCURRENCY: '2',
      JOB_POLL_MS: '200',
      ...env,
    });
    servers.push(server);
    return server;
  };
  try {
    // The first process migrates; the others find the schema ready.
    const apiA = await start({ ROLE: 'api' });
    const apiB = await start({ ROLE: 'api' });
    const token = await login(apiA.url, 'bench.detail@example.com', 'followscope.demo');
    await load([apiA, apiA], token, 1);
    await load([apiA, apiB], token, 1);
    const oneApi = await load([apiA, apiA], token, LOAD_SECONDS);
    const twoApis = await load([apiA, apiB], token, LOAD_SECONDS);

    await start({ ROLE: 'worker' });
    const oneWorker = await analysesPerMinute(apiA, 'one');
    await start({ ROLE: 'worker' });
    const twoWorkers = await analysesPerMinute(apiA, 'two');

    return {
      database: 'PostgreSQL 15 (throwaway cluster on this machine)',
      user_detail: {
        endpoint: 'POST client/user/detail/',
        loaders: `2 autocannon x ${CONNECTIONS_PER_LOADER} connections`,
        one_api_rps: oneApi.rps,
        two_apis_rps: twoApis.rps,
        ratio: round2(twoApis.rps / oneApi.rps),
        // Both near 100 means the machine, not one process, is the limit: the second process has no core to use.
        machine_busy_pct: { one_api: oneApi.machine_busy_pct, two_apis: twoApis.machine_busy_pct },
        api_cpu_ms_per_request: { one_api: oneApi.api_cpu_ms_per_request, two_apis: twoApis.api_cpu_ms_per_request },
      },
      analyses: {
        accounts: `${ANALYSES_PER_ROUND} per round, about 20,000 followers and 400 following each`,
        source_latency_ms: SOURCE_LATENCY_MS,
        concurrency_per_worker: 2,
        one_worker_per_min: oneWorker,
        two_workers_per_min: twoWorkers,
        ratio: round2(twoWorkers / oneWorker),
      },
    };
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await database.drop().catch(() => undefined);
    await postgres.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(JSON.stringify(await benchScale(), null, 2));
