// The checkout form (spec §2 Payment plan, §4 Payment, §5): username, email and card, or a wallet;
// the human check when the server asks; 3-D Secure when the bank asks.
import { zodResolver } from '@hookform/resolvers/zod';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { lazy, type ReactNode, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import { checkPayerName, formatCardNumber, nextFocus } from '../../../common/card.ts';
import type { PaymentMethod } from '../../../common/schema/billing.ts';
import type { Plan } from '../../../common/schema/plan.ts';
import { checkCaptcha } from '../../api/billing.ts';
import { completeRenewal } from '../../app/actions.ts';
import { showToast } from '../../app/toast.tsx';
import { codeSentAt, loginEmail, visitorUsername } from '../../app/visitor.ts';
import type { UserData } from '../../db/user-data.ts';
import { checkout } from '../../payments/checkout.ts';
import {
  loadProvider,
  type Payer,
  type PaymentProvider,
  type ProviderResult,
  type Wallet,
} from '../../payments/provider.ts';
import { attemptsUsedUp, noteAttempt } from './attempts.ts';
import { ChallengeDialog } from './ChallengeDialog.tsx';
import { ChargesLine, usePayLabel } from './ChargesLine.tsx';
import { checkoutSchema, type CheckoutForm as FormValues } from './checkout-schema.ts';
import { Field } from './Field.tsx';
import type { PaidOutcome } from './PaymentConfirmation.tsx';
import { PayPalButton } from './PayPalButton.tsx';

// The human check asks the server for its challenge, so it works online only: its widget is not
// precached (vite.config.ts), and where its chunk cannot load the form says why instead.
const HumanCheck = lazy(() => humanCheckOrUnreachable(() => import('./HumanCheck.tsx')));

type HumanCheckModule = { default: (props: { onPass: (pass: string) => void }) => ReactNode };

/** The human check's module, or where it cannot load (offline), a notice that says why. */
export function humanCheckOrUnreachable(load: () => Promise<HumanCheckModule>): Promise<HumanCheckModule> {
  return load().catch(() => ({ default: HumanCheckUnreachable }));
}

function HumanCheckUnreachable(_: { onPass: (pass: string) => void }) {
  return (
    <p className="notice notice--error" role="alert">
      <Trans>No connection. Check your network and try again.</Trans>
    </p>
  );
}

/** How a payment was made and the payer's names: as typed for a card, as a sheet or window gave them, or none. */
interface PaidWith {
  method: PaymentMethod;
  payer?: Payer;
}

/** A wallet's name when it holds to spec §5's rule, the one the server checks; else the payment names none. */
const keptName = (payer: Payer | undefined) =>
  payer && !checkPayerName(payer.firstName) && !checkPayerName(payer.lastName) ? payer : undefined;

interface Props {
  plan: Plan;
  /** Every plan on offer: a trial names the plan it renews into (issue 34). */
  plans: readonly Plan[];
  renewal?: UserData;
  /** The payment went through: the offer confirms what was charged before moving on (issue 34). */
  onPaid: (paid: PaidOutcome) => void;
}

export function CheckoutForm({ plan, plans, renewal, onPaid }: Props) {
  const { i18n } = useLingui();
  const payLabel = usePayLabel(plan);
  const now = useMemo(() => new Date(), []);
  const schema = useMemo(() => checkoutSchema(i18n, now), [i18n, now]);
  const form = useForm<FormValues, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: {
      username: renewal?.username ?? visitorUsername.get() ?? '',
      email: renewal?.email ?? loginEmail.get() ?? '',
      firstName: '',
      lastName: '',
      cardNumber: '',
      month: '',
      year: '',
      cvc: '',
    },
  });
  const [provider, setProvider] = useState<PaymentProvider>();
  const [captchaWanted, setCaptchaWanted] = useState(false);
  const [pass, setPass] = useState<string>();
  const [answerChallenge, setAnswerChallenge] = useState<(outcome: 'pass' | 'fail') => void>();
  const [busy, setBusy] = useState(false);
  // One key per payment: pressing again after no answer (a dropped connection) is the same payment.
  const paymentKey = useRef<string | undefined>(undefined);
  // The Pay button is disabled while a payment runs, which drops the keyboard's focus to the page's
  // start; a payment sent from it puts the focus back once it is pressable again (issue 20).
  const payButton = useRef<HTMLButtonElement>(null);
  const refocusPay = useRef(false);

  useEffect(() => {
    void loadProvider().then(setProvider);
    void checkCaptcha().then((result) => result.ok && setCaptchaWanted(result.data));
  }, []);

  // The form opens on "Get My Plan", which goes away: the keyboard carries on at the first field the
  // user can change instead of falling back to the page's start (issue 20).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the form opens.
  useEffect(() => {
    form.setFocus(renewal ? 'cardNumber' : 'username');
  }, []);

  const screen = (_actionTokenId: string) =>
    new Promise<'pass' | 'fail'>((resolve) =>
      setAnswerChallenge(() => (outcome: 'pass' | 'fail') => {
        setAnswerChallenge(undefined);
        resolve(outcome);
      }),
    );

  async function pay(token: ProviderResult, values: { email: string; username: string }, paidWith: PaidWith) {
    if (!provider) return;
    if (attemptsUsedUp()) return showToast(i18n._(msg`Access restricted due to excessive activity.`));
    paymentKey.current ??= crypto.randomUUID();
    refocusPay.current = document.activeElement === payButton.current;
    setBusy(true);
    const outcome = await checkout(
      {
        planCode: plan.plan_id,
        ...values,
        method: paidWith.method,
        firstName: paidWith.payer?.firstName.trim() ?? '',
        lastName: paidWith.payer?.lastName.trim() ?? '',
        paymentToken: token,
        captchaToken: pass,
        idempotencyKey: paymentKey.current,
        renewToken: renewal?.token,
      },
      provider,
      screen,
    );
    setBusy(false);
    if (outcome.kind === 'failed') {
      if (outcome.status > 0) noteAttempt(Date.now(), outcome.status === 429);
      if (!outcome.unanswered) paymentKey.current = undefined;
      if (outcome.message) showToast(outcome.message);
      // A spent or refused pass is gone; the server may now ask for the check.
      setPass(undefined);
      void checkCaptcha().then((result) => result.ok && setCaptchaWanted(result.data));
      return;
    }
    noteAttempt();
    paymentKey.current = undefined;
    if (outcome.kind === 'registered') {
      // spec §4: a new user gets a code and goes to /otp, once the charge is confirmed (issue 34).
      loginEmail.set(outcome.email);
      codeSentAt.set(Date.now());
      onPaid({ receipt: outcome.receipt, email: outcome.email, next: '/otp' });
    } else if (renewal) {
      // Logged in as subscribed on Continue: sooner, the offer's guard would leave before the confirmation.
      const { user } = outcome.answer;
      onPaid({
        receipt: outcome.answer.receipt,
        email: renewal.email,
        next: '/home',
        before: () => completeRenewal(renewal, user),
      });
    }
  }

  const submit = form.handleSubmit(async (values) => {
    if (!provider) return;
    // spec §5: the cardholder's names go to tokenisation and to the payment as typed.
    const payer = { firstName: values.firstName.trim(), lastName: values.lastName.trim() };
    const token = await provider.tokenize({
      number: values.cardNumber,
      month: values.month,
      year: values.year,
      cvv: values.cvc,
      email: values.email,
      username: values.username,
      ...payer,
    });
    await pay(token, values, { method: 'card', payer });
  });

  const order = { total: plan.setup_fee || plan.unit_amount, currency: plan.currency, label: plan.name };
  /** The account the payment is for: username and email checked as the card form checks them. */
  async function accountFields() {
    if (!(await form.trigger(['username', 'email']))) return undefined;
    const values = form.getValues();
    return { email: values.email.trim().toLowerCase(), username: values.username.trim() };
  }

  async function payWithWallet(wallet: Wallet) {
    // Google Pay (test mode only) pays as a card, so it carries the typed names.
    const typed = wallet === 'googlePay';
    if (!provider || (typed && !(await form.trigger(['firstName', 'lastName'])))) return;
    const account = await accountFields();
    if (!account) return;
    const token = await provider.walletToken(wallet, order);
    const { firstName, lastName } = form.getValues();
    const payer = typed ? { firstName, lastName } : token.ok ? keptName(token.payer) : undefined;
    if (token.ok || token.message) await pay(token, account, { method: typed ? 'card' : 'apple_pay', payer });
  }

  const card = form.register('cardNumber');

  /** An expiry field: digits only, and focus moves on once two valid digits are in (spec §5). */
  function expiryInput(name: 'month' | 'year', placeholder: string, autoComplete: string) {
    const field = form.register(name);
    return (
      <input
        className="field__input"
        inputMode="numeric"
        autoComplete={autoComplete}
        maxLength={2}
        placeholder={placeholder}
        {...field}
        onChange={(event) => {
          const value = event.target.value.replace(/\D/g, '');
          event.target.value = value;
          void field.onChange(event);
          if (name === 'month' && nextFocus('expiryMonth', value, '', now) === 'expiryYear') form.setFocus('year');
          if (name === 'year' && nextFocus('expiryYear', '', value, now) === 'cvc') form.setFocus('cvc');
        }}
      />
    );
  }
  const blocked = busy || Boolean(answerChallenge) || (captchaWanted && !pass) || !provider;

  useEffect(() => {
    if (blocked || !refocusPay.current) return;
    refocusPay.current = false;
    payButton.current?.focus();
  }, [blocked]);

  return (
    <form className="form card checkout" onSubmit={submit} noValidate>
      <p className="notice">
        <Trans>Please enter your real username and email: your analysis and your login code depend on them.</Trans>
      </p>
      <Field form={form} name="username" label={<Trans>Instagram username</Trans>} locked={Boolean(renewal)}>
        <input className="field__input" autoCapitalize="none" autoComplete="username" {...form.register('username')} />
      </Field>
      <Field form={form} name="email" label={<Trans>Email</Trans>} locked={Boolean(renewal)}>
        <input className="field__input" type="email" autoComplete="email" {...form.register('email')} />
      </Field>
      <div className="checkout__names">
        <Field form={form} name="firstName" label={<Trans>First name</Trans>}>
          <input className="field__input" autoComplete="cc-given-name" {...form.register('firstName')} />
        </Field>
        <Field form={form} name="lastName" label={<Trans>Last name</Trans>}>
          <input className="field__input" autoComplete="cc-family-name" {...form.register('lastName')} />
        </Field>
      </div>
      <Field form={form} name="cardNumber" label={<Trans>Card number</Trans>}>
        <input
          className="field__input"
          inputMode="numeric"
          autoComplete="cc-number"
          maxLength={19}
          placeholder="1234 5678 9012 3456"
          {...card}
          onChange={(event) => {
            event.target.value = formatCardNumber(event.target.value);
            void card.onChange(event);
          }}
        />
      </Field>
      <div className="checkout__row">
        <Field form={form} name="month" label={<Trans>Month (MM)</Trans>}>
          {expiryInput('month', 'MM', 'cc-exp-month')}
        </Field>
        <Field form={form} name="year" label={<Trans>Year (YY)</Trans>}>
          {expiryInput('year', 'YY', 'cc-exp-year')}
        </Field>
        <Field form={form} name="cvc" label={<Trans>CVC</Trans>}>
          <input
            className="field__input"
            inputMode="numeric"
            autoComplete="cc-csc"
            maxLength={3}
            {...form.register('cvc')}
          />
        </Field>
      </div>
      {captchaWanted && !pass && (
        <Suspense fallback={null}>
          <HumanCheck onPass={setPass} />
        </Suspense>
      )}
      <ChargesLine plan={plan} plans={plans} />
      <button ref={payButton} type="submit" className="button button--wide" disabled={blocked}>
        {busy || answerChallenge ? <Trans>Please wait…</Trans> : payLabel}
      </button>
      {provider?.wallets().map((wallet) => (
        <button
          key={wallet}
          type="button"
          className={`button button--wide button--wallet button--${wallet}`}
          disabled={blocked}
          onClick={() => void payWithWallet(wallet)}
        >
          {wallet === 'applePay' ? <Trans>Pay with Apple Pay</Trans> : <Trans>Pay with Google Pay</Trans>}
        </button>
      ))}
      {provider?.payPalAvailable() && (
        <PayPalButton
          provider={provider}
          order={order}
          disabled={blocked}
          account={accountFields}
          onApproved={(token, account) => pay(token, account, { method: 'paypal', payer: keptName(token.payer) })}
        />
      )}
      {provider?.wallets().includes('applePay') && (
        <p className="form__hint">
          <Trans>Apple Pay: 1-day trial, then monthly.</Trans>
        </p>
      )}
      {answerChallenge && <ChallengeDialog onAnswer={answerChallenge} />}
    </form>
  );
}
