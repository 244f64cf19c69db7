// How plans are priced on the offer pages (spec §2 Payment plan, §9).
import type { Plan } from '../../common/schema/plan.ts';

const symbols: Record<string, string> = { USD: '$', EUR: '€', GBP: '£', BRL: 'R$' };

/** spec §3: the currency symbol ($ for USD); the code itself when we know no symbol. */
export function currencySymbol(currency: string): string {
  return symbols[currency.toUpperCase()] ?? `${currency.toUpperCase()} `;
}

/** An amount with its symbol and two decimals. */
export function formatMoney(amount: number, currency: string): string {
  return `${currencySymbol(currency)}${amount.toFixed(2)}`;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * spec §9: per-day price = unit_amount / (365/12 × interval_length), to 2 decimals, where the
 * interval is in months. Weekly plans count their interval in weeks, so a day is 1/7 of a week.
 */
export function perDay(
  plan: Pick<Plan, 'code' | 'unit_amount' | 'interval_length'>,
  amount = plan.unit_amount,
): number {
  const days = plan.code === 'weekly' ? 7 * plan.interval_length : (365 / 12) * plan.interval_length;
  return round2(amount / days);
}

/** spec §2: monthly_amount and monthly_amount_before, the per-day prices before and after the discount. */
export function dailyPrices(plan: Plan) {
  return { monthly_amount: perDay(plan), monthly_amount_before: perDay(plan, plan.unit_amount_before_discount) };
}

/** The two offer pages (spec §2: $2.99 today, -70% on one; $1.00 today, -90% on the other). */
export type Landing = 'default' | 'lp1';

/** The trial plan (plan_type 1) a landing page offers. */
export function trialPlanFor(plans: Plan[], landing: Landing): Plan | undefined {
  const trials = plans.filter((plan) => plan.plan_type === 1);
  return trials.find((plan) => (plan.meta_info.landing ?? 'default') === landing) ?? trials[0];
}

/** The struck-out price, today's price and the discount of a trial offer. */
export function trialDisplay(plan: Plan) {
  const before = Number(plan.meta_info.trial_amount_before_discount ?? plan.unit_amount_before_discount);
  const today = plan.setup_fee;
  return {
    before: formatMoney(before, plan.currency),
    today: formatMoney(today, plan.currency),
    discountPercent: Math.round((1 - today / before) * 100),
    trialDays: Number(plan.meta_info.trial_days ?? 7),
  };
}
