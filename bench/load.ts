// Issue 35 item 4, "load held": 200 subscribers at once, each on its own connection and login, asking
// the mix of bench/load-mix.ts (the dashboard's record, a list page, the post analytics, the stories)
// as fast as they are answered, for a fixed time and at most a fixed count, on loopback. Quiet, and
// while another account's big analysis runs (its collection and its commit inside the load's window),
// on the embedded database and on a throwaway PostgreSQL 15; median of REPETITIONS runs of each, every
// run kept. The goal is no errors; p99 under the analysis is read beside the quiet run's.
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { type RunningServer, startServer } from '../tests/e2e/server.ts';
import { fetchAnalysis, loginByCode, postJson } from '../tests/support/api.ts';
import { createDatabase, providePostgres } from '../tests/support/postgres.ts';
import {
  type Answer,
  type Failure,
  type LoadRoute,
  medianFigures,
  subscriberRound,
  type WindowFigures,
  windowFigures,
} from './load-mix.ts';

const SUBSCRIBERS = 200;
const REPETITIONS = Number(process.env.LOAD_TRIAL_REPS ?? 3);
/** Each quiet window's fixed time. */
const LOAD_SECONDS = 30;
/** How long the 200 connections may take to all be answered once before the windows start anyway. */
const ARRIVAL_CAP_S = 60;
/** A window first, not kept: the server's code compiled and its caches warm before anything is timed. */
const WARM_UP_SECONDS = 5;
/** The whole session's bounds: time (arrival, warm-up, the windows, the analyses' ends) and requests. */
const SESSION_CAP_S = 900;
const MAX_REQUESTS = SUBSCRIBERS * 5_000;
/** autocannon's wait for an answer before it counts a timeout (its default). */
const TIMEOUT_S = 10;
/**
 * The analysis run alongside: 400,000 followers (and 7,500 following). Alone it takes a few seconds;
 * under the load far longer, so its window lasts from its start to its answer (its commit done).
 */
const BIG_ACCOUNT = 'size.400000';
/** The analysis's window ends this long after its answer, so requests its commit held are counted in it. */
const AFTER_ANALYSIS_MS = 1_000;
/** At most this long: an analysis still running then is reported outside its window. */
const ANALYSIS_WINDOW_CAP_S = 240;
/** How long before its window the analysis starts: queued and collecting when the window opens. */
const ANALYSIS_LEAD_MS = 300;
/** Subscribers made and analysed at once while setting up (each analysis is a few hundred ms). */
const SETUP_PARALLEL = 4;

const round1 = (value: number) => Math.round(value * 10) / 10;
const loadAverage = () => round1(loadavg()[0] ?? 0);

/** A subscribed account of `username`, logged in by code, its analysis run when `analyse`: its token. */
async function subscriber(origin: string, email: string, username: string, analyse: boolean): Promise<string> {
  const made = await postJson(origin, '/dev/users', { email, username, is_subscribed: true });
  if (!made.ok) throw new Error(`dev/users answered ${made.status}`);
  const { token } = await loginByCode(origin, email);
  if (analyse) {
    const analysed = await fetchAnalysis(`${origin}/api/v1/client/insta/start/analysis/`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (!analysed.ok) throw new Error(`analysis of ${username} answered ${analysed.status}`);
  }
  return token;
}

/**
 * The 200 subscribers, each its own sample-network account (`load.<i>.sample`: a few hundred to about
 * 2,000 followers) analysed once, so every list, post and story asked for has data behind it.
 */
async function subscribers(origin: string): Promise<string[]> {
  const tokens: string[] = [];
  for (let first = 0; first < SUBSCRIBERS; first += SETUP_PARALLEL) {
    const batch = Array.from({ length: Math.min(SETUP_PARALLEL, SUBSCRIBERS - first) }, (_, k) => first + k);
    tokens.push(
      ...(await Promise.all(batch.map((i) => subscriber(origin, `load.${i}@example.com`, `load.${i}.sample`, true)))),
    );
  }
  return tokens;
}

/**
 * The 200 subscribers' connections, opened at once and kept for the whole measurement, each sending its
 * round as fast as it is answered; every answer and failure is recorded with its time, and the figures
 * are read over windows of it (bench/load-mix.ts `windowFigures`). Bounded: SESSION_CAP_S and MAX_REQUESTS.
 */
function startLoad(origin: string, tokens: string[]) {
  const answers: Answer[] = [];
  const failures: Failure[] = [];
  const routeOf = new WeakMap<autocannon.Client, { route: LoadRoute }>();
  const answered = new Set<autocannon.Client>();
  let connection = 0;
  const opened = performance.now();
  let ended: (error?: Error) => void = () => undefined;
  const done = new Promise<void>((resolve, reject) => {
    ended = (error) => (error ? reject(error) : resolve());
  });
  // With a callback autocannon hands back the running instance, whose events the windows read.
  const instance = autocannon(
    {
      url: origin,
      connections: tokens.length,
      duration: SESSION_CAP_S,
      maxOverallRequests: MAX_REQUESTS,
      timeout: TIMEOUT_S,
      // Each connection is one subscriber, with its own login and its own list.
      setupClient: (client) => {
        const index = connection++ % tokens.length;
        const last = { route: 'user detail' as LoadRoute };
        routeOf.set(client, last);
        client.setRequests(
          subscriberRound(tokens[index] as string, index).map(({ route, ...request }) => ({
            ...request,
            // Called just before the instance's `response` for the same answer: it names the route.
            onResponse: () => {
              last.route = route;
            },
          })),
        );
      },
    },
    (error) => ended(error ?? undefined),
  );
  let arrived: () => void = () => undefined;
  const allArrived = new Promise<void>((resolve) => {
    arrived = resolve;
  });
  instance.on('response', (client, status, _bytes, ms) => {
    answers.push({ at: performance.now(), ms, status, route: routeOf.get(client)?.route ?? 'user detail' });
    if (answered.size < tokens.length && !answered.has(client)) {
      answered.add(client);
      if (answered.size === tokens.length) arrived();
    }
  });
  instance.on('reqError', (error: Error) => {
    failures.push({ at: performance.now(), kind: error.message === 'request timed out' ? 'timeout' : 'socket' });
  });
  return {
    /** Until every connection has had its first answer, or `capMs`: how long it took, what failed meanwhile. */
    async arrival(capMs: number) {
      const capped = await Promise.race([
        allArrived.then(() => false),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(true), capMs)),
      ]);
      const now = performance.now();
      return {
        seconds: round1((now - opened) / 1000),
        connections_answered: answered.size,
        capped,
        timeouts: failures.filter((failure) => failure.kind === 'timeout').length,
        socket_errors: failures.filter((failure) => failure.kind === 'socket').length,
        non_2xx: answers.filter((answer) => answer.status < 200 || answer.status >= 300).length,
      };
    },
    /** The figures of the next `seconds` (or until `until` settles), the connections going on as they were. */
    async window(until: number | Promise<unknown>) {
      const from = performance.now();
      await (typeof until === 'number' ? new Promise((resolve) => setTimeout(resolve, until * 1000)) : until);
      const to = performance.now();
      return { figures: windowFigures(answers, failures, from, to), from, to };
    },
    async stop() {
      instance.stop();
      await done;
    },
  };
}

/**
 * A window while another account's analysis of BIG_ACCOUNT runs: the analysis starts ANALYSIS_LEAD_MS
 * before the window, which ends AFTER_ANALYSIS_MS after its answer (at most ANALYSIS_WINDOW_CAP_S).
 * Its times are from the window's start, so the report shows the overlap.
 */
async function windowDuringAnalysis(origin: string, load: ReturnType<typeof startLoad>, bigToken: string) {
  const requested = performance.now();
  const analysis = fetchAnalysis(`${origin}/api/v1/client/insta/start/analysis/`, {
    headers: { authorization: `Bearer ${bigToken}` },
  }).then(async (answer) => {
    const ended = performance.now();
    const body = (await answer.json()) as { user?: { total_followers?: number; total_following?: number } };
    return { status: answer.status, ended, body };
  });
  await new Promise((resolve) => setTimeout(resolve, ANALYSIS_LEAD_MS));
  const windowEnd = Promise.race([
    analysis.then(() => new Promise((resolve) => setTimeout(resolve, AFTER_ANALYSIS_MS))),
    new Promise((resolve) => setTimeout(resolve, ANALYSIS_WINDOW_CAP_S * 1000)),
  ]);
  const { figures, from, to } = await load.window(windowEnd);
  const done = await analysis;
  if (done.status !== 200) throw new Error(`the big analysis answered ${done.status}`);
  return {
    ...figures,
    analysis: {
      username: BIG_ACCOUNT,
      followers: done.body.user?.total_followers,
      following: done.body.user?.total_following,
      seconds: round1((done.ended - requested) / 1000),
      started_s: round1((requested - from) / 1000),
      ended_s: round1((done.ended - from) / 1000),
      /** The analysis answered (its commit done) before the window ended: the window held all of it. */
      within_window: done.ended <= to,
    },
  };
}

type QuietRun = WindowFigures & { load_average: { start: number; end: number } };
type AnalysisRun = Awaited<ReturnType<typeof windowDuringAnalysis>> & { load_average: { start: number; end: number } };

/** With the load average at its start and end. */
async function withLoadAverage<T>(
  run: () => Promise<T>,
): Promise<T & { load_average: { start: number; end: number } }> {
  const start = loadAverage();
  const result = await run();
  return { ...result, load_average: { start, end: loadAverage() } };
}

/** The arrival, then both windows REPETITIONS times on one started server, quiet then during an analysis. */
async function onServer(server: RunningServer) {
  const loadAtStart = loadAverage();
  const setupStarted = performance.now();
  const tokens = await subscribers(server.url);
  // One fresh account per analysis run: a second analysis of an account would be the day-later one.
  const bigTokens = await Promise.all(
    Array.from({ length: REPETITIONS + 1 }, (_, i) =>
      subscriber(server.url, `load.big.${i}@example.com`, BIG_ACCOUNT, false),
    ),
  );
  const setupSeconds = round1((performance.now() - setupStarted) / 1000);
  // The baseline of the analyses' times: the same analysis with no load.
  const aloneStarted = performance.now();
  const alone = await fetchAnalysis(`${server.url}/api/v1/client/insta/start/analysis/`, {
    headers: { authorization: `Bearer ${bigTokens[REPETITIONS]}` },
  });
  if (!alone.ok) throw new Error(`the analysis alone answered ${alone.status}`);
  const analysisAloneSeconds = round1((performance.now() - aloneStarted) / 1000);
  const load = startLoad(server.url, tokens);
  const quiet: QuietRun[] = [];
  const duringAnalysis: AnalysisRun[] = [];
  let arrival: Awaited<ReturnType<typeof load.arrival>>;
  try {
    arrival = await load.arrival(ARRIVAL_CAP_S * 1000);
    await load.window(WARM_UP_SECONDS);
    for (let repetition = 0; repetition < REPETITIONS; repetition++) {
      quiet.push(await withLoadAverage(async () => (await load.window(LOAD_SECONDS)).figures));
      const bigToken = bigTokens[repetition] as string;
      duringAnalysis.push(await withLoadAverage(() => windowDuringAnalysis(server.url, load, bigToken)));
    }
  } finally {
    await load.stop();
  }
  const quietMedian = medianFigures(quiet);
  const analysisMedian = medianFigures(duringAnalysis);
  const analysisSeconds = duringAnalysis.map((run) => run.analysis.seconds).sort((a, b) => a - b);
  return {
    setup_s: setupSeconds,
    load_average: { start: loadAtStart, end: loadAverage() },
    /** The 200 connections opened at once: until each had its first answer. Not in any window. */
    arrival,
    quiet: quietMedian,
    during_analysis: {
      ...analysisMedian,
      analysis_seconds: analysisSeconds[Math.floor(analysisSeconds.length / 2)],
      /** The same analysis with no load, before the load started. */
      analysis_alone_seconds: analysisAloneSeconds,
      analyses_within_window: duringAnalysis.filter((run) => run.analysis.within_window).length,
    },
    /** During the analysis against quiet, each a median: what the analysis costs everyone else. */
    p99_ratio: round1(analysisMedian.p99_ms / quietMedian.p99_ms),
    rps_ratio: Math.round((analysisMedian.rps / quietMedian.rps) * 100) / 100,
    runs: { quiet, during_analysis: duringAnalysis },
  };
}

/** The server as the bench starts it: the sample network answering as fast as asked, logins unlimited. */
const serverEnv = {
  SERVE_APP: 'false',
  // LOAD_PORT puts the server on a port of the caller's choosing (a shared machine's assigned range).
  ...(process.env.LOAD_PORT && { PORT: process.env.LOAD_PORT }),
  // The sample network stands in for the outside network, whose own 200 pages/s would answer the
  // mix's posts and stories 503 (its "slow down"): this bench measures our server, not that limit.
  SOURCE_PAGES_PER_SECOND: '1000000000',
  LIMIT_CODE_CHECKS_PER_IP: '100000',
  LIMIT_CODE_SENDS_PER_IP: '100000',
};

/** The embedded database (PGlite in the server's process, as `npm start` runs it). */
async function embedded() {
  const server = await startServer(serverEnv);
  try {
    return await onServer(server);
  } finally {
    await server.stop();
  }
}

/** The same on a throwaway PostgreSQL 15 on this machine (tests/support/postgres.ts), one server process. */
async function postgresql() {
  const postgres = await providePostgres();
  const database = await createDatabase(postgres.url);
  try {
    const server = await startServer({ ...serverEnv, DATABASE_URL: database.url, SEED_DEMO: 'false' });
    try {
      return await onServer(server);
    } finally {
      await server.stop();
    }
  } finally {
    await database.drop().catch(() => undefined);
    await postgres.stop();
  }
}

/** `LOAD_DATABASES=embedded` (or `postgresql`) measures only that database; both by default. */
function databasesFromEnv(): Array<'embedded' | 'postgresql'> {
  const named = (process.env.LOAD_DATABASES ?? '').split(',').map((name) => name.trim());
  const chosen = (['embedded', 'postgresql'] as const).filter((name) => named.includes(name));
  return chosen.length > 0 ? chosen : ['embedded', 'postgresql'];
}

export async function benchLoad(databases: ReadonlyArray<'embedded' | 'postgresql'> = databasesFromEnv()) {
  const loadAtStart = loadAverage();
  const measured: {
    embedded?: Awaited<ReturnType<typeof embedded>>;
    postgresql?: Awaited<ReturnType<typeof postgresql>>;
  } = {};
  if (databases.includes('embedded')) measured.embedded = await embedded();
  if (databases.includes('postgresql')) measured.postgresql = await postgresql();
  return {
    measured_at: new Date().toISOString(),
    subscribers: SUBSCRIBERS,
    connections: SUBSCRIBERS,
    mix: 'per subscriber in turn: POST user/detail, GET a list page of 15 (the six lists in turn), GET postAnalysis, GET the first page of 6 stories',
    quiet_window_s: LOAD_SECONDS,
    analysis_window: `from the analysis's start to ${AFTER_ANALYSIS_MS} ms after its answer, at most ${ANALYSIS_WINDOW_CAP_S} s`,
    arrival_cap_s: ARRIVAL_CAP_S,
    session_cap_s: SESSION_CAP_S,
    max_requests: MAX_REQUESTS,
    timeout_s: TIMEOUT_S,
    repetitions: REPETITIONS,
    big_analysis: BIG_ACCOUNT,
    /** The machine's 1-minute load average when the section started and ended (2 cores, shared). */
    load_average: { start: loadAtStart, end: loadAverage() },
    ...measured,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const only = process.argv.slice(2).filter((arg) => arg === 'embedded' || arg === 'postgresql');
  console.log(JSON.stringify(await benchLoad(only.length > 0 ? only : undefined), null, 2));
}
