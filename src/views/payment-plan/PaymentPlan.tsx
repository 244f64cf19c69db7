// /paymentplan and /paymentplan_lp1 (spec §2 Payment plan): the sale banner, the features, the
// offer, and "Get My Plan" to the checkout. An expired user renews here with email and username locked.
// Issue 34: the features say where each comes from, the charges are stated before the click, and a
// confirmation of what was charged comes before the code screen.
import { Trans } from '@lingui/react/macro';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import type { Plan } from '../../../common/schema/plan.ts';
import { listPlans } from '../../api/plans.ts';
import { showToast } from '../../app/toast.tsx';
import type { UserData } from '../../db/user-data.ts';
import { type Landing, trialPlanFor } from '../../payments/pricing.ts';
import { formatClock, STICKY_AFTER_SCROLL, useCountdown, useScrolledPast } from './countdown.ts';
import { OfferFeatures } from './OfferFeatures.tsx';
import { type PaidOutcome, PaymentConfirmation } from './PaymentConfirmation.tsx';
import { PlanOptions } from './PlanOptions.tsx';

// The offer paints first; the checkout (forms, validation, the card provider) and the database load
// after it, so a phone on a slow connection sees the prices without waiting on code it has not used yet.
const loadCheckout = () => import('./CheckoutForm.tsx');
const CheckoutForm = lazy(() => loadCheckout().then((module) => ({ default: module.CheckoutForm })));

export default function PaymentPlan() {
  const [path] = useLocation();
  const landing: Landing = path === '/paymentplan_lp1' ? 'lp1' : 'default';
  const [plans, setPlans] = useState<Plan[]>();
  const [official, setOfficial] = useState(false);
  const [paid, setPaid] = useState<PaidOutcome>();
  const [chosen, setChosen] = useState<string>();
  const [renewal, setRenewal] = useState<UserData>();
  const [checkoutOpen, setCheckoutOpen] = useState(false);
  const checkoutRef = useRef<HTMLDivElement>(null);
  const left = useCountdown();
  // At zero the discounted offer has ended (issue 51): the trial is no longer for sale, and the plans
  // show what they cost, with no struck-out price.
  const ended = left === 0;
  const sticky = useScrolledPast(STICKY_AFTER_SCROLL) && !ended;

  useEffect(() => {
    void listPlans().then((result) => {
      if (!result.ok) return showToast(result.error.message);
      setPlans(result.data.plans);
      setOfficial(result.data.official_api);
    });
    void import('../../db/user-data.ts').then(({ readUserData }) => readUserData()).then(setRenewal);
    // Ready by the time "Get My Plan" is pressed, without competing with the first paint.
    if ('requestIdleCallback' in window) {
      const idle = requestIdleCallback(() => void loadCheckout());
      return () => cancelIdleCallback(idle);
    }
    const later = setTimeout(loadCheckout, 1500);
    return () => clearTimeout(later);
  }, []);

  const trial = plans && !ended ? trialPlanFor(plans, landing) : undefined;
  const selectable = plans?.filter((plan) => plan.plan_type === 2) ?? [];
  const onSale = ended ? selectable : (plans ?? []);
  const selected = onSale.find((plan) => plan.plan_id === chosen) ?? trial ?? selectable[0];

  function open() {
    setCheckoutOpen(true);
    requestAnimationFrame(() => checkoutRef.current?.scrollIntoView({ behavior: 'smooth' }));
  }

  if (paid) return <PaymentConfirmation paid={paid} />;

  return (
    <section className="screen offer">
      <div className="offer__banner" role="status">
        {ended ? (
          <Trans>The limited-time sale has ended. These are our regular prices.</Trans>
        ) : (
          <>
            <strong>
              <Trans>Limited-time sale</Trans>
            </strong>{' '}
            <Trans>ends in {formatClock(left)}</Trans>
          </>
        )}
      </div>
      <h1>{renewal ? <Trans>Renew your plan</Trans> : <Trans>Your plan</Trans>}</h1>
      <OfferFeatures official={official} />

      {!plans && (
        <p aria-busy="true">
          <Trans>Loading…</Trans>
        </p>
      )}
      {plans && (
        <PlanOptions
          plans={plans}
          trial={trial}
          selected={selected}
          landing={landing}
          saleEnded={ended}
          onChoose={setChosen}
        />
      )}

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
            <CheckoutForm plan={selected} plans={onSale} renewal={renewal} onPaid={setPaid} />
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
