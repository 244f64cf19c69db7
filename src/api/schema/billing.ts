// Payment calls (spec §3 Register, Renew, 3-D Secure; §7), shared by the server and the client.
import * as z from 'zod/mini';
import { normalizeEmail, normalizeUsername } from './account.ts';

const letters = z.string().check(z.minLength(1), z.regex(/^\p{L}[\p{L} '-]*$/u));
const token = z.string().check(z.minLength(1), z.maxLength(200));

export const registerRequestSchema = z.object({
  email: z.pipe(z.pipe(z.string(), z.transform(normalizeEmail)), z.email()),
  username: z.pipe(z.pipe(z.string(), z.transform(normalizeUsername)), z.string().check(z.minLength(1))),
  payment_token: token,
  plan_code: z.string().check(z.minLength(1)),
  // spec §5: required, letters only. The address fields are fixed filler (spec §3).
  first_name: letters,
  last_name: letters,
  address1: z.optional(z.string()),
  city: z.optional(z.string()),
  region: z.optional(z.string()),
  state: z.optional(z.string()),
  country: z.optional(z.string()),
  postal_code: z.optional(z.string()),
  captcha_token: z.optional(z.string()),
});
export type RegisterRequest = z.input<typeof registerRequestSchema>;

export const initialPaymentRequestSchema = z.object({
  id: z.string().check(z.minLength(1)),
  plan_code: z.string(),
  payment_token: token,
  renew_code: z.optional(z.string()),
  three_d_secure_action_result_token_id: token,
});

export const renewRequestSchema = z.object({
  plan_code: z.string().check(z.minLength(1)),
  payment_token: token,
  renew_code: z.optional(z.string()),
  three_d_secure_action_result_token_id: z.optional(token),
  captcha_token: z.optional(z.string()),
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
