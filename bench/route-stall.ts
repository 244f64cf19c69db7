// Issue 48 item 3: what one account's loops on the routes that read many rows or call an outside service
// do to another account's cheap request. The embedded server (`npm start`'s process) holds an account
// with a 500,000-name list; for each route in turn, that account runs 64 loops (each sends, reads the
// answer, sends again) while a second account asks for its user record one request after another: that
// request's longest wait and p99, against the same polling with nothing else running (the baseline), in
// the same run, median of REPETITIONS. Goal: longest ≤ 500 ms and p99 ≤ 100 ms on every route.
import { analysedAccount, startStallServer } from './stall-server.ts';

const REPETITIONS = 3;
const LOOPS = 64;
/** How long the loops run on each route, and the baseline polls alone. */
const RUN_MS = 4_000;
/** A pause between two cheap requests, so the polling is a client's, not a load of its own. */
const POLL_GAP_MS = 10;
const GOAL = { longest_ms: 500, p99_ms: 100 };

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const quantile = (values: number[], q: number) =>
  sorted(values)[Math.min(values.length - 1, Math.floor(values.length * q))] ?? 0;
const median = (values: number[]) => quantile(values, 0.5);
const round1 = (value: number) => Math.round(value * 10) / 10;

/** A route one account loops on: how to ask it, with the account's token. */
interface Route {
  name: string;
  path: (loop: number) => string;
  method?: 'GET' | 'POST';
  body?: unknown;
}

/** The cheap request another account makes, one after another until `until` settles or `ms` pass. */
async function pollCheap(origin: string, token: string, until: Promise<unknown> | number): Promise<number[]> {
  let done = false;
  if (typeof until === 'number') setTimeout(() => (done = true), until);
  else void until.finally(() => (done = true));
  const waits: number[] = [];
  while (!done) {
    const start = performance.now();
    const answer = await fetch(`${origin}/api/v1/client/user/detail/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    await answer.arrayBuffer();
    if (!answer.ok) throw new Error(`user detail answered ${answer.status}`);
    waits.push(performance.now() - start);
    await new Promise((resolve) => setTimeout(resolve, POLL_GAP_MS));
  }
  return waits;
}

/** LOOPS loops on `route` for RUN_MS: the statuses they got. */
async function loops(origin: string, token: string, route: Route): Promise<Record<string, number>> {
  const statuses: Record<string, number> = {};
  const end = performance.now() + RUN_MS;
  await Promise.all(
    Array.from({ length: LOOPS }, async (_, loop) => {
      while (performance.now() < end) {
        const answer = await fetch(`${origin}${route.path(loop)}`, {
          method: route.method ?? 'GET',
          headers: {
            authorization: `Bearer ${token}`,
            ...(route.body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: route.body === undefined ? undefined : JSON.stringify(route.body),
        }).catch(() => undefined);
        await answer?.arrayBuffer().catch(() => undefined);
        const key = String(answer?.status ?? 'error');
        statuses[key] = (statuses[key] ?? 0) + 1;
      }
    }),
  );
  return statuses;
}

/** A signed media link the account's stories answer carries, for the proxy's loops. */
async function mediaLink(origin: string, token: string): Promise<string> {
  const answer = await fetch(`${origin}/api/v1/client/stories/30/0/`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const text = await answer.text();
  const link = text.match(/\/api\/v1\/proxy\?[^"]+/)?.[0];
  if (!link) throw new Error('no media link in the stories answer');
  return JSON.parse(`"${link}"`) as string;
}

async function shortCode(origin: string, token: string): Promise<string> {
  const answer = await fetch(`${origin}/api/v1/client/posts/mostCommented/false/?limit=1`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const body = (await answer.json()) as { data: { posts: Array<{ post_short_code: string }> } };
  const code = body.data.posts[0]?.post_short_code;
  if (!code) throw new Error('no post to read the comments of');
  return code;
}

export async function benchRouteStall(followers = 500_000) {
  const server = await startStallServer();
  try {
    const heavy = await analysedAccount(server.url, 'stall-heavy@example.com', `size.${followers}.1000`);
    const other = await analysedAccount(server.url, 'stall-other@example.com', 'size.1200.300');
    // Deep pages of the long list: each asks the database to walk far into it.
    const pages = Math.max(1, Math.floor(heavy.names / 100));
    /**
     * The routes, each looped on by an account of its own for each run: a fresh account meets the work,
     * not a rate limit spent by the run before (the 500,000-name list's pages stay within theirs).
     */
    let fresh = 0;
    const looper = async (route: string) =>
      route === 'list page'
        ? heavy.token
        : (await analysedAccount(server.url, `stall-${fresh++}@example.com`, 'size.5000.1000')).token;
    const routes: Array<Route & { prepare?: (origin: string, token: string) => Promise<Partial<Route>> }> = [
      {
        name: 'list page',
        path: (loop) => `/api/v1/client/instagram/dont/follow/back/100/?page=${1 + ((loop * 997) % pages)}`,
      },
      { name: 'stories refresh', path: () => '/api/v1/client/stories/30/0/?refresh=true' },
      { name: 'follower history', path: () => '/api/v1/client/followers/history/' },
      { name: 'post group', path: () => '/api/v1/client/posts/mostEngaged/false/' },
      { name: 'post analytics', path: () => '/api/v1/client/postAnalysis/' },
      { name: 'best time', path: () => '/api/v1/client/posts/best-time/' },
      {
        name: 'comments',
        path: () => '',
        prepare: async (origin, token) => {
          const code = await shortCode(origin, token);
          return { path: () => `/api/v1/client/posts/comments/${code}/` };
        },
      },
      {
        name: 'insight',
        path: () => '/api/v1/insta/chat/gpt/generate/actionable/insights/',
        method: 'POST',
        body: {
          new_followers_count: 1,
          lost_followers_count: 1,
          not_follows_back_count: 1,
          i_do_not_follow_back_count: 1,
          profile_view_count: 0,
          mutual_following_count: 1,
        },
      },
      {
        name: 'media proxy',
        path: () => '',
        prepare: async (origin, token) => {
          const link = await mediaLink(origin, token);
          return { path: () => link };
        },
      },
    ];
    const results: Array<{
      route: string;
      longest_ms: number;
      p99_ms: number;
      median_ms: number;
      baseline_longest_ms: number;
      baseline_p99_ms: number;
      statuses: Record<string, number>;
    }> = [];
    for (const route of routes) {
      const runs: Array<{
        longest: number;
        p99: number;
        median: number;
        baseLongest: number;
        baseP99: number;
        statuses: Record<string, number>;
      }> = [];
      for (let repetition = 0; repetition < REPETITIONS; repetition++) {
        const token = await looper(route.name);
        const asked = { ...route, ...(await route.prepare?.(server.url, token)) };
        const baseline = await pollCheap(server.url, other.token, RUN_MS / 2);
        const looping = loops(server.url, token, asked);
        const waits = await pollCheap(server.url, other.token, looping);
        const statuses = await looping;
        runs.push({
          longest: Math.max(...waits),
          p99: quantile(waits, 0.99),
          median: median(waits),
          baseLongest: Math.max(...baseline),
          baseP99: quantile(baseline, 0.99),
          statuses,
        });
      }
      const result = {
        route: route.name,
        longest_ms: round1(median(runs.map((run) => run.longest))),
        p99_ms: round1(median(runs.map((run) => run.p99))),
        median_ms: round1(median(runs.map((run) => run.median))),
        baseline_longest_ms: round1(median(runs.map((run) => run.baseLongest))),
        baseline_p99_ms: round1(median(runs.map((run) => run.baseP99))),
        statuses: runs[runs.length - 1]?.statuses ?? {},
      };
      results.push(result);
      console.error(`route_stall: ${JSON.stringify(result)}`);
    }
    return {
      measured_at: new Date().toISOString(),
      names: heavy.names,
      loops: LOOPS,
      run_ms: RUN_MS,
      repetitions: REPETITIONS,
      goal: GOAL,
      met: results.every((result) => result.longest_ms <= GOAL.longest_ms && result.p99_ms <= GOAL.p99_ms),
      routes: results,
    };
  } finally {
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await benchRouteStall(Number(process.argv[2] ?? 500_000)), null, 2));
}
