// Billing periods as a recurring-billing gateway counts them (issue 20): a trial plan's first period is
// its trial; then each period is the plan's interval, counted from the start so a 31st stays a 31st
// where the month has one (Jan 31, Feb 28, Mar 31), as Recurly bills.
import type { plans } from '../db/schema.ts';

type Plan = Pick<typeof plans.$inferSelect, 'code' | 'intervalLength' | 'metaInfo'>;

const DAY_MS = 86_400_000;

/** `date` plus whole months, in UTC, the day kept where the month has it and clamped where not. */
export function addMonths(date: Date, months: number): Date {
  const next = new Date(date.getTime());
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
}

/** The end of the `n`th period (1-based) of paid time that starts at `anchor`. */
function endOfPeriod(plan: Plan, anchor: Date, n: number): Date {
  const length = Math.max(1, plan.intervalLength);
  return plan.code === 'weekly' ? new Date(anchor.getTime() + n * 7 * length * DAY_MS) : addMonths(anchor, n * length);
}

/** The end of the period paid for at `now`, for a subscription that started at `startedAt` and renews. */
export function currentPeriodEnd(plan: Plan, startedAt: Date, now: Date): Date {
  const trialDays = Number(plan.metaInfo.trial_days ?? 0);
  const trialEnd = new Date(startedAt.getTime() + trialDays * DAY_MS);
  if (trialDays > 0 && trialEnd > now) return trialEnd;
  const anchor = trialDays > 0 ? trialEnd : startedAt;
  // Counted from the anchor each time, never from the previous end, so a clamped month does not stick.
  let n = 1;
  while (endOfPeriod(plan, anchor, n) <= now) n++;
  return endOfPeriod(plan, anchor, n);
}
