// After paying (issue 34): the next screen used to be "Enter your code" with nothing confirming the charge.
// Now the amount charged, how, where the receipt went, and when and what the next charge is come first.
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import type { ChargeReceipt, PaymentMethod } from '../../../common/schema/billing.ts';
import { dateTimeFormat } from '../../i18n/formats.ts';
import { formatMoney } from '../../payments/pricing.ts';

/** A payment done: what the server said it charged, and where the user goes next. */
export interface PaidOutcome {
  receipt?: ChargeReceipt;
  email: string;
  /** The code screen for a newcomer, home for a renewal (spec §4 Payment, step 6). */
  next: '/otp' | '/home';
  /** What to do before going on (a renewal logs the user in as subscribed). */
  before?: () => Promise<void>;
}

function methodName(method: PaymentMethod, i18n: I18n): string {
  switch (method) {
    case 'apple_pay':
      return 'Apple Pay';
    case 'paypal':
      return 'PayPal';
    default:
      return i18n._(msg`your card`);
  }
}

export function PaymentConfirmation({ paid }: { paid: PaidOutcome }) {
  const { i18n } = useLingui();
  const [, navigate] = useLocation();
  const heading = useRef<HTMLHeadingElement>(null);
  const { receipt, email } = paid;
  const date = (iso: string) => dateTimeFormat(i18n.locale, { dateStyle: 'long' }).format(new Date(iso));
  const money = (amount: number) => formatMoney(amount, receipt?.currency ?? 'USD', i18n.locale);

  const [going, setGoing] = useState(false);

  // The form that had the focus is gone: the keyboard and a screen reader start at the confirmation.
  useEffect(() => heading.current?.focus(), []);

  async function goOn() {
    setGoing(true);
    await paid.before?.();
    navigate(paid.next);
  }

  const amount = receipt && money(receipt.amount);
  const method = receipt && methodName(receipt.method, i18n);
  const next = receipt?.next_charge_at && receipt.next_amount !== null ? money(receipt.next_amount) : undefined;
  const nextDate = receipt?.next_charge_at ? date(receipt.next_charge_at) : undefined;
  const trial = receipt?.trial;
  const days = trial?.days;
  const startsBy = trial?.waits_until ? date(trial.waits_until) : undefined;
  const trialEnd = trial ? date(trial.ends_at) : undefined;

  return (
    <section className="screen offer paid" data-testid="payment-confirmation">
      <h1 ref={heading} tabIndex={-1}>
        <Trans>Payment received</Trans>
      </h1>
      <div className="card paid__summary">
        {amount && method ? (
          <p className="paid__amount">
            <Trans>
              We charged <strong>{amount}</strong> to {method}.
            </Trans>
          </p>
        ) : (
          <p>
            <Trans>Your payment went through.</Trans>
          </p>
        )}
        <p>
          <Trans>A receipt is on its way to {email}.</Trans>
        </p>
        {trial && startsBy && (
          <p>
            <Trans>
              Your {days}-day trial starts when your first figures arrive, by {startsBy} at the latest.
            </Trans>
          </p>
        )}
        {trial && !startsBy && (
          <p>
            <Trans>
              Your {days}-day trial ends on {trialEnd}.
            </Trans>
          </p>
        )}
        {next && nextDate && startsBy && (
          <p>
            <Trans>
              Next charge: {next} when the trial ends, by {nextDate} at the latest, unless you cancel before.
            </Trans>
          </p>
        )}
        {next && nextDate && !startsBy && (
          <p>
            <Trans>
              Next charge: {next} on {nextDate}, unless you cancel before.
            </Trans>
          </p>
        )}
        <p className="form__hint">
          <Trans>You can cancel anytime in Manage subscription: you keep what you paid for until its end.</Trans>
        </p>
      </div>
      <button type="button" className="button button--wide" disabled={going} onClick={() => void goOn()}>
        {paid.next === '/otp' ? <Trans>Continue: enter your login code</Trans> : <Trans>Continue</Trans>}
      </button>
    </section>
  );
}
