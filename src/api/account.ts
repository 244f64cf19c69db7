// The account calls (spec §7): codes, username recovery, the user record, Clear Data, support.

import {
  loginResponseSchema,
  messageResponseSchema,
  normalizeEmail,
  userDetailResponseSchema,
} from '../../common/schema/account.ts';
import { call } from './client.ts';

const message = (raw: unknown) => messageResponseSchema.parse(raw).message;

/** POST client/insta/sendotp/: mails a code (also used to resend). */
export function sendLoginCode(email: string) {
  return call('client/insta/sendotp/', { method: 'POST', body: { email: normalizeEmail(email) }, parse: message });
}

/** POST client/insta/validateotp/: the token and the user record. */
export function validateLoginCode(email: string, otp: string) {
  return call('client/insta/validateotp/', {
    method: 'POST',
    body: { email: normalizeEmail(email), otp },
    parse: (raw) => loginResponseSchema.parse(raw),
  });
}

/** POST client/insta/loginlink/ (issue 48): a mailed sign-in link's token; the token and the user record. */
export function signInWithLink(token: string) {
  return call('client/insta/loginlink/', {
    method: 'POST',
    body: { token },
    parse: (raw) => loginResponseSchema.parse(raw),
  });
}

/** POST client/recover/username/: mails the username. */
export function recoverUsername(email: string) {
  return call('client/recover/username/', { method: 'POST', body: { email: normalizeEmail(email) }, parse: message });
}

/** POST client/user/detail/: the user record (a 400 carries the invalid-username message). */
export function fetchUserDetail(signal?: AbortSignal) {
  return call('client/user/detail/', {
    method: 'POST',
    auth: true,
    signal,
    parse: (raw) => userDetailResponseSchema.parse(raw),
  });
}

/**
 * POST client/account/delete/ (issue 20): the server removes the account and all it holds about it but
 * the payments' records the law keeps, ends the subscription, and mails a confirmation.
 */
export function deleteAccount() {
  return call('client/account/delete/', { method: 'POST', auth: true, parse: message });
}
