// Pay with PayPal (issue 36; spec §1, §8): PayPal's window (the sandbox's, or Recurly.js's) gives a token
// that pays as a card's does. Cancelling or PayPal's refusal comes back to the form with its message.
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import { showToast } from '../../app/toast.tsx';
import type { Order, PaymentProvider, ProviderResult } from '../../payments/provider.ts';

type Approved = Extract<ProviderResult, { ok: true }>;
type Account = { email: string; username: string };

export function PayPalButton({
  provider,
  order,
  disabled,
  account,
  onApproved,
}: {
  provider: PaymentProvider;
  order: Order;
  disabled: boolean;
  /** The account the payment is for, once its fields are valid; undefined shows their messages instead. */
  account: () => Promise<Account | undefined>;
  onApproved: (token: Approved, account: Account) => Promise<void>;
}) {
  const { i18n } = useLingui();
  const [open, setOpen] = useState(false);

  async function start() {
    const forAccount = await account();
    if (!forAccount) return;
    setOpen(true);
    // Opened inside the click (the field check above takes microseconds): browsers allow no other window.
    const result = await provider.payPal(order);
    setOpen(false);
    if (result.ok) return onApproved(result, forAccount);
    showToast(
      result.cancelled
        ? i18n._(msg`You cancelled the PayPal payment. Nothing was charged.`)
        : result.message || i18n._(msg`PayPal is not available right now. Please try again.`),
    );
  }

  return (
    <button
      type="button"
      className="button button--wide button--paypal"
      disabled={disabled || open}
      onClick={() => void start()}
    >
      {open ? <Trans>Waiting for PayPal…</Trans> : <Trans>Pay with PayPal</Trans>}
    </button>
  );
}
