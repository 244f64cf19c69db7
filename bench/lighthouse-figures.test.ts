// A Lighthouse report's figures, their medians, and the goal of issue 25.
import { describe, expect, it } from 'vitest';
import {
  erroredAudits,
  figuresOf,
  type LighthouseReport,
  medianFigures,
  missedGoals,
  type RunFigures,
  runsByFigure,
} from './lighthouse-figures.ts';

function report(overrides: Partial<LighthouseReport> = {}): LighthouseReport {
  const numeric = (numericValue: number) => ({ numericValue });
  return {
    finalDisplayedUrl: 'http://127.0.0.1:8080/',
    environment: { benchmarkIndex: 1978.5 },
    categories: { performance: { score: 0.83 }, accessibility: { score: 1 } },
    audits: {
      'first-contentful-paint': numeric(2957.09),
      'largest-contentful-paint': numeric(3862.52),
      'total-blocking-time': numeric(12.4),
      'cumulative-layout-shift': numeric(0.00234),
      'total-byte-weight': numeric(416231),
      diagnostics: { details: { items: [{ numRequests: 26, totalByteWeight: 416231 }] } },
    },
    ...overrides,
  };
}

function run(performance: number, lcp_ms: number): RunFigures {
  return {
    performance,
    fcp_ms: 1000,
    lcp_ms,
    tbt_ms: 0,
    cls: 0,
    accessibility: 100,
    bytes: 400_000,
    requests: 24,
    benchmark_index: 2000,
  };
}

describe('figuresOf', () => {
  it('reads scores out of 100, whole milliseconds, CLS to 3 places and the bytes and requests', () => {
    expect(figuresOf(report())).toEqual({
      performance: 83,
      fcp_ms: 2957,
      lcp_ms: 3863,
      tbt_ms: 12,
      cls: 0.002,
      accessibility: 100,
      bytes: 416231,
      requests: 26,
      benchmark_index: 1979,
    });
  });

  it('refuses a run Lighthouse marked failed, and a report without a score', () => {
    const failed = report({ runtimeError: { code: 'NO_NAVSTART', message: 'trace' } });
    expect(() => figuresOf(failed)).toThrow(/^Lighthouse NO_NAVSTART/);
    const unscored = report({ categories: { performance: { score: null }, accessibility: { score: 1 } } });
    expect(() => figuresOf(unscored)).toThrow(/performance score/);
  });
});

describe('medianFigures', () => {
  it('takes each figure’s median on its own', () => {
    const median = medianFigures([run(80, 4100), run(83, 3800), run(82, 3900)]);
    expect(median.performance).toBe(82);
    expect(median.lcp_ms).toBe(3900);
  });

  it('keeps CLS to 3 places', () => {
    const runs = [0.269, 0.291, 0.291].map((cls) => ({ ...run(57, 6300), cls }));
    expect(medianFigures(runs).cls).toBe(0.291);
  });

  it('refuses no runs', () => {
    expect(() => medianFigures([])).toThrow();
  });
});

describe('runsByFigure', () => {
  it('keeps every run, as one list per figure in run order', () => {
    const lists = runsByFigure([
      { ...run(80, 4100), attempts: 1 },
      { ...run(83, 3800), attempts: 2 },
    ]);
    expect(lists.performance).toEqual([80, 83]);
    expect(lists.lcp_ms).toEqual([4100, 3800]);
    expect(lists.attempts).toEqual([1, 2]);
  });
});

describe('missedGoals', () => {
  it('names performance under 95 and LCP over 2.5 s', () => {
    expect(missedGoals({ performance: 95, lcp_ms: 2500 })).toEqual([]);
    expect(missedGoals({ performance: 94, lcp_ms: 2501 })).toEqual(['performance', 'lcp']);
  });
});

describe('erroredAudits', () => {
  it('lists the audits Lighthouse could not run, in order', () => {
    const audits = {
      ...report().audits,
      'render-blocking-resources': { scoreDisplayMode: 'error' },
      'layout-shifts': { scoreDisplayMode: 'error' },
      'unused-javascript': { scoreDisplayMode: 'metricSavings' },
    };
    expect(erroredAudits(report({ audits }))).toEqual(['layout-shifts', 'render-blocking-resources']);
  });
});
