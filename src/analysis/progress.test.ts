import { describe, expect, it } from 'vitest';
import {
  abbreviate,
  advance,
  beginProgress,
  estimateMinutes,
  finishProgress,
  noticeAt,
  PROGRESS_CAPS,
  type Progress,
} from './progress.ts';

const run = (progress: Progress, ticks: number) => {
  let state = progress;
  for (let i = 0; i < ticks; i++) state = advance(state);
  return state;
};

describe('analysis progress (spec §4)', () => {
  it('draws its cap from the spec list', () => {
    expect(PROGRESS_CAPS).toEqual([68, 70, 76, 80, 84, 86, 88, 90, 92, 96]);
    expect(beginProgress(() => 0).cap).toBe(68);
    expect(beginProgress(() => 0.99).cap).toBe(96);
  });

  it('rises 1 per tick and stops at the cap until the result arrives', () => {
    const start = beginProgress(() => 0);
    expect(run(start, 10).percent).toBe(10);
    expect(run(start, 500)).toMatchObject({ percent: 68, tick: 500, done: false });
  });

  it('then halves the remainder toward 100', () => {
    const waiting = run(
      beginProgress(() => 0),
      80,
    );
    const percents: number[] = [];
    let state = finishProgress(waiting);
    while (!state.done) {
      state = advance(state);
      percents.push(state.percent);
    }
    expect(percents).toEqual([84, 92, 96, 98, 99, 100]);
  });

  it('estimates minutes as ceil((followers + following) / 100 × 8 / 60)', () => {
    expect(estimateMinutes(1_200, 300)).toBe(2);
    expect(estimateMinutes(1_000_000, 1_000_000)).toBe(2_667);
  });

  it('says "do not refresh" from 300 to 600 ticks, then when it will finish', () => {
    expect(noticeAt(299, 20)).toEqual({ kind: 'none' });
    expect(noticeAt(300, 20)).toEqual({ kind: 'doNotRefresh' });
    expect(noticeAt(600, 20)).toEqual({ kind: 'doNotRefresh' });
    expect(noticeAt(601, 20)).toEqual({ kind: 'finishesIn', from: 17, to: 18 });
    expect(noticeAt(601, 2)).toEqual({ kind: 'finishesIn', from: 1, to: 1 });
  });

  it('writes the decimal sign as the reader’s language does, K, M, B and T kept (issue 51)', () => {
    expect(abbreviate(1_150, 'de')).toBe('1,1K');
    expect(abbreviate(1_150, 'pt-BR')).toBe('1,1K');
    expect(abbreviate(2_340_000, 'fr')).toBe('2,3M');
    expect(abbreviate(1_150, 'en')).toBe('1.1K');
    expect(abbreviate(999, 'de')).toBe('999');
    expect(abbreviate(1_500e12, 'de')).toBe('1500,0T');
  });

  it('abbreviates counts with K, M, B, T and one decimal', () => {
    expect(abbreviate(999)).toBe('999');
    expect(abbreviate(1_000)).toBe('1.0K');
    expect(abbreviate(1_250)).toBe('1.2K');
    expect(abbreviate(5_000_000)).toBe('5.0M');
    expect(abbreviate(2_340_000_000)).toBe('2.3B');
    expect(abbreviate(1e12)).toBe('1.0T');
  });
});
