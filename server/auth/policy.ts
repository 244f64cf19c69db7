// Limits on one-time codes. Four digits are only 13 bits, below the 20 bits NIST SP 800-63B and
// OWASP ASVS ask of a one-time code, so these limits carry the weight: at most 10 wrong guesses per
// email in any 24 hours means a guesser succeeds with odds of at most 10 in 10,000 a day.

export const CODE_DIGITS = 4;
/** A code works for 10 minutes, once. */
export const CODE_TTL_MS = 10 * 60_000;
/** A code dies after 5 wrong tries. */
export const MAX_TRIES_PER_CODE = 5;
/** At most 3 codes per email per 15 minutes. */
export const MAX_CODES_PER_WINDOW = 3;
export const CODE_WINDOW_MS = 15 * 60_000;
/** After 10 wrong tries in 24 hours an email cannot log in by code until they age out. */
export const MAX_FAILURES_PER_DAY = 10;
export const FAILURE_WINDOW_MS = 24 * 60 * 60_000;
/** Per-IP limits (configurable) apply over this window. */
export const IP_WINDOW = '15 minutes';
