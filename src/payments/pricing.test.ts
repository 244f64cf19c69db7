import { describe, expect, it } from 'vitest';
import type { Plan } from '../../common/schema/plan.ts';
import { currencySymbol, dailyPrices, formatMoney, perDay, trialDisplay, trialPlanFor } from './pricing.ts';

const plan = (fields: Partial<Plan>): Plan => ({
  plan_id: 'p',
  name: 'Plan',
  plan_type: 2,
  code: 'monthly',
  interval_length: 1,
  unit_amount: 30.42,
  unit_amount_before_discount: 60.83,
  currency: 'USD',
  setup_fee: 0,
  meta_info: {},
  ...fields,
});

describe('pricing (spec §9)', () => {
  it('prices a month as 365/12 days and a quarter as three of them', () => {
    expect(perDay(plan({ unit_amount: 30.42 }))).toBe(1);
    expect(perDay(plan({ code: 'quarterly', interval_length: 3, unit_amount: 44.99 }))).toBe(0.49);
    expect(dailyPrices(plan({ unit_amount: 19.99, unit_amount_before_discount: 39.99 }))).toEqual({
      monthly_amount: 0.66,
      monthly_amount_before: 1.31,
    });
  });

  it('prices a weekly plan per day of its weeks', () => {
    expect(perDay(plan({ code: 'weekly', interval_length: 1, unit_amount: 6.99 }))).toBe(1);
    expect(perDay(plan({ code: 'weekly', interval_length: 2, unit_amount: 6.99 }))).toBe(0.5);
  });

  it('writes money as the reader’s language does (issue 34), with the symbol of spec §3', () => {
    const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
    expect(currencySymbol('usd')).toBe('$');
    expect(formatMoney(2.5, 'USD')).toBe('$2.50');
    expect(plain(formatMoney(3, 'CHF'))).toBe('CHF 3.00');
    expect(plain(formatMoney(2.99, 'USD', 'de'))).toBe('2,99 $');
    expect(plain(formatMoney(19.99, 'USD', 'pt-BR'))).toBe('US$ 19,99');
    expect(plain(formatMoney(19.99, 'USD', 'fr'))).toBe('19,99 $US');
    expect(plain(formatMoney(1234.5, 'EUR', 'it'))).toBe('1234,50 €');
    expect(formatMoney(1, 'XYZ1')).toBe('XYZ1 1.00');
  });

  it('shows $9.99 struck, $2.99, -70% on one page and $9.99 struck, $1.00, -90% on the other', () => {
    const meta = { trial_days: 7, trial_amount_before_discount: 9.99 };
    const plans = [
      plan({ plan_id: 'a', plan_type: 1, setup_fee: 2.99, meta_info: { ...meta, landing: 'default' } }),
      plan({ plan_id: 'b', plan_type: 1, setup_fee: 1, meta_info: { ...meta, landing: 'lp1' } }),
      plan({ plan_id: 'c', plan_type: 2 }),
    ];
    const first = trialPlanFor(plans, 'default');
    const second = trialPlanFor(plans, 'lp1');
    expect(first?.plan_id).toBe('a');
    expect(second?.plan_id).toBe('b');
    expect(first && trialDisplay(first)).toEqual({
      before: '$9.99',
      today: '$2.99',
      discountPercent: 70,
      trialDays: 7,
    });
    expect(second && trialDisplay(second)).toEqual({
      before: '$9.99',
      today: '$1.00',
      discountPercent: 90,
      trialDays: 7,
    });
  });
});
