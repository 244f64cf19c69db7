// The checkout as one function (spec §4 Payment): tokenise, register or renew, run 3-D Secure when
// asked, then the retry call. Every failure comes back with the message to show.
import type { ChargeReceipt, PaymentMethod } from '../../common/schema/billing.ts';
import { type ChargeAnswer, completeInitialPayment, register, renew } from '../api/billing.ts';
import type { ApiResult } from '../api/client.ts';
import type { ChallengeScreen, PaymentProvider, ProviderResult } from './provider.ts';

/** Filler the register payload carries (spec §3: the address fields are fixed filler). */
export const fillerAddress = {
  address1: 'N/A',
  city: 'N/A',
  region: 'N/A',
  state: 'N/A',
  country: 'US',
  postal_code: '00000',
};

export interface CheckoutInput {
  planCode: string;
  email: string;
  username: string;
  /** How it is paid (issues 34 and 36): a card, Apple Pay or PayPal. */
  method: PaymentMethod;
  /** The cardholder's names as typed, or the names a wallet's sheet or PayPal's window gave; '' for none. */
  firstName: string;
  lastName: string;
  /** The token a card or wallet gave. */
  paymentToken: ProviderResult;
  captchaToken?: string;
  /** One per submitted payment: a retry with it is the same payment at the server. */
  idempotencyKey: string;
  /** An expired user's userData token: renew instead of register. */
  renewToken?: string;
}

export type CheckoutOutcome =
  | { kind: 'registered'; email: string; receipt?: ChargeReceipt }
  | { kind: 'renewed'; answer: Extract<ChargeAnswer, { kind: 'renewed' }> }
  /** `unanswered`: no answer came back, so pressing again must reuse the idempotency key. */
  | { kind: 'failed'; message: string; status: number; unanswered: boolean };

const failed = (result: ApiResult<unknown> & { ok: false }): CheckoutOutcome => ({
  kind: 'failed',
  message: result.error.message,
  status: result.error.status,
  unanswered: result.error.kind === 'network',
});
const refused = (message: string): CheckoutOutcome => ({ kind: 'failed', message, status: 0, unanswered: false });

/** Pays for a plan. `screen` shows the bank's challenge when the provider needs the app to. */
export async function checkout(
  input: CheckoutInput,
  provider: PaymentProvider,
  screen: ChallengeScreen,
): Promise<CheckoutOutcome> {
  if (!input.paymentToken.ok) return refused(input.paymentToken.message);
  const paymentToken = input.paymentToken.id;
  // Names are sent as typed (spec §5), and left out when a wallet gave none.
  const names = {
    payment_method: input.method,
    ...(input.firstName ? { first_name: input.firstName } : {}),
    ...(input.lastName ? { last_name: input.lastName } : {}),
  };
  let result = input.renewToken
    ? await renew(
        { plan_code: input.planCode, payment_token: paymentToken, captcha_token: input.captchaToken, ...names },
        input.renewToken,
        input.idempotencyKey,
      )
    : await register(
        {
          email: input.email,
          username: input.username,
          payment_token: paymentToken,
          plan_code: input.planCode,
          captcha_token: input.captchaToken,
          ...names,
          ...fillerAddress,
        },
        input.idempotencyKey,
      );
  if (!result.ok) return failed(result);

  if (result.data.kind === 'challenge') {
    const { challenge } = result.data;
    const passed = await provider.threeDSecure(challenge.three_d_secure_action_token_id, screen);
    if (!passed.ok) return refused(passed.message);
    result = input.renewToken
      ? await renew(
          {
            plan_code: challenge.plan_code,
            payment_token: challenge.payment_token,
            renew_code: challenge.renew_code,
            three_d_secure_action_result_token_id: passed.id,
          },
          input.renewToken,
          input.idempotencyKey,
        )
      : await completeInitialPayment(challenge, passed.id);
    if (!result.ok) return failed(result);
  }

  const answer = result.data;
  if (answer.kind === 'renewed') return { kind: 'renewed', answer };
  if (answer.kind === 'registered') return { kind: 'registered', email: answer.email, receipt: answer.receipt };
  return refused('Unexpected second challenge.');
}
