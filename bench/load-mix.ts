// Issue 35 item 4: what one subscriber asks for in the `load` bench, and the figures of a load run.
// Pure, so the mix and the medians are tested without a server (bench/load-mix.test.ts).

/** The routes of the mix, by what the person is looking at. */
export type LoadRoute = 'user detail' | 'list page' | 'post analytics' | 'stories';

/** One request of a subscriber's round, as autocannon sends it. */
export interface LoadRequest {
  route: LoadRoute;
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
}

/** The six lists of spec §7 (server/api/v1/analysis.ts `listPaths`), one per subscriber in turn. */
export const LIST_PATHS = [
  'new/followers',
  'follower/lost',
  'not/following/back',
  'dont/follow/back',
  'mutual/follower',
  'profile/view',
] as const;

/** The app's page sizes: a list screen asks 15 a page (src/api/analysis.ts), the stories' first page 6 (spec §9). */
const LIST_PAGE_SIZE = 15;
const FIRST_STORY_PAGE = 6;

/**
 * Subscriber `index`'s round, sent over and over on one connection: the dashboard's record, a page of
 * one of the six lists (each subscriber reads another, so all six are read), the post analytics and
 * the first page of stories, as the app asks them (compressed answers, as a browser accepts).
 */
export function subscriberRound(token: string, index: number): LoadRequest[] {
  const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'br, gzip' };
  const list = LIST_PATHS[index % LIST_PATHS.length];
  return [
    { route: 'user detail', method: 'POST', path: '/api/v1/client/user/detail/', headers },
    { route: 'list page', method: 'GET', path: `/api/v1/client/instagram/${list}/${LIST_PAGE_SIZE}/?page=1`, headers },
    { route: 'post analytics', method: 'GET', path: '/api/v1/client/postAnalysis/', headers },
    {
      route: 'stories',
      method: 'GET',
      path: `/api/v1/client/stories/${FIRST_STORY_PAGE}/0/?callDB=false&refresh=false`,
      headers,
    },
  ];
}

/** One answer the loader received: when (ms on the bench's clock), how long it took, its status. */
export interface Answer {
  at: number;
  ms: number;
  status: number;
  route: LoadRoute;
}

/** A request that got no answer: autocannon's timeout, or the socket failing. */
export interface Failure {
  at: number;
  kind: 'timeout' | 'socket';
}

/** One window's figures. */
export interface WindowFigures {
  requests: number;
  seconds: number;
  rps: number;
  p50_ms: number;
  p99_ms: number;
  max_ms: number;
  /** Answers that were not 2xx, by status. */
  non_2xx: number;
  /** Requests with no answer because the socket failed. */
  socket_errors: number;
  /** Requests with no answer within the loader's timeout. */
  timeouts: number;
  status_codes: Record<string, number>;
  /** Per route: answers, p99 and the statuses that were not 2xx. */
  by_route: Partial<Record<LoadRoute, { requests: number; p99_ms: number; non_2xx: Record<string, number> }>>;
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/** The value at quantile `q` (0..1) of ascending `sorted`, the nearest rank (as HdrHistogram reports). */
export function percentile(sorted: number[], q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0;
}

/**
 * The figures of the answers and failures that came in `[from, to)` (ms): latencies of every answer,
 * 2xx or not (a slow refusal is slow too), and errors of each kind apart.
 */
export function windowFigures(answers: Answer[], failures: Failure[], from: number, to: number): WindowFigures {
  const inside = answers.filter((answer) => answer.at >= from && answer.at < to);
  const failed = failures.filter((failure) => failure.at >= from && failure.at < to);
  const latencies = inside.map((answer) => answer.ms).sort((a, b) => a - b);
  const statusCodes: Record<string, number> = {};
  const byRoute: WindowFigures['by_route'] = {};
  const routeLatencies: Partial<Record<LoadRoute, number[]>> = {};
  for (const answer of inside) {
    statusCodes[answer.status] = (statusCodes[answer.status] ?? 0) + 1;
    const route = byRoute[answer.route] ?? { requests: 0, p99_ms: 0, non_2xx: {} };
    byRoute[answer.route] = route;
    route.requests++;
    const latenciesOfRoute = routeLatencies[answer.route] ?? [];
    routeLatencies[answer.route] = latenciesOfRoute;
    latenciesOfRoute.push(answer.ms);
    if (answer.status < 200 || answer.status >= 300) {
      route.non_2xx[answer.status] = (route.non_2xx[answer.status] ?? 0) + 1;
    }
  }
  for (const [route, values] of Object.entries(routeLatencies) as Array<[LoadRoute, number[]]>) {
    const figures = byRoute[route];
    if (figures)
      figures.p99_ms = round1(
        percentile(
          values.sort((a, b) => a - b),
          0.99,
        ),
      );
  }
  const seconds = (to - from) / 1000;
  return {
    requests: inside.length,
    seconds: round1(seconds),
    rps: Math.round(inside.length / seconds),
    p50_ms: round1(percentile(latencies, 0.5)),
    p99_ms: round1(percentile(latencies, 0.99)),
    max_ms: round1(latencies.at(-1) ?? 0),
    non_2xx: inside.filter((answer) => answer.status < 200 || answer.status >= 300).length,
    socket_errors: failed.filter((failure) => failure.kind === 'socket').length,
    timeouts: failed.filter((failure) => failure.kind === 'timeout').length,
    status_codes: statusCodes,
    by_route: byRoute,
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** The median of each figure over the repetitions (each figure on its own); errors summed, so none hides. */
export function medianFigures(runs: WindowFigures[]) {
  const of = (key: 'requests' | 'rps' | 'p50_ms' | 'p99_ms' | 'max_ms') => median(runs.map((run) => run[key]));
  const sum = (key: 'non_2xx' | 'socket_errors' | 'timeouts') => runs.reduce((total, run) => total + run[key], 0);
  return {
    requests: of('requests'),
    rps: of('rps'),
    p50_ms: of('p50_ms'),
    p99_ms: of('p99_ms'),
    max_ms: of('max_ms'),
    non_2xx_all_runs: sum('non_2xx'),
    socket_errors_all_runs: sum('socket_errors'),
    timeouts_all_runs: sum('timeouts'),
  };
}
