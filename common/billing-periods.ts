// Billing periods as a recurring-billing gateway counts them (issues 20, 34), shared so the offer states
// the dates the server bills on: each period is the plan's interval, counted from an anchor so a 31st
// stays a 31st where the month has one (Jan 31, Feb 28, Mar 31), as Recurly bills.

export const DAY_MS = 86_400_000;

/** A plan's interval: weekly plans count `intervalLength` weeks, the others months. */
export interface PlanInterval {
  code: string;
  intervalLength: number;
}

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
export function endOfPeriod(plan: PlanInterval, anchor: Date, n: number): Date {
  const length = Math.max(1, plan.intervalLength);
  return plan.code === 'weekly' ? new Date(anchor.getTime() + n * 7 * length * DAY_MS) : addMonths(anchor, n * length);
}
