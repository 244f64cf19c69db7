// The stress run's options: flags win over the environment; the rest goes to Playwright.
import { describe, expect, it } from 'vitest';
import { DEFAULT_RUNS, parseStressOptions } from '../../scripts/stress/options.ts';

describe('parseStressOptions', () => {
  it('runs the suite 5 times without a busy core by default', () => {
    expect(parseStressOptions([], {})).toEqual({ runs: DEFAULT_RUNS, hog: false, playwrightArgs: [] });
  });

  it('reads STRESS_RUNS and STRESS_CPU_HOG, and lets --runs override them', () => {
    expect(parseStressOptions([], { STRESS_RUNS: '3', STRESS_CPU_HOG: '1' })).toMatchObject({ runs: 3, hog: true });
    expect(parseStressOptions(['--runs', '2'], { STRESS_RUNS: '3' }).runs).toBe(2);
    expect(parseStressOptions(['--runs=7', '--hog'], {})).toMatchObject({ runs: 7, hog: true });
  });

  it('hands everything else to Playwright, in order', () => {
    expect(parseStressOptions(['tests/e2e/stories.spec.ts', '--hog', '--grep', 'viewer'], {}).playwrightArgs).toEqual([
      'tests/e2e/stories.spec.ts',
      '--grep',
      'viewer',
    ]);
  });

  it('refuses a run count that is not a whole number of at least 1', () => {
    expect(() => parseStressOptions(['--runs', '0'], {})).toThrow(/--runs/);
    expect(() => parseStressOptions(['--runs'], {})).toThrow(/--runs/);
    expect(() => parseStressOptions([], { STRESS_RUNS: 'many' })).toThrow(/STRESS_RUNS/);
  });
});
