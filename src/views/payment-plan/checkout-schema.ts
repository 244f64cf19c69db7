// The checkout form's rules (spec §5) with its messages: "The {field} field is required" when
// empty, else "Please enter valid {field}", in the active language.
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import * as z from 'zod/mini';
import { checkCardNumber, checkCvc, checkExpiryMonth, checkExpiryYear, checkPayerName } from '../../../common/card.ts';
import { emailField, fieldMessages, usernameField } from '../../app/forms.ts';

type Check = (value: string) => 'required' | 'invalid' | undefined;

/** A field checked by one of the card rules. */
function cardField(i18n: I18n, name: ReturnType<typeof msg>, check: Check) {
  const text = fieldMessages(i18n, name);
  return z.string().check(
    z.refine((value) => check(value) !== 'required', text.required),
    z.refine((value) => check(value) !== 'invalid', text.invalid),
  );
}

/** The whole form; `now` decides which expiry dates are past. */
export function checkoutSchema(i18n: I18n, now: Date) {
  const month = fieldMessages(i18n, msg`expiry month`);
  return z
    .object({
      username: usernameField(i18n),
      email: emailField(i18n),
      // spec §5: the cardholder's first and last name, required, letters only in every script.
      firstName: cardField(i18n, msg`first name`, checkPayerName),
      lastName: cardField(i18n, msg`last name`, checkPayerName),
      cardNumber: cardField(i18n, msg`card number`, checkCardNumber),
      month: cardField(i18n, msg`expiry month`, (value) => checkExpiryMonth(value, '', now)),
      year: cardField(i18n, msg`expiry year`, (value) => checkExpiryYear(value, now)),
      cvc: cardField(i18n, msg`CVC`, checkCvc),
    })
    .check(
      // A month earlier than this one is invalid only in this year (spec §5).
      z.refine((form) => checkExpiryMonth(form.month, form.year, now) === undefined || !form.month, {
        error: month.invalid,
        path: ['month'],
      }),
    );
}

export type CheckoutForm = z.input<ReturnType<typeof checkoutSchema>>;
