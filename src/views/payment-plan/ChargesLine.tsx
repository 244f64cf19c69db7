// The charges, stated above the pay button (issue 34; the FTC's negative-option rule and EU consumer law
// ask for this before the click): today's charge, that it renews, at what price and interval, and when
// the first renewal falls. A trial renews into a plan the offer lists, at that plan's price.
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useMemo } from 'react';
import { endOfPeriod } from '../../../common/billing-periods.ts';
import type { Plan } from '../../../common/schema/plan.ts';
import { latestTrialEnd, TRIAL_WAIT_DAYS, trialDaysOf, trialStartsBy } from '../../../common/trial.ts';
import { dateTimeFormat } from '../../i18n/formats.ts';
import { planName, pricePerInterval } from '../../payments/plan-names.ts';
import { chargedToday, formatMoney, renewsInto } from '../../payments/pricing.ts';

/** What the pay button says it charges: "Pay $2.99 today". */
export function usePayLabel(plan: Plan): string {
  const { i18n } = useLingui();
  const amount = formatMoney(chargedToday(plan), plan.currency, i18n.locale);
  return i18n._(msg`Pay ${amount} today`);
}

export function ChargesLine({ plan, plans }: { plan: Plan; plans: readonly Plan[] }) {
  const { i18n } = useLingui();
  const now = useMemo(() => new Date(), []);
  const money = (amount: number) => formatMoney(amount, plan.currency, i18n.locale);
  const date = (at: Date) => dateTimeFormat(i18n.locale, { dateStyle: 'long' }).format(at);
  const days = trialDaysOf(plan.meta_info);
  const today = money(chargedToday(plan));
  const into = renewsInto(plan, plans) ?? plan;
  const renewal = pricePerInterval(money(plan.unit_amount), into, i18n);
  const name = planName(into, i18n);

  if (plan.plan_type === 1 && days > 0) {
    const startsBy = date(trialStartsBy(now));
    const firstRenewal = date(latestTrialEnd(now, days));
    const wait = TRIAL_WAIT_DAYS;
    return (
      <p className="charges" data-testid="charges">
        <Trans>
          Today you pay {today} for a {days}-day trial. Its days start when your first figures arrive, by {startsBy} at
          the latest ({wait} days). When it ends it renews automatically as {name} at {renewal}, first on {firstRenewal}{' '}
          at the latest, until you cancel. Cancel anytime in Manage subscription.
        </Trans>
      </p>
    );
  }
  const firstRenewal = date(endOfPeriod({ code: plan.code, intervalLength: plan.interval_length }, now, 1));
  return (
    <p className="charges" data-testid="charges">
      <Trans>
        Today you pay {today}. It renews automatically at {renewal}, first on {firstRenewal}, until you cancel. Cancel
        anytime in Manage subscription.
      </Trans>
    </p>
  );
}
