// The `load` bench's mix and its figures (issue 35 item 4).
import { describe, expect, it } from 'vitest';
import { listPaths } from '../server/api/v1/analysis.ts';
import {
  type Answer,
  type Failure,
  LIST_PATHS,
  medianFigures,
  percentile,
  subscriberRound,
  type WindowFigures,
  windowFigures,
} from './load-mix.ts';

describe("a subscriber's round", () => {
  it('asks the four screens with its own login', () => {
    const round = subscriberRound('token-7', 7);
    expect(round.map((request) => request.route)).toEqual(['user detail', 'list page', 'post analytics', 'stories']);
    expect(round.every((request) => request.headers.authorization === 'Bearer token-7')).toBe(true);
    expect(round[0]).toMatchObject({ method: 'POST', path: '/api/v1/client/user/detail/' });
    expect(round[3]?.path).toBe('/api/v1/client/stories/6/0/?callDB=false&refresh=false');
  });

  it('reads every one of the server’s six lists across subscribers', () => {
    expect([...LIST_PATHS].sort()).toEqual(Object.keys(listPaths).sort());
    const lists = new Set(Array.from({ length: 6 }, (_, i) => subscriberRound('t', i)[1]?.path));
    expect(lists.size).toBe(6);
    expect(subscriberRound('t', 6)[1]?.path).toBe('/api/v1/client/instagram/new/followers/15/?page=1');
  });
});

describe('percentile', () => {
  it('takes the nearest rank, as autocannon’s histogram does', () => {
    const hundred = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(hundred, 0.5)).toBe(50);
    expect(percentile(hundred, 0.99)).toBe(99);
    expect(percentile([], 0.99)).toBe(0);
  });
});

describe('a window’s figures', () => {
  const answer = (at: number, ms: number, status = 200, route: Answer['route'] = 'user detail'): Answer => ({
    at,
    ms,
    status,
    route,
  });

  it('counts only what came in the window, errors of each kind apart', () => {
    const answers = [
      answer(500, 9_000),
      answer(1_000, 10),
      answer(1_500, 30, 200, 'stories'),
      answer(2_000, 20, 503, 'stories'),
      answer(3_000, 5),
    ];
    const failures: Failure[] = [
      { at: 900, kind: 'timeout' },
      { at: 1_200, kind: 'timeout' },
      { at: 1_300, kind: 'socket' },
    ];
    const figures = windowFigures(answers, failures, 1_000, 3_000);
    expect(figures).toMatchObject({
      requests: 3,
      seconds: 2,
      rps: 2,
      p50_ms: 20,
      max_ms: 30,
      non_2xx: 1,
      timeouts: 1,
      socket_errors: 1,
      status_codes: { 200: 2, 503: 1 },
    });
    expect(figures.by_route.stories).toEqual({ requests: 2, p99_ms: 30, non_2xx: { 503: 1 } });
    expect(figures.by_route['user detail']).toEqual({ requests: 1, p99_ms: 10, non_2xx: {} });
  });

  it('takes each figure’s median over the runs and sums their errors', () => {
    const run = (rps: number, p99_ms: number, timeouts: number): WindowFigures => ({
      requests: rps * 30,
      seconds: 30,
      rps,
      p50_ms: 10,
      p99_ms,
      max_ms: p99_ms * 2,
      non_2xx: 0,
      socket_errors: 0,
      timeouts,
      status_codes: {},
      by_route: {},
    });
    const median = medianFigures([run(300, 900, 0), run(100, 100, 2), run(200, 500, 1)]);
    expect(median).toMatchObject({ rps: 200, p99_ms: 500, max_ms: 1000, timeouts_all_runs: 3, non_2xx_all_runs: 0 });
  });
});
