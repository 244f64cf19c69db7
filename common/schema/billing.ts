// Payment calls (spec §3 Register, Renew, 3-D Secure; §7), shared by the server and the client.
import * as z from 'zod/mini';
import { checkPayerName } from '../card.ts';
import { emailSchema, usernameSchema } from './account.ts';
import { TEXT_MAX, text } from './text.ts';

/** spec §5: a first or last name, letters only in every script (common/card.ts), kept as typed but trimmed. */
const payerName = z.string().check(
  z.trim(),
  z.maxLength(TEXT_MAX.name),
  z.refine((value) => checkPayerName(value) === undefined, 'letters only'),
);

/**
 * How the payment was made (issues 34 and 36): a card typed into the form, or a token from Apple Pay's
 * sheet or PayPal's window. A wallet gives the name it holds, so only a card must carry one.
 */
export const paymentMethodSchema = z._default(z.enum(['card', 'apple_pay', 'paypal']), 'card');
export type PaymentMethod = z.output<typeof paymentMethodSchema>;

/** A card payment carries the cardholder's first and last name (spec §5); a wallet may leave them out. */
const namedWhenCard = z.refine<{ payment_method?: PaymentMethod; first_name?: string; last_name?: string }>(
  (body) => body.payment_method !== 'card' || Boolean(body.first_name && body.last_name),
  { error: 'a card payment needs the first and last name', path: ['first_name'] },
);
const token = text(TEXT_MAX.token).check(z.minLength(1));
const planCode = text(TEXT_MAX.planCode).check(z.minLength(1));
const filler = z.optional(text(TEXT_MAX.address));

export const registerRequestSchema = z
  .object({
    email: emailSchema,
    username: usernameSchema,
    payment_token: token,
    plan_code: planCode,
    payment_method: paymentMethodSchema,
    // spec §5: required for a card, letters only. The address fields are fixed filler (spec §3).
    first_name: z.optional(payerName),
    last_name: z.optional(payerName),
    address1: filler,
    city: filler,
    region: filler,
    state: filler,
    country: filler,
    postal_code: filler,
    captcha_token: z.optional(text(TEXT_MAX.captcha)),
  })
  .check(namedWhenCard);
export type RegisterRequest = z.input<typeof registerRequestSchema>;

export const initialPaymentRequestSchema = z.object({
  id: token,
  plan_code: text(TEXT_MAX.planCode),
  payment_token: token,
  renew_code: z.optional(text(TEXT_MAX.token)),
  three_d_secure_action_result_token_id: token,
});

export const renewRequestSchema = z.object({
  plan_code: planCode,
  payment_token: token,
  payment_method: paymentMethodSchema,
  // The cardholder's name as typed (spec §5). Optional here: an app from before it asked for the name
  // renews without one, and the gateway then keeps the name it holds.
  first_name: z.optional(payerName),
  last_name: z.optional(payerName),
  renew_code: z.optional(text(TEXT_MAX.token)),
  three_d_secure_action_result_token_id: z.optional(token),
  captcha_token: z.optional(text(TEXT_MAX.captcha)),
});
export type RenewRequest = z.input<typeof renewRequestSchema>;

/** spec §3 3-D Secure response: the challenge to run, and what to send back after it. */
export const threeDSecureResponseSchema = z.object({
  three_d_secure_action_token_id: z.string(),
  plan_code: z.string(),
  payment_token: z.string(),
  renew_code: z.string(),
  id: z.string(),
});
export type ThreeDSecureResponse = z.infer<typeof threeDSecureResponseSchema>;

/** A header every payment call carries, so a retried submit is the same payment. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/**
 * What a charge came to (issue 34), in a paid answer and the receipt: the amount taken today, and when
 * and what comes next. A trial that waits for the account's first figures states its latest dates.
 */
export const chargeReceiptSchema = z.object({
  amount: z.number(),
  currency: z.string(),
  plan_code: z.string(),
  method: paymentMethodSchema,
  charged_at: z.string(),
  trial: z.nullable(
    z.object({
      days: z.number(),
      /** When the trial ends (ISO); while it waits for the first figures, the latest it can end. */
      ends_at: z.string(),
      /** While it waits for the first figures, the latest its days start (ISO); null once they count. */
      waits_until: z.nullable(z.string()),
    }),
  ),
  /** The next charge (ISO) and its amount; null when nothing more will be charged. */
  next_charge_at: z.nullable(z.string()),
  next_amount: z.nullable(z.number()),
});
export type ChargeReceipt = z.infer<typeof chargeReceiptSchema>;

/** A plan as Manage subscription names it in the reader's language (issue 34). */
export const planKindSchema = z.object({
  code: z.string(),
  plan_type: z.number(),
  interval_length: z.number(),
  trial_days: z.number(),
});
export type PlanKind = z.infer<typeof planKindSchema>;

/**
 * Manage subscription (spec §7 planDetails; issue 20): `ends_at` is when a cancelled subscription
 * ends (ISO, null while it renews); `can_cancel` says the app can cancel it in one click.
 */
export const planDetailsSchema = z.object({
  name: z.nullable(z.string()),
  plan_code: z.nullable(z.string()),
  status: z.enum(['active', 'inactive']),
  // Defaults keep the screen working against a server from before issue 20 during a deploy.
  ends_at: z._default(z.nullable(z.string()), null),
  can_cancel: z._default(z.boolean(), false),
  // Issue 34: the plan's kind, the trial's end (or, while it waits for the first figures, the latest
  // its days start), and the next charge's date and amount.
  plan: z._default(z.nullable(planKindSchema), null),
  trial_ends_at: z._default(z.nullable(z.string()), null),
  trial_waits_until: z._default(z.nullable(z.string()), null),
  next_charge_at: z._default(z.nullable(z.string()), null),
  next_amount: z._default(z.nullable(z.number()), null),
  currency: z._default(z.nullable(z.string()), null),
});
export type PlanDetails = z.infer<typeof planDetailsSchema>;

/** The answer to a cancel or a keep: the server's message and the subscription as it now stands. */
export const subscriptionChangeSchema = z.object({ message: z.string(), plan: planDetailsSchema });
export type SubscriptionChange = z.infer<typeof subscriptionChangeSchema>;
