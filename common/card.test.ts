import { describe, expect, it } from 'vitest';
import {
  CARD_NUMBER_LENGTH,
  checkCardNumber,
  checkCvc,
  checkExpiryMonth,
  checkExpiryYear,
  checkPayerName,
  formatCardNumber,
  nextFocus,
  PAYER_NAME_MAX,
} from './card.ts';

// 20 June 2026: the current two-digit year is 26 and the month 6.
const now = new Date(Date.UTC(2026, 5, 20));

describe('card number (spec §5)', () => {
  it('keeps 16 digits in groups of 4, whatever is typed or pasted', () => {
    expect(formatCardNumber('4111111111111111')).toBe('4111 1111 1111 1111');
    expect(formatCardNumber('4111-1111 1111x1111 9999')).toBe('4111 1111 1111 1111');
    expect(formatCardNumber('41111')).toBe('4111 1');
    expect(formatCardNumber('4111 1111 1111 1111')).toHaveLength(CARD_NUMBER_LENGTH);
  });

  it('is required, and valid only as 19 characters of grouped digits', () => {
    expect(checkCardNumber('')).toBe('required');
    expect(checkCardNumber('4111 1111 1111 111')).toBe('invalid');
    expect(checkCardNumber('4111111111111111')).toBe('invalid');
    expect(checkCardNumber('4111 1111 1111 1111')).toBeUndefined();
  });
});

describe('expiry (spec §5)', () => {
  it.each([
    ['', '27', 'required'],
    ['0', '27', 'invalid'],
    ['13', '27', 'invalid'],
    ['1a', '27', 'invalid'],
    ['5', '26', 'invalid'],
    ['05', '26', 'invalid'],
    ['06', '26', undefined],
    ['1', '27', undefined],
    ['12', '', undefined],
  ])('month %j with year %j → %s', (month, year, problem) => {
    expect(checkExpiryMonth(month, year, now)).toBe(problem);
  });

  it.each([
    ['', 'required'],
    ['2', 'invalid'],
    ['2026', 'invalid'],
    ['25', 'invalid'],
    ['26', undefined],
    ['99', undefined],
  ])('year %j → %s', (year, problem) => {
    expect(checkExpiryYear(year, now)).toBe(problem);
  });

  it('moves focus from month to year to CVC once two valid digits are in', () => {
    expect(nextFocus('expiryMonth', '1', '', now)).toBe('expiryMonth');
    expect(nextFocus('expiryMonth', '13', '', now)).toBe('expiryMonth');
    expect(nextFocus('expiryMonth', '07', '', now)).toBe('expiryYear');
    expect(nextFocus('expiryYear', '07', '2', now)).toBe('expiryYear');
    expect(nextFocus('expiryYear', '07', '25', now)).toBe('expiryYear');
    expect(nextFocus('expiryYear', '07', '28', now)).toBe('cvc');
  });
});

describe('CVC (spec §5)', () => {
  it.each([
    ['', 'required'],
    ['12', 'invalid'],
    ['1234', 'invalid'],
    ['12a', 'invalid'],
    ['123', undefined],
  ])('%j → %s', (cvc, problem) => {
    expect(checkCvc(cvc)).toBe(problem);
  });
});

describe('first and last name (spec §5: required, letters only)', () => {
  it('takes letters of every script, with spaces, apostrophes and hyphens between them', () => {
    for (const name of ['Zoë', 'Ångström-Li', "O'Neil", 'O’Neil', '李', 'Μαρία', 'José María', 'Nguyễn', 'Zoe\u0308']) {
      expect(checkPayerName(name), name).toBeUndefined();
    }
    expect(checkPayerName('  Ana  ')).toBeUndefined();
  });

  it('is required', () => {
    expect(checkPayerName('')).toBe('required');
    expect(checkPayerName('   ')).toBe('required');
  });

  it('refuses digits, symbols and other punctuation', () => {
    for (const name of [
      'R2D2',
      'Ana1',
      'Ana!',
      'a@b',
      'Dr.',
      'Ana_Lima',
      '-Ana',
      "'Neil",
      'Ana😀',
      '١٢٣',
      'Ana\u0000',
    ]) {
      expect(checkPayerName(name), name).toBe('invalid');
    }
    expect(checkPayerName('a'.repeat(PAYER_NAME_MAX + 1))).toBe('invalid');
  });
});
