// Form fields shared by the account screens, with spec §5's messages in the active language:
// "The {field} field is required" when empty, else "Please enter valid {field}".
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import * as z from 'zod/mini';
import { normalizeEmail, usernameFromInput } from '../../common/schema/account.ts';
import { isCleanText, TEXT_MAX } from '../../common/schema/text.ts';

const fieldNames = {
  email: msg`email`,
  username: msg`username`,
  message: msg`message`,
  code: msg`code`,
} satisfies Record<string, MessageDescriptor>;

type Field = keyof typeof fieldNames;

function messages(i18n: I18n, field: Field) {
  return fieldMessages(i18n, fieldNames[field]);
}

/** spec §5's two messages for a field, in the active language. */
export function fieldMessages(i18n: I18n, field: MessageDescriptor) {
  const name = i18n._(field);
  return {
    required: i18n._(msg`The ${name} field is required`),
    invalid: i18n._(msg`Please enter valid ${name}`),
  };
}

/** spec §5 email: required, valid, spaces stripped, lowercased; at most 254 characters, as the server takes. */
export function emailField(i18n: I18n) {
  const text = messages(i18n, 'email');
  return z.pipe(
    z.pipe(z.string(), z.transform(normalizeEmail)),
    z.string().check(
      z.minLength(1, text.required),
      z.maxLength(TEXT_MAX.email, text.invalid),
      z.refine((value) => isCleanText(value), text.invalid),
      z.email(text.invalid),
    ),
  );
}

/** spec §5 username: required, spaces stripped; a leading @ is dropped, a profile link taken as its username. */
export function usernameField(i18n: I18n) {
  const text = messages(i18n, 'username');
  return z.pipe(
    z.pipe(z.string(), z.transform(usernameFromInput)),
    z
      .string()
      .check(
        z.minLength(1, text.required),
        z.regex(/^[\w.]+$/, text.invalid),
        z.maxLength(TEXT_MAX.username, text.invalid),
      ),
  );
}

/** spec §5 contact message: required; the server's length and characters (issue 22). */
export function messageField(i18n: I18n) {
  const text = messages(i18n, 'message');
  return z.string().check(
    z.trim(),
    z.minLength(1, text.required),
    z.maxLength(TEXT_MAX.message, text.invalid),
    z.refine((value) => isCleanText(value, true), text.invalid),
  );
}
