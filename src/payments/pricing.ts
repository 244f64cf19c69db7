// How plans are priced on the offer pages (spec §2 Payment plan, §9).
import type { Plan } from '../../common/schema/plan.ts';
import { numberFormat } from '../i18n/formats.ts';

const symbols: Record<string, string> = { USD: '$', EUR: '€', GBP: '£', BRL: 'R$' };

/** spec §3: the currency symbol ($ for USD); the code itself when we know no symbol. */
export function currencySymbol(currency: string): string {
  return symbols[currency.toUpperCase()] ?? `${currency.toUpperCase()} `;
}

/** An amount in its currency, written as the reader's language writes money ($2.99, 2,99 $, US$ 2,99). */
export function formatMoney(amount: number, currency: string, locale = 'en'): string {
  try {
    return numberFormat(locale, { style: 'currency', currency: currency.toUpperCase() }).format(amount);
  } catch {
    // A currency code Intl does not know: its symbol or code, and two decimals.
    return `${currencySymbol(currency)}${amount.toFixed(2)}`;
  }
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

/** What is charged today: a trial's fee, else a period's price. */
export const chargedToday = (plan: Plan): number => (plan.plan_type === 1 ? plan.setup_fee : plan.unit_amount);

/** The plan a trial renews into (meta_info.renews_as), when the offer lists it. */
export function renewsInto(plan: Plan, plans: readonly Plan[]): Plan | undefined {
  const code = plan.meta_info.renews_as;
  return typeof code === 'string' ? plans.find((other) => other.plan_id === code) : undefined;
}

/** The trial plan (plan_type 1) a landing page offers. */
export function trialPlanFor(plans: Plan[], landing: Landing): Plan | undefined {
  const trials = plans.filter((plan) => plan.plan_type === 1);
  return trials.find((plan) => (plan.meta_info.landing ?? 'default') === landing) ?? trials[0];
}

/** The struck-out price, today's price and the discount of a trial offer, in the reader's language. */
export function trialDisplay(plan: Plan, locale = 'en') {
  const before = Number(plan.meta_info.trial_amount_before_discount ?? plan.unit_amount_before_discount);
  const today = plan.setup_fee;
  return {
    before: formatMoney(before, plan.currency, locale),
    today: formatMoney(today, plan.currency, locale),
    discountPercent: Math.round((1 - today / before) * 100),
    trialDays: Number(plan.meta_info.trial_days ?? 7),
  };
}
