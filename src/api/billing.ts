// Payment calls (spec §7). Every charging call carries an idempotency key (see src/payments/checkout.ts).
import * as z from 'zod/mini';
import {
  type ChargeReceipt,
  chargeReceiptSchema,
  IDEMPOTENCY_HEADER,
  planDetailsSchema,
  type RegisterRequest,
  type RenewRequest,
  subscriptionChangeSchema,
  type ThreeDSecureResponse,
  threeDSecureResponseSchema,
} from '../../common/schema/billing.ts';
import { userRecordSchema } from '../../common/schema/user.ts';
import { call } from './client.ts';

/**
 * A charge's answer: done (a new user's email, or a renewed user's record, with what was charged: issue
 * 34), or a 3-D Secure challenge to run.
 */
export type ChargeAnswer =
  | { kind: 'registered'; email: string; message: string; receipt?: ChargeReceipt }
  | { kind: 'renewed'; user: z.infer<typeof userRecordSchema>; message: string; receipt?: ChargeReceipt }
  | { kind: 'challenge'; challenge: ThreeDSecureResponse };

// A server from before issue 34 sends no receipt.
const receipt = z.optional(chargeReceiptSchema);

const chargeAnswer = (raw: unknown): ChargeAnswer => {
  const challenge = threeDSecureResponseSchema.safeParse(raw);
  if (challenge.success) return { kind: 'challenge', challenge: challenge.data };
  const renewed = z.object({ message: z.string(), user: userRecordSchema, receipt }).safeParse(raw);
  if (renewed.success) return { kind: 'renewed', ...renewed.data };
  return { kind: 'registered', ...z.object({ message: z.string(), email: z.string(), receipt }).parse(raw) };
};

/** GET check/captcha/: whether the human check is asked for. */
export function checkCaptcha() {
  return call('check/captcha/', { parse: (raw) => z.object({ to_show: z.boolean() }).parse(raw).to_show });
}

/** POST captcha/validate/: trades a solved challenge for a one-time pass. */
export function validateCaptcha(token: string) {
  return call('captcha/validate/', {
    method: 'POST',
    body: { token },
    parse: (raw) => z.object({ captcha_token: z.string() }).parse(raw).captcha_token,
  });
}

/** POST client/register/. */
export function register(body: RegisterRequest, idempotencyKey: string) {
  return call('client/register/', {
    method: 'POST',
    body,
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
    parse: chargeAnswer,
  });
}

/** POST client/initial/payment/: a new user's payment after its 3-D Secure challenge. */
export function completeInitialPayment(challenge: ThreeDSecureResponse, resultToken: string) {
  return call('client/initial/payment/', {
    method: 'POST',
    body: { ...challenge, three_d_secure_action_result_token_id: resultToken },
    parse: chargeAnswer,
  });
}

/** POST client/renew/plan/, with the expired user's userData token (spec §7). */
export function renew(body: RenewRequest, token: string, idempotencyKey: string) {
  return call('client/renew/plan/', {
    method: 'POST',
    body,
    headers: { authorization: `Bearer ${token}`, [IDEMPOTENCY_HEADER]: idempotencyKey },
    parse: chargeAnswer,
  });
}

/** GET get/recurly/subscription/planDetails/: status, plan, and (issue 20) a cancelled subscription's end. */
export function fetchPlanDetails() {
  return call('get/recurly/subscription/planDetails/', { auth: true, parse: (raw) => planDetailsSchema.parse(raw) });
}

/** POST client/subscription/cancel/: the subscription runs to the end of the period paid for (issue 20). */
export function cancelSubscription() {
  return call('client/subscription/cancel/', {
    method: 'POST',
    auth: true,
    parse: (raw) => subscriptionChangeSchema.parse(raw),
  });
}

/** POST client/subscription/keep/: undoes a cancel before its end (issue 20). */
export function keepSubscription() {
  return call('client/subscription/keep/', {
    method: 'POST',
    auth: true,
    parse: (raw) => subscriptionChangeSchema.parse(raw),
  });
}
