// The fair trial (issue 34): a trial's days count from the first figures a real account receives (its
// first import of the data download, or its first collection from the official API), since the download
// can take 48 hours to arrive; at the latest they start TRIAL_WAIT_DAYS after paying. The offer, the
// receipt and Manage subscription all state dates from these rules.
import { DAY_MS } from './billing-periods.ts';

/** The longest a trial waits for the account's first figures before its days start anyway. */
export const TRIAL_WAIT_DAYS = 9;

/** A plan's trial length in days, from its meta_info (0: the plan has no trial). */
export function trialDaysOf(metaInfo: Record<string, unknown>): number {
  const days = Number(metaInfo.trial_days ?? 0);
  return Number.isFinite(days) && days > 0 ? Math.floor(days) : 0;
}

/** The latest a trial paid for at `paidAt` starts counting. */
export function trialStartsBy(paidAt: Date): Date {
  return new Date(paidAt.getTime() + TRIAL_WAIT_DAYS * DAY_MS);
}

/** When a trial of `days` that starts at `startedAt` ends: its first renewal. */
export function trialEndFrom(startedAt: Date, days: number): Date {
  return new Date(startedAt.getTime() + days * DAY_MS);
}

/** While a trial of `days` waits for the first figures, the latest its days start, from its latest end. */
export function startsByOf(latestEnd: Date, days: number): Date {
  return new Date(latestEnd.getTime() - days * DAY_MS);
}

/** The latest a trial paid for at `paidAt` can end: it waited the whole TRIAL_WAIT_DAYS. */
export function latestTrialEnd(paidAt: Date, days: number): Date {
  return trialEndFrom(trialStartsBy(paidAt), days);
}
