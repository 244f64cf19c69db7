// The capacity bench's plan and arithmetic (issue 52): arrivals at the asked rate, visits as the app asks
// them, percentiles by nearest rank, and the capacity as the last rate before the promise first broke.
import { describe, expect, it } from 'vitest';
import { capacityOf, percentile, planVisits, REQUESTS_PER_VISIT_MEAN, seeded, stepFigures } from './capacity-plan.ts';

describe('the capacity plan', () => {
  it('offers about the asked rate, each visit opening on the dashboard and ending on posts or stories', () => {
    const plan = planVisits(20, 60, 50, seeded(1));
    const arrivals = plan.filter((request) => request.route === 'user detail');
    // 20 visits a second for 60 s: a Poisson count of mean 1,200 (sd about 35).
    expect(arrivals.length).toBeGreaterThan(1_100);
    expect(arrivals.length).toBeLessThan(1_300);
    expect(plan.length / arrivals.length).toBeCloseTo(REQUESTS_PER_VISIT_MEAN, 0);
    expect(plan.every((request, i) => i === 0 || (plan[i - 1]?.at ?? 0) <= request.at)).toBe(true);
    const bySubscriber = new Map<number, string[]>();
    for (const request of plan)
      bySubscriber.set(request.subscriber, [...(bySubscriber.get(request.subscriber) ?? []), request.route]);
    expect(bySubscriber.size).toBe(50);
    const lists = plan.filter((request) => request.route === 'list page');
    expect(new Set(lists.map((request) => request.path.split('/').slice(5, 7).join('/'))).size).toBe(6);
    expect(planVisits(20, 60, 50, seeded(1))).toEqual(plan);
  });

  it('takes percentiles by nearest rank', () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 99)).toBe(99);
    expect(percentile([5], 99)).toBe(5);
    expect(percentile([], 99)).toBe(0);
  });

  it('counts errors and latencies per route', () => {
    const figures = stepFigures(
      [
        { route: 'user detail', ms: 10, ok: true },
        { route: 'user detail', ms: 30, ok: false },
        { route: 'list page', ms: 20, ok: true },
        { route: 'list page', ms: 40, ok: true },
      ],
      4,
    );
    expect(figures).toMatchObject({ requests: 4, errors: 1, error_pct: 25, p50_ms: 20, p99_ms: 40 });
    expect(figures.by_route['list page']).toEqual({ requests: 2, p50_ms: 20, p99_ms: 40 });
  });

  it('is the last rate before the promise first broke, not a later one that happened to keep it', () => {
    const step = (offered_rps: number, p99_ms: number, error_pct = 0) => ({ offered_rps, p99_ms, error_pct });
    const steps = [step(50, 30), step(100, 80), step(200, 250), step(300, 150)];
    expect(capacityOf(steps)).toEqual({ sustained: steps[1], breaks: steps[2] });
    expect(capacityOf([step(50, 30), step(100, 40, 0.5)])).toEqual({ sustained: steps[0], breaks: step(100, 40, 0.5) });
    expect(capacityOf([step(50, 30)]).breaks).toBeUndefined();
    expect(capacityOf([step(50, 900)]).sustained).toBeUndefined();
  });
});
