// Issue 31: what one large analysis does to everyone else's requests. The server (`npm start`'s process, on
// the embedded database, then on a throwaway PostgreSQL 15) analyses an account of 1,000,000 followers and
// 1,000,000 following, and the day-later analysis; meanwhile another account's POST client/user/detail/ is
// sent every POLL_MS, whether or not the previous one has answered (a client's timer, not a load test), and
// each answer's wait is kept: the longest, the p99 and the median, beside the analysis's own time, and
// beside the same polling with nothing running (the baseline), in the same run; median of REPETITIONS, each
// on an account of its own. Before issue 31 the commit held the embedded server's event loop and its
// database in one transaction, and a request waited up to 2,185 ms (p99 36 ms).
import { loadavg } from 'node:os';
import { startServer } from '../tests/e2e/server.ts';
import { fetchAnalysis, loginByCode, postJson } from '../tests/support/api.ts';
import { createDatabase, providePostgres } from '../tests/support/postgres.ts';

const REPETITIONS = 3;
const DAY = 24 * 3_600_000;
/** A request is sent every this many ms, as the issue measured it. */
const POLL_MS = 50;
/** How long the baseline polls with nothing else running. */
const BASELINE_MS = 5_000;

export const round1 = (value: number) => Math.round(value * 10) / 10;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
/** The value `share` of the way up the sorted waits (nearest rank). */
const quantile = (values: number[], share: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))] ?? 0;
};
export const load = () => round1(loadavg()[0] ?? 0);

/** The waits' longest, p99 and median, in ms. */
export function waitsOf(waits: number[]) {
  return {
    longest_wait_ms: round1(Math.max(0, ...waits)),
    p99_wait_ms: round1(quantile(waits, 0.99)),
    median_wait_ms: round1(median(waits)),
    requests: waits.length,
  };
}

/** Sends user detail every POLL_MS until `until` settles (or for that many ms): every answer's wait. */
export async function pollDetail(origin: string, token: string, until: Promise<unknown> | number): Promise<number[]> {
  const waits: number[] = [];
  const failures: string[] = [];
  const pending = new Set<Promise<void>>();
  const ask = () => {
    const start = performance.now();
    const request = fetch(`${origin}/api/v1/client/user/detail/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{}',
    })
      .then(async (answer) => {
        await answer.arrayBuffer();
        if (!answer.ok) failures.push(`user detail answered ${answer.status}`);
        waits.push(performance.now() - start);
      })
      .catch((error: unknown) => void failures.push(String(error)))
      .finally(() => pending.delete(request));
    pending.add(request);
  };
  ask();
  const timer = setInterval(ask, POLL_MS);
  await (typeof until === 'number' ? new Promise((resolve) => setTimeout(resolve, until)) : until.catch(() => {}));
  clearInterval(timer);
  await Promise.all(pending);
  if (failures.length) throw new Error(failures.slice(0, 3).join('; '));
  return waits;
}

/** Makes a subscribed account of `username` and logs it in: its token. */
export async function loggedInAccount(origin: string, email: string, username: string): Promise<string> {
  const made = await postJson(origin, '/dev/users', { email, username, is_subscribed: true });
  if (!made.ok) throw new Error(`making ${email} answered ${made.status}`);
  return (await loginByCode(origin, email)).token;
}

type Waits = ReturnType<typeof waitsOf>;
type UnderAnalysis = Waits & { analysis_s: number };

/** Runs the account's analysis while user detail is polled: the analysis's seconds and the waits. */
async function underAnalysis(origin: string, token: string, pollToken: string): Promise<UnderAnalysis> {
  const start = performance.now();
  const analysis = fetchAnalysis(`${origin}/api/v1/client/insta/start/analysis/`, {
    headers: { authorization: `Bearer ${token}` },
  }).then(async (answer) => {
    await answer.arrayBuffer();
    if (!answer.ok) throw new Error(`analysis answered ${answer.status}`);
    return performance.now() - start;
  });
  const waits = await pollDetail(origin, pollToken, analysis);
  return { analysis_s: round1((await analysis) / 1000), ...waitsOf(waits) };
}

/** REPETITIONS runs on one server: each a baseline, a 1M + 1M first analysis and its day-later one. */
export async function benchAnalysisStall(followers: number, following: number, env: Record<string, string> = {}) {
  // The sample network at its default pace (200 pages of 500 a second), as `npm start` runs it and the
  // issue measured: about 20 s of collecting, then the commit.
  const server = await startServer({
    SERVE_APP: 'false',
    LIMIT_CODE_CHECKS_PER_IP: '100000',
    LIMIT_CODE_SENDS_PER_IP: '100000',
    ...env,
  });
  const loadAtStart = load();
  try {
    // The one polled: an account of the sample network that is never analysed here.
    const pollToken = await loggedInAccount(server.url, 'stall-poll@example.com', 'followscope.demo');
    const runs: Array<{ load_average: number; baseline: Waits; first: UnderAnalysis; day_later: UnderAnalysis }> = [];
    for (let repetition = 0; repetition < REPETITIONS; repetition++) {
      const token = await loggedInAccount(
        server.url,
        `stall-${repetition}@example.com`,
        `size.${followers}.${following}`,
      );
      const baseline = waitsOf(await pollDetail(server.url, pollToken, BASELINE_MS));
      const first = await underAnalysis(server.url, token, pollToken);
      await postJson(server.url, '/dev/clock', { advance_ms: DAY });
      const dayLater = await underAnalysis(server.url, token, pollToken);
      runs.push({ load_average: load(), baseline, first, day_later: dayLater });
    }
    const of = (pick: (run: (typeof runs)[number]) => number) => round1(median(runs.map(pick)));
    const baselineLongest = of((run) => run.baseline.longest_wait_ms);
    const baselineP99 = of((run) => run.baseline.p99_wait_ms);
    const longest = of((run) => run.first.longest_wait_ms);
    const p99 = of((run) => run.first.p99_wait_ms);
    return {
      database: env.DATABASE_URL ? 'postgresql' : 'embedded',
      measured_at: new Date().toISOString(),
      followers,
      following,
      poll_ms: POLL_MS,
      repetitions: REPETITIONS,
      /** Goals: no wait over 500 ms, p99 at most 100 ms, while the analysis runs and commits. */
      goal_longest_ms: 500,
      goal_p99_ms: 100,
      /** The 1-minute load average when the server started and at the end of the run (a shared machine). */
      load_average: { start: loadAtStart, end: load() },
      baseline_longest_ms: baselineLongest,
      baseline_p99_ms: baselineP99,
      baseline_median_ms: of((run) => run.baseline.median_wait_ms),
      /** The first (baseline) analysis of the 1M + 1M account: medians of the runs'. */
      analysis_s: of((run) => run.first.analysis_s),
      longest_wait_ms: longest,
      p99_wait_ms: p99,
      median_wait_ms: of((run) => run.first.median_wait_ms),
      longest_ratio: round1(longest / baselineLongest),
      p99_ratio: round1(p99 / baselineP99),
      /** The day-later analysis (a diff, some thousands of events). */
      day_later_analysis_s: of((run) => run.day_later.analysis_s),
      day_later_longest_wait_ms: of((run) => run.day_later.longest_wait_ms),
      day_later_p99_wait_ms: of((run) => run.day_later.p99_wait_ms),
      runs,
    };
  } finally {
    await server.stop();
  }
}

/** The same on the embedded database and on a throwaway PostgreSQL 15. */
export async function benchAnalysisStallBoth(followers: number, following: number) {
  const embedded = await benchAnalysisStall(followers, following);
  const postgres = await providePostgres();
  const database = await createDatabase(postgres.url);
  try {
    return { embedded, postgresql: await benchAnalysisStall(followers, following, { DATABASE_URL: database.url }) };
  } finally {
    await database.drop().catch(() => undefined);
    await postgres.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [followers = 1_000_000, following = 1_000_000] = process.argv.slice(2).map(Number);
  console.log(JSON.stringify(await benchAnalysisStallBoth(followers, following), null, 2));
}
