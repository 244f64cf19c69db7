// The plans to choose from (spec §2 Payment plan): the trial with its struck-out price, today's price and
// discount, and the selectable plans per day. Since issue 34 in the reader's language (names, money) and
// the trial says what it renews into, a plan listed beside it, at that plan's price, and when its days count.
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import type { Plan } from '../../../common/schema/plan.ts';
import { TRIAL_WAIT_DAYS } from '../../../common/trial.ts';
import { planName, pricePerInterval, trialName } from '../../payments/plan-names.ts';
import { formatMoney, type Landing, perDay, renewsInto, trialDisplay } from '../../payments/pricing.ts';

interface Props {
  plans: Plan[];
  trial: Plan | undefined;
  selected: Plan | undefined;
  landing: Landing;
  /** The offer's countdown is over: the plans at what they cost, no struck-out price (issue 51). */
  saleEnded: boolean;
  onChoose: (planId: string) => void;
}

export function PlanOptions({ plans, trial, selected, landing, saleEnded, onChoose }: Props) {
  const { i18n } = useLingui();
  const money = (amount: number, currency: string) => formatMoney(amount, currency, i18n.locale);
  const selectable = plans.filter((plan) => plan.plan_type === 2);
  const display = trial && trialDisplay(trial, i18n.locale);
  const into = trial && (renewsInto(trial, plans) ?? trial);
  const wait = TRIAL_WAIT_DAYS;
  const days = display?.trialDays ?? 0;
  const intoName = into ? planName(into, i18n) : '';
  const renewal = trial && into ? pricePerInterval(money(trial.unit_amount, trial.currency), into, i18n) : '';

  return (
    <>
      {trial && display && into && (
        <label className={`card plan ${selected?.plan_id === trial.plan_id ? 'plan--selected' : ''}`}>
          <input
            type="radio"
            name="plan"
            checked={selected?.plan_id === trial.plan_id}
            onChange={() => onChoose(trial.plan_id)}
          />
          <span className="plan__name">{trialName(display.trialDays, i18n)}</span>
          <span className="plan__price">
            <s>{display.before}</s> <strong>{display.today}</strong>
            {landing === 'lp1' && (
              <>
                {' '}
                <Trans>today</Trans>
              </>
            )}{' '}
            <span className="plan__discount">-{display.discountPercent}%</span>
          </span>
          <span className="plan__then">
            <Trans>
              then {intoName}: {renewal}
            </Trans>
          </span>
          <span className="plan__note">
            <Trans>
              Its {days} days count from the day your first figures arrive (your data download can take up to 48 hours),
              at the latest {wait} days after paying.
            </Trans>
          </span>
        </label>
      )}
      {selectable.map((plan) => (
        <label key={plan.plan_id} className={`card plan ${selected?.plan_id === plan.plan_id ? 'plan--selected' : ''}`}>
          <input
            type="radio"
            name="plan"
            checked={selected?.plan_id === plan.plan_id}
            onChange={() => onChoose(plan.plan_id)}
          />
          <span className="plan__name">{planName(plan, i18n)}</span>
          <span className="plan__price">
            {!saleEnded && (
              <>
                <s>{money(perDay(plan, plan.unit_amount_before_discount), plan.currency)}</s>{' '}
              </>
            )}
            <strong>{money(perDay(plan), plan.currency)}</strong> <Trans>a day</Trans>
          </span>
          <span className="plan__then">{pricePerInterval(money(plan.unit_amount, plan.currency), plan, i18n)}</span>
        </label>
      ))}
    </>
  );
}
