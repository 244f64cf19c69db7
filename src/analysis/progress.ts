// The analysis progress of spec §4, as pure functions: +1 every 200 ms up to a random cap until the
// result arrives, then halving the remainder toward 100; notices at 150, 300 and 600 ticks.
import { numberFormat } from '../i18n/formats.ts';

/** spec §9: one tick is 200 ms. */
export const ANALYSIS_TICK_MS = 200;
/** spec §4: the progress stops at one of these until the result arrives. */
export const PROGRESS_CAPS = [68, 70, 76, 80, 84, 86, 88, 90, 92, 96] as const;
/** spec §9: alert thresholds, in ticks. */
export const WAIT_ALERT_TICKS = 150;
export const DO_NOT_REFRESH_TICKS = [300, 600] as const;
/** spec §9: a wait of over 10 minutes is warned about before starting. */
export const LONG_WAIT_MINUTES = 10;

export interface Progress {
  tick: number;
  percent: number;
  cap: number;
  /** The result arrived: the remainder is being halved. */
  finishing: boolean;
  /** 100 reached after the result. */
  done: boolean;
}

/** A new progress with a cap drawn from the spec's list. */
export function beginProgress(random: () => number = Math.random): Progress {
  const cap = PROGRESS_CAPS[Math.floor(random() * PROGRESS_CAPS.length)] ?? 96;
  return { tick: 0, percent: 0, cap, finishing: false, done: false };
}

/** One tick later. */
export function advance(progress: Progress): Progress {
  const tick = progress.tick + 1;
  if (!progress.finishing) return { ...progress, tick, percent: Math.min(progress.cap, progress.percent + 1) };
  const percent = Math.min(100, progress.percent + Math.ceil((100 - progress.percent) / 2));
  return { ...progress, tick, percent, done: percent >= 100 };
}

/** The result arrived. */
export function finishProgress(progress: Progress): Progress {
  return { ...progress, finishing: true };
}

/** spec §9: estimated minutes = ceil((followers + following) / 100 × 8 / 60). */
export function estimateMinutes(followers: number, following: number): number {
  return Math.ceil((((followers + following) / 100) * 8) / 60);
}

export type Notice =
  | { kind: 'none' }
  | { kind: 'doNotRefresh' }
  /** Past 600 ticks: it will finish in (estimate − 3) to (estimate − 2) minutes, at least 1. */
  | { kind: 'finishesIn'; from: number; to: number };

/** The message under the progress at a tick. */
export function noticeAt(tick: number, estimate: number): Notice {
  const [start, end] = DO_NOT_REFRESH_TICKS;
  if (tick > end) return { kind: 'finishesIn', from: Math.max(1, estimate - 3), to: Math.max(1, estimate - 2) };
  if (tick >= start) return { kind: 'doNotRefresh' };
  return { kind: 'none' };
}

/**
 * spec §2: counts and totals abbreviated with K, M, B and T and one decimal, the decimal sign the
 * reader's language's (issue 51: "1.1K" in German and Portuguese, which write 1,1K).
 */
export function abbreviate(count: number, locale = 'en'): string {
  const units: Array<[number, string]> = [
    [1e12, 'T'],
    [1e9, 'B'],
    [1e6, 'M'],
    [1e3, 'K'],
  ];
  for (const [size, unit] of units) {
    if (Math.abs(count) >= size) return `${oneDecimal(locale).format(Math.floor((count / size) * 10) / 10)}${unit}`;
  }
  return String(count);
}

/** One decimal, always shown, no grouping (1.0K, 1,0K; 999.9T at most before T). */
const oneDecimal = (locale: string) =>
  numberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: false });
