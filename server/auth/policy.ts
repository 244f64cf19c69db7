// Limits on one-time codes. Four digits are only 13 bits, below the 20 bits NIST SP 800-63B and
// OWASP ASVS ask of a one-time code, so these limits carry the weight: at most 10 wrong guesses per
// email in any 24 hours from devices it has never logged in on means a guesser succeeds with odds of at
// most 10 in 10,000 a day.
//
// Issue 48: those limits must not let a stranger lock the owner out. They follow OWASP's "Slow Down
// Online Guessing Attacks with Device Cookies"
// (https://owasp.org/www-community/Slow_Down_Online_Guessing_Attacks_with_Device_Cookies): a device
// cookie is used to "Distinguish between known/trusted and unknown/untrusted clients; Establish universal
// temporary lockouts for all untrusted clients; Lockout trusted clients individually". An address that
// guesses wrong is slowed, then blocked for that email; the email-wide count of unknown devices' failures
// stops unknown devices' checks, and the owner then logs in with the sign-in link the next code's mail
// carries, or by code from a device they have logged in on.

export const CODE_DIGITS = 4;
/** A code works for 10 minutes, once; so does its sign-in link. */
export const CODE_TTL_MS = 10 * 60_000;
/** A code dies after 5 wrong tries. */
export const MAX_TRIES_PER_CODE = 5;
/** At most 3 codes per email per 15 minutes for one asker (an address, or a device the account knows). */
export const MAX_CODES_PER_WINDOW = 3;
/** At most 6 codes per email per 15 minutes for unknown devices together, so no one floods an inbox. */
export const MAX_UNTRUSTED_CODES_PER_WINDOW = 6;
export const CODE_WINDOW_MS = 15 * 60_000;
/**
 * 10 wrong tries in 24 hours block code login for that email from that address (or that known device)
 * until they age out; 10 from unknown devices together stop unknown devices' code checks for the email.
 */
export const MAX_FAILURES_PER_DAY = 10;
export const FAILURE_WINDOW_MS = 24 * 60 * 60_000;
/** From its 6th wrong code in 24 hours (past a code's worth) an asker waits before the next: 5 s, doubling to a minute. */
export const SLOW_AFTER_FAILURES = 6;
export const SLOW_FIRST_WAIT_MS = 5_000;
export const SLOW_LONGEST_WAIT_MS = 60_000;
/** Per-IP limits (configurable) apply over this window. */
export const IP_WINDOW = '15 minutes';

/** How long an asker with `failures` wrong codes in 24 hours waits after the newest of them. */
export function slowdownMs(failures: number): number {
  if (failures < SLOW_AFTER_FAILURES) return 0;
  return Math.min(SLOW_LONGEST_WAIT_MS, SLOW_FIRST_WAIT_MS * 2 ** (failures - SLOW_AFTER_FAILURES));
}
