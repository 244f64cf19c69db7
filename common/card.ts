// Card rules of spec §5, as pure functions. The checkout form (and the server) use these; the clock
// is passed in so the expiry rules can be tested on any date.

/** What is wrong with a field: shown as "The {field} field is required" or "Please enter valid {field}". */
export type CardProblem = 'required' | 'invalid';

/** spec §9: 16 digits shown in 4 groups of 4, so 19 characters. */
export const CARD_NUMBER_LENGTH = 19;
const CARD_DIGITS = 16;

/** Keeps the digits (at most 16) and groups them by 4 with spaces, as the user types or pastes. */
export function formatCardNumber(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, CARD_DIGITS);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** spec §5: required, exactly 19 characters, digits in groups of 4. */
export function checkCardNumber(value: string): CardProblem | undefined {
  if (!value.trim()) return 'required';
  return /^\d{4} \d{4} \d{4} \d{4}$/.test(value) ? undefined : 'invalid';
}

/** The current year's last two digits and the current month (1–12), in UTC. */
function today(now: Date): { year: number; month: number } {
  return { year: now.getUTCFullYear() % 100, month: now.getUTCMonth() + 1 };
}

/** spec §5: required, 1–12, up to 2 digits, and not before this month when the year is this year. */
export function checkExpiryMonth(month: string, year: string, now: Date): CardProblem | undefined {
  if (!month.trim()) return 'required';
  if (!/^\d{1,2}$/.test(month)) return 'invalid';
  const value = Number(month);
  if (value < 1 || value > 12) return 'invalid';
  const current = today(now);
  if (/^\d{2}$/.test(year) && Number(year) === current.year && value < current.month) return 'invalid';
  return undefined;
}

/** spec §5: required, two digits up to 99, not before this year. */
export function checkExpiryYear(year: string, now: Date): CardProblem | undefined {
  if (!year.trim()) return 'required';
  if (!/^\d{2}$/.test(year)) return 'invalid';
  return Number(year) < today(now).year ? 'invalid' : undefined;
}

/** spec §5: required, exactly 3 digits. */
export function checkCvc(value: string): CardProblem | undefined {
  if (!value.trim()) return 'required';
  return /^\d{3}$/.test(value) ? undefined : 'invalid';
}

export type ExpiryField = 'expiryMonth' | 'expiryYear' | 'cvc';

/** spec §5: focus moves month → year → CVC once 2 valid digits are entered; else it stays. */
export function nextFocus(field: 'expiryMonth' | 'expiryYear', month: string, year: string, now: Date): ExpiryField {
  if (field === 'expiryMonth') {
    return month.length === 2 && checkExpiryMonth(month, '', now) === undefined ? 'expiryYear' : 'expiryMonth';
  }
  return year.length === 2 && checkExpiryYear(year, now) === undefined ? 'cvc' : 'expiryYear';
}

/**
 * spec §5 first and last name: letters only, in every script (Zoë, Ångström-Li, O'Neil, 李, Μαρία):
 * Unicode letters with their combining marks, and spaces, apostrophes (' and ’) and hyphens between them.
 * A digit, a symbol or punctuation of any other kind is refused.
 */
const PAYER_NAME = /^[\p{L}\p{M}]+(?:[ '’-]+[\p{L}\p{M}]+)*$/u;

/** The longest first or last name taken (TEXT_MAX.name). */
export const PAYER_NAME_MAX = 100;

/** spec §5: required, letters only; surrounding spaces do not count. */
export function checkPayerName(value: string): CardProblem | undefined {
  const name = value.trim();
  if (!name) return 'required';
  return name.length <= PAYER_NAME_MAX && PAYER_NAME.test(name) ? undefined : 'invalid';
}
