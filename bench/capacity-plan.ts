// Issue 52 item 1: the open-loop capacity bench's plan and arithmetic, pure so that they are tested without
// a server (bench/capacity-plan.test.ts). Subscribers' visits arrive at a fixed rate (a Poisson process);
// each visit is what the app asks when a person opens it and looks around, with think time between; every
// request is sent at its planned instant whatever the others are doing, and its latency counts from that
// instant (no coordinated omission: a server that stalls is charged for every request it held back).

import { LIST_PATHS } from './load-mix.ts';

/** What a request of a visit is for, as the report groups them. */
export type CapacityRoute = 'user detail' | 'list page' | 'post analytics' | 'stories';

export interface PlannedRequest {
  /** When to send it, in ms from the step's start. */
  at: number;
  /** Which subscriber's visit (an index into the step's accounts). */
  subscriber: number;
  route: CapacityRoute;
  method: 'GET' | 'POST';
  path: string;
}

/** A person reads a screen for a few seconds before the next: an exponential wait of this mean, bounded. */
export const THINK_MEAN_MS = 3_000;
const THINK_MIN_MS = 500;
const THINK_MAX_MS = 10_000;

/** A visit: the dashboard (user detail), two to four list pages, then post analytics or the stories. */
export const REQUESTS_PER_VISIT_MEAN = 1 + 3 + 1;

export { seeded } from '../tests/support/seeded.ts';

const exponential = (random: () => number, mean: number) => -Math.log(1 - random()) * mean;

/**
 * The requests of visits arriving at `visitsPerSecond` for `seconds` (each visit to one of `subscribers`
 * accounts in turn), sorted by when they are due. A visit that arrives near the end runs to its end.
 */
export function planVisits(visitsPerSecond: number, seconds: number, subscribers: number, random: () => number) {
  const planned: PlannedRequest[] = [];
  let visit = 0;
  for (let start = exponential(random, 1000 / visitsPerSecond); start < seconds * 1000; visit++) {
    const subscriber = visit % subscribers;
    let at = start;
    const think = () => {
      at += Math.min(THINK_MAX_MS, Math.max(THINK_MIN_MS, exponential(random, THINK_MEAN_MS)));
      return at;
    };
    planned.push({ at, subscriber, route: 'user detail', method: 'POST', path: '/api/v1/client/user/detail/' });
    const pages = 2 + Math.floor(random() * 3);
    for (let page = 0; page < pages; page++) {
      const list = LIST_PATHS[Math.floor(random() * LIST_PATHS.length)] as string;
      planned.push({
        at: think(),
        subscriber,
        route: 'list page',
        method: 'GET',
        path: `/api/v1/client/instagram/${list}/15/?page=${1 + Math.floor(random() * 2)}`,
      });
    }
    if (random() < 0.5) {
      planned.push({
        at: think(),
        subscriber,
        route: 'post analytics',
        method: 'GET',
        path: '/api/v1/client/postAnalysis/',
      });
    } else {
      planned.push({
        at: think(),
        subscriber,
        route: 'stories',
        method: 'GET',
        path: '/api/v1/client/stories/6/0/?callDB=false&refresh=false',
      });
    }
    start += exponential(random, 1000 / visitsPerSecond);
  }
  return planned.sort((a, b) => a.at - b.at);
}

/** One request's result: its latency from its planned instant, and whether it was answered well. */
export interface Outcome {
  route: CapacityRoute;
  ms: number;
  ok: boolean;
}

/** The nearest-rank percentile `p` (0-100) of `values`, or 0 for none. */
export function percentile(values: readonly number[], p: number): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] as number;
}

const round1 = (value: number) => Math.round(value * 10) / 10;

export interface StepFigures {
  /** Requests a second offered: the plan's requests over its arrival window. */
  offered_rps: number;
  requests: number;
  errors: number;
  error_pct: number;
  p50_ms: number;
  p99_ms: number;
  by_route: Record<string, { requests: number; p50_ms: number; p99_ms: number }>;
}

export function stepFigures(outcomes: readonly Outcome[], offeredRps: number): StepFigures {
  const errors = outcomes.filter((outcome) => !outcome.ok).length;
  const by_route: StepFigures['by_route'] = {};
  for (const route of new Set(outcomes.map((outcome) => outcome.route))) {
    const ms = outcomes.filter((outcome) => outcome.route === route).map((outcome) => outcome.ms);
    by_route[route] = { requests: ms.length, p50_ms: round1(percentile(ms, 50)), p99_ms: round1(percentile(ms, 99)) };
  }
  const ms = outcomes.map((outcome) => outcome.ms);
  return {
    offered_rps: round1(offeredRps),
    requests: outcomes.length,
    errors,
    error_pct: outcomes.length ? Math.round((errors / outcomes.length) * 10_000) / 100 : 0,
    p50_ms: round1(percentile(ms, 50)),
    p99_ms: round1(percentile(ms, 99)),
    by_route,
  };
}

/** The promise a rate is held to: p99 within 200 ms and at most 0.1% errors. */
export const P99_PROMISE_MS = 200;
export const ERROR_PROMISE_PCT = 0.1;

export const keepsPromise = (step: Pick<StepFigures, 'p99_ms' | 'error_pct'>) =>
  step.p99_ms <= P99_PROMISE_MS && step.error_pct <= ERROR_PROMISE_PCT;

/**
 * The highest offered rate that kept the promise with every lower rate keeping it too, and the first that
 * broke it (undefined when none did: the steps did not reach the limit).
 */
export function capacityOf<T extends Pick<StepFigures, 'p99_ms' | 'error_pct' | 'offered_rps'>>(steps: readonly T[]) {
  const broken = steps.findIndex((step) => !keepsPromise(step));
  const kept = broken === -1 ? steps : steps.slice(0, broken);
  return { sustained: kept.at(-1), breaks: broken === -1 ? undefined : steps[broken] };
}
