// Billing periods as a recurring-billing gateway counts them (issue 20): a trial plan's first period is
// its trial; then each period is the plan's interval (common/billing-periods.ts). A postponed bill date
// (issue 34: a trial that waited for the account's first figures) anchors the periods instead.
import { DAY_MS, endOfPeriod } from '../../common/billing-periods.ts';
import type { plans } from '../db/schema.ts';

export { addMonths } from '../../common/billing-periods.ts';

type Plan = Pick<typeof plans.$inferSelect, 'code' | 'intervalLength' | 'metaInfo'>;

/**
 * The end of the period paid for at `now`, for a subscription that started at `startedAt` and renews.
 * `anchor`, when set, is its first bill date (a trial's end as the purchase or a postponement set it);
 * otherwise the plan's own trial decides it.
 */
export function currentPeriodEnd(plan: Plan, startedAt: Date, now: Date, anchor?: Date | null): Date {
  const trialDays = Number(plan.metaInfo.trial_days ?? 0);
  const first = anchor ?? (trialDays > 0 ? new Date(startedAt.getTime() + trialDays * DAY_MS) : undefined);
  if (first && first > now) return first;
  const from = first ?? startedAt;
  // Counted from the anchor each time, never from the previous end, so a clamped month does not stick.
  let n = 1;
  while (endOfPeriod(plan, from, n) <= now) n++;
  return endOfPeriod(plan, from, n);
}
