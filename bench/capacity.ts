// Issue 52 item 1, `npm run bench -- capacity`: how many requests a second a deployment serves within the
// promise (p99 ≤ 200 ms, errors ≤ 0.1%), open loop. Visits of 200 subscribed accounts of mixed sizes
// (a few hundred to 100,000 followers) arrive as a Poisson process (bench/capacity-plan.ts); the rate is
// stepped up until the promise breaks, while one big account's analysis runs for part of every step. On
// the embedded database (one process), and on PostgreSQL 15 with one and with two API processes (and one
// job worker). The CPU per request is read from each process's GET /metrics. The loader runs on the
// same two cores as the server: a server with cores of its own serves more.
import { Agent, request as httpRequest } from 'node:http';
import { loadavg } from 'node:os';
import { type RunningServer, startServer } from '../tests/e2e/server.ts';
import { fetchAnalysis, loginByCode, postJson } from '../tests/support/api.ts';
import { createDatabase, providePostgres } from '../tests/support/postgres.ts';
import {
  capacityOf,
  type Outcome,
  planVisits,
  REQUESTS_PER_VISIT_MEAN,
  type StepFigures,
  seeded,
  stepFigures,
} from './capacity-plan.ts';

/** CAPACITY_SUBSCRIBERS for a quick try; the figures are for 200. */
const SUBSCRIBERS = Number(process.env.CAPACITY_SUBSCRIBERS ?? 200);
/** Offered requests a second, stepped up; a deployment's steps stop at the first that breaks the promise. */
const STEPS_RPS = [10, 25, 50, 100, 150, 200, 300, 400, 600];
/** Each step's visits arrive for this long (their later requests follow, up to a visit's length). */
const ARRIVAL_SECONDS = Number(process.env.CAPACITY_ARRIVAL_S ?? 15);
/** A request not answered in this long is an error (a phone gives up sooner). */
const TIMEOUT_MS = 10_000;
/** The account analysed during every step (50,000 followers): the job that competes with the requests. */
const HEAVY_ACCOUNT = 'size.50000.900';
const SETUP_PARALLEL = 4;

const round1 = (value: number) => Math.round(value * 10) / 10;

/** The account of subscriber `i`: mostly a few hundred to 2,000 followers, every tenth 20,000, every fortieth 100,000. */
function accountOf(i: number): string {
  if (i % 40 === 0) return `size.100000.${500 + i}`;
  if (i % 10 === 0) return `size.20000.${300 + i}`;
  return `load.${i}.sample`;
}

async function subscriber(origin: string, i: number): Promise<string> {
  const email = `capacity.${i}@example.com`;
  const made = await postJson(origin, '/dev/users', { email, username: accountOf(i), is_subscribed: true });
  if (!made.ok) throw new Error(`dev/users answered ${made.status}`);
  const { token } = await loginByCode(origin, email);
  const analysed = await fetchAnalysis(`${origin}/api/v1/client/insta/start/analysis/`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!analysed.ok) throw new Error(`analysis of ${accountOf(i)} answered ${analysed.status}`);
  return token;
}

/** Every subscriber, made and analysed through the API processes in turn. */
async function subscribers(origins: string[]): Promise<string[]> {
  const tokens: string[] = [];
  for (let first = 0; first < SUBSCRIBERS; first += SETUP_PARALLEL) {
    const batch = Array.from({ length: Math.min(SETUP_PARALLEL, SUBSCRIBERS - first) }, (_, k) => first + k);
    tokens.push(...(await Promise.all(batch.map((i) => subscriber(origins[i % origins.length] as string, i)))));
  }
  return tokens;
}

/** A process's CPU seconds so far, as its GET /metrics says (`process_cpu_seconds_total`). */
async function cpuSeconds(origin: string): Promise<number> {
  const text = await (await fetch(`${origin}/metrics`)).text();
  const line = text.split('\n').find((entry) => entry.startsWith('process_cpu_seconds_total '));
  if (!line) throw new Error(`${origin}/metrics has no process_cpu_seconds_total`);
  return Number(line.split(' ')[1]);
}

const agent = new Agent({ keepAlive: true, maxSockets: 512 });

/** Sends one request; resolves with whether it was answered 2xx within the timeout. */
function send(origin: string, method: string, path: string, token: string): Promise<boolean> {
  return new Promise((resolve) => {
    const url = new URL(path, origin);
    const sent = httpRequest(
      url,
      {
        method,
        agent,
        timeout: TIMEOUT_MS,
        headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'br, gzip' },
      },
      (answer) => {
        answer.resume();
        answer.on('end', () => resolve((answer.statusCode ?? 0) >= 200 && (answer.statusCode ?? 0) < 300));
        answer.on('error', () => resolve(false));
      },
    );
    sent.on('timeout', () => sent.destroy(new Error('timeout')));
    sent.on('error', () => resolve(false));
    sent.end();
  });
}

interface Deployment {
  name: string;
  apis: RunningServer[];
  /** Every process whose CPU a request costs (the APIs, and the worker that runs the analysis). */
  processes: RunningServer[];
  stop(): Promise<void>;
}

interface Step extends StepFigures {
  /** CPU the deployment's processes used per answered request, in ms (the analysis's share included). */
  cpu_ms_per_request: number;
  /** Of the step's time, the share the big analysis was running. */
  analysis_share: number;
}

async function runStep(deployment: Deployment, tokens: string[], heavyToken: string, rps: number, seed: number) {
  const plan = planVisits(rps / REQUESTS_PER_VISIT_MEAN, ARRIVAL_SECONDS, tokens.length, seeded(seed));
  const origins = deployment.apis.map((api) => api.url);
  const cpuBefore = await Promise.all(deployment.processes.map((process) => cpuSeconds(process.url)));
  const started = performance.now();
  // The job beside the requests: the big account analysed again (a whole collection and commit).
  const analysis = fetchAnalysis(`${origins[0]}/api/v1/client/insta/start/analysis/`, {
    headers: { authorization: `Bearer ${heavyToken}` },
  }).then(() => performance.now() - started);
  const outcomes = await Promise.all(
    plan.map(
      (planned) =>
        new Promise<Outcome>((resolve) => {
          setTimeout(
            async () => {
              const origin = origins[planned.subscriber % origins.length] as string;
              const ok = await send(origin, planned.method, planned.path, tokens[planned.subscriber] as string);
              // From the planned instant, not from when the loader got round to sending it.
              resolve({ route: planned.route, ms: performance.now() - started - planned.at, ok });
            },
            Math.max(0, planned.at - (performance.now() - started)),
          );
        }),
    ),
  );
  const stepMs = performance.now() - started;
  const analysisMs = await analysis;
  const cpuAfter = await Promise.all(deployment.processes.map((process) => cpuSeconds(process.url)));
  const cpu = cpuAfter.reduce((sum, after, i) => sum + after - (cpuBefore[i] ?? 0), 0);
  const figures = stepFigures(outcomes, plan.length / ARRIVAL_SECONDS);
  const answered = outcomes.filter((outcome) => outcome.ok).length;
  return {
    ...figures,
    cpu_ms_per_request: answered ? round1((cpu * 1000) / answered) : 0,
    analysis_share: Math.round(Math.min(1, analysisMs / Math.max(stepMs, analysisMs)) * 100) / 100,
  } satisfies Step;
}

const serverEnv = {
  SEED_DEMO: 'false',
  SERVE_APP: 'false',
  LOG_LEVEL: 'warn',
  // The sample network answers as a real one does over the internet.
  SOURCE_LATENCY_MS: '25',
};

async function embedded(): Promise<Deployment> {
  const server = await startServer(serverEnv);
  return { name: 'embedded', apis: [server], processes: [server], stop: () => server.stop() };
}

async function postgres(apiCount: number): Promise<Deployment> {
  const provided = await providePostgres();
  const database = await createDatabase(provided.url);
  const env = { ...serverEnv, DATABASE_URL: database.url };
  const worker = await startServer({ ...env, ROLE: 'worker' });
  const apis: RunningServer[] = [];
  for (let i = 0; i < apiCount; i++) apis.push(await startServer({ ...env, ROLE: 'api' }));
  return {
    name: `postgresql_${apiCount}_api`,
    apis,
    processes: [...apis, worker],
    async stop() {
      await Promise.all([...apis, worker].map((server) => server.stop()));
      await database.drop();
      await provided.stop();
    },
  };
}

async function measure(deployment: Deployment) {
  // The machine is shared: its load beside the figures says how much else ran (`uptime`'s 1-minute figure).
  const loadAtStart = round1(loadavg()[0] ?? 0);
  const origins = deployment.apis.map((api) => api.url);
  const tokens = await subscribers(origins);
  const heavyEmail = 'capacity.heavy@example.com';
  await postJson(origins[0] as string, '/dev/users', {
    email: heavyEmail,
    username: HEAVY_ACCOUNT,
    is_subscribed: true,
  });
  const { token: heavyToken } = await loginByCode(origins[0] as string, heavyEmail);
  const steps: Array<Step & { rps: number }> = [];
  for (const [i, rps] of STEPS_RPS.entries()) {
    const step = await runStep(deployment, tokens, heavyToken, rps, 52_000 + i);
    steps.push({ rps, ...step });
    console.log(
      `capacity ${deployment.name} ${rps} rps: p50 ${step.p50_ms} ms, p99 ${step.p99_ms} ms, errors ${step.error_pct}%, ${step.cpu_ms_per_request} ms CPU a request`,
    );
    if (!capacityOf(steps).sustained || capacityOf(steps).breaks) break;
  }
  const { sustained, breaks } = capacityOf(steps);
  return {
    /** The highest offered rate within the promise (p99 ≤ 200 ms, errors ≤ 0.1%), with its figures. */
    sustained_rps: sustained?.rps ?? 0,
    at_sustained: sustained,
    /** The first rate that broke the promise (null: the steps ended before it broke). */
    breaks_at_rps: breaks?.rps ?? null,
    load_average: { start: loadAtStart, end: round1(loadavg()[0] ?? 0) },
    steps,
  };
}

export async function benchCapacity() {
  const results: Record<string, Awaited<ReturnType<typeof measure>>> = {};
  // CAPACITY_DEPLOYMENTS=embedded,postgresql_1_api (say) measures only those.
  const chosen = process.env.CAPACITY_DEPLOYMENTS?.split(',');
  const deployments = {
    embedded,
    postgresql_1_api: () => postgres(1),
    postgresql_2_api: () => postgres(2),
  };
  for (const [name, start] of Object.entries(deployments)) {
    if (chosen && !chosen.includes(name)) continue;
    const deployment = await start();
    try {
      results[deployment.name] = await measure(deployment);
    } finally {
      await deployment.stop();
    }
  }
  return {
    promise: 'p99 ≤ 200 ms and errors ≤ 0.1%, latency from each request’s planned instant',
    visit: `user detail, 2-4 list pages, post analytics or stories; ${REQUESTS_PER_VISIT_MEAN} requests a visit on average, ~3 s apart`,
    subscribers: SUBSCRIBERS,
    arrival_seconds_per_step: ARRIVAL_SECONDS,
    background: `${HEAVY_ACCOUNT} analysed from the start of every step`,
    ...results,
  };
}
