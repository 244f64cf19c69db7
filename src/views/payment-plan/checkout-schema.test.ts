import { describe, expect, it } from 'vitest';
import { activateLocale, i18n } from '../../i18n/index.ts';
import { checkoutSchema } from './checkout-schema.ts';

const now = new Date(Date.UTC(2026, 5, 20));
const valid = {
  username: 'ana.lima',
  email: 'ana@example.com',
  firstName: 'Zoë',
  lastName: "Ångström-O'Neil",
  cardNumber: '4111 1111 1111 1111',
  month: '07',
  year: '27',
  cvc: '123',
};

function errors(form: typeof valid): Record<string, string> {
  const result = checkoutSchema(i18n, now).safeParse(form);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('checkout form messages (spec §5)', () => {
  it('accepts a valid form', () => {
    expect(errors(valid)).toEqual({});
  });

  it('says which field is required, then which is invalid', () => {
    expect(errors({ ...valid, cardNumber: '', cvc: '12' })).toEqual({
      cardNumber: 'The card number field is required',
      cvc: 'Please enter valid CVC',
    });
    expect(errors({ ...valid, month: '13', year: '25' })).toMatchObject({
      month: 'Please enter valid expiry month',
      year: 'Please enter valid expiry year',
    });
  });

  it('asks for the first and last name, letters only in every script (spec §5)', () => {
    expect(errors({ ...valid, firstName: '', lastName: '' })).toEqual({
      firstName: 'The first name field is required',
      lastName: 'The last name field is required',
    });
    expect(errors({ ...valid, firstName: 'Ana1', lastName: 'Lima!' })).toEqual({
      firstName: 'Please enter valid first name',
      lastName: 'Please enter valid last name',
    });
    expect(errors({ ...valid, firstName: '李', lastName: 'Μαρία' })).toEqual({});
  });

  it('refuses a month already past in this year only', () => {
    expect(errors({ ...valid, month: '05', year: '26' })).toEqual({ month: 'Please enter valid expiry month' });
    expect(errors({ ...valid, month: '05', year: '27' })).toEqual({});
  });

  it('speaks the active language', async () => {
    await activateLocale('fr');
    try {
      expect(Object.values(errors({ ...valid, email: '' }))[0]).not.toBe('The email field is required');
    } finally {
      await activateLocale('en');
    }
  });
});
