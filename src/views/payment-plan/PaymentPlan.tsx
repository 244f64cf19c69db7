// /paymentplan and /paymentplan_lp1 (spec §2 Payment plan): the sale banner, the features, the
// offer, and "Get My Plan" to the checkout. An expired user renews here with email and username locked.
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import type { Plan } from '../../../common/schema/plan.ts';
import { listPlans } from '../../api/plans.ts';
import { showToast } from '../../app/toast.tsx';
import type { UserData } from '../../db/user-data.ts';
import { formatMoney, type Landing, perDay, trialDisplay, trialPlanFor } from '../../payments/pricing.ts';
import { formatClock, STICKY_AFTER_SCROLL, useCountdown, useScrolledPast } from './countdown.ts';

const features = [
  msg`New and lost followers`,
  msg`Who does not follow you back`,
  msg`Who you do not follow back`,
  msg`Profile viewers`,
  msg`Post and reel analytics`,
  msg`Sentiment of your comments`,
  msg`Anonymous story watching and downloads`,
];

// The offer paints first; the checkout (forms, validation, the card provider) and the database load
// after it, so a phone on a slow connection sees the prices without waiting on code it has not used yet.
const loadCheckout = () => import('./CheckoutForm.tsx');
const CheckoutForm = lazy(() => loadCheckout().then((module) => ({ default: module.CheckoutForm })));

export default function PaymentPlan() {
  const { i18n } = useLingui();
  const [path] = useLocation();
  const landing: Landing = path === '/paymentplan_lp1' ? 'lp1' : 'default';
  const [plans, setPlans] = useState<Plan[]>();
  const [chosen, setChosen] = useState<string>();
  const [renewal, setRenewal] = useState<UserData>();
  const [checkoutOpen, setCheckoutOpen] = useState(false);
  const checkoutRef = useRef<HTMLDivElement>(null);
  const left = useCountdown();
  const sticky = useScrolledPast(STICKY_AFTER_SCROLL) && left > 0;

  useEffect(() => {
    void listPlans().then((result) => (result.ok ? setPlans(result.data) : showToast(result.error.message)));
    void import('../../db/user-data.ts').then(({ readUserData }) => readUserData()).then(setRenewal);
    // Ready by the time "Get My Plan" is pressed, without competing with the first paint.
    if ('requestIdleCallback' in window) {
      const idle = requestIdleCallback(() => void loadCheckout());
      return () => cancelIdleCallback(idle);
    }
    const later = setTimeout(loadCheckout, 1500);
    return () => clearTimeout(later);
  }, []);

  const trial = plans && trialPlanFor(plans, landing);
  const selectable = plans?.filter((plan) => plan.plan_type === 2) ?? [];
  const selected = plans?.find((plan) => plan.plan_id === chosen) ?? trial ?? selectable[0];
  const display = trial && trialDisplay(trial);

  function open() {
    setCheckoutOpen(true);
    requestAnimationFrame(() => checkoutRef.current?.scrollIntoView({ behavior: 'smooth' }));
  }

  return (
    <section className="screen offer">
      <div className="offer__banner" role="status">
        <strong>
          <Trans>Limited-time sale</Trans>
        </strong>{' '}
        {left > 0 ? <Trans>ends in {formatClock(left)}</Trans> : <Trans>has ended</Trans>}
      </div>
      <h1>{renewal ? <Trans>Renew your plan</Trans> : <Trans>Your plan</Trans>}</h1>
      <ul className="offer__features">
        {features.map((feature) => (
          <li key={feature.id}>{i18n._(feature)}</li>
        ))}
      </ul>

      {!plans && (
        <p aria-busy="true">
          <Trans>Loading…</Trans>
        </p>
      )}
      {trial && display && (
        <label className={`card plan ${selected?.plan_id === trial.plan_id ? 'plan--selected' : ''}`}>
          <input
            type="radio"
            name="plan"
            checked={selected?.plan_id === trial.plan_id}
            onChange={() => setChosen(trial.plan_id)}
          />
          <span className="plan__name">
            <Trans>{display.trialDays}-day trial</Trans>
          </span>
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
              then {formatMoney(trial.unit_amount, trial.currency)} a month (
              {formatMoney(perDay(trial), trial.currency)} a day)
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
            onChange={() => setChosen(plan.plan_id)}
          />
          <span className="plan__name">{plan.name}</span>
          <span className="plan__price">
            <s>{formatMoney(perDay(plan, plan.unit_amount_before_discount), plan.currency)}</s>{' '}
            <strong>{formatMoney(perDay(plan), plan.currency)}</strong> <Trans>a day</Trans>
          </span>
          <span className="plan__then">{formatMoney(plan.unit_amount, plan.currency)}</span>
        </label>
      ))}

      {selected && !checkoutOpen && (
        <button type="button" className="button button--wide" onClick={open}>
          <Trans>Get My Plan</Trans>
        </button>
      )}
      <div ref={checkoutRef}>
        {selected && checkoutOpen && (
          <Suspense
            fallback={
              <p aria-busy="true">
                <Trans>Loading…</Trans>
              </p>
            }
          >
            <CheckoutForm plan={selected} renewal={renewal} />
          </Suspense>
        )}
      </div>
      {sticky && (
        <div className="offer__sticky" role="timer">
          <Trans>Your plan is reserved for the next 15 minutes</Trans> <strong>{formatClock(left)}</strong>
        </div>
      )}
    </section>
  );
}
