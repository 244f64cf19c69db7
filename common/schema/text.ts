// One rule for text at the edge (issue 22): every string the API takes has a length that fits what it
// means, and no character PostgreSQL cannot store (NUL), no other control character, and no lone
// surrogate (it would reach the database as a silent U+FFFD). The server validates with these, and the
// client's forms with the same, so both refuse the same input.
import * as z from 'zod/mini';

/** Lengths by meaning. */
export const TEXT_MAX = {
  /** RFC 5321's limit on an address in use. */
  email: 254,
  /** The network's own limit on a username. */
  username: 30,
  /** A first or last name on a card. */
  name: 100,
  /** A support message: a few pages. */
  message: 5000,
  /** A provider's token or id (card token, 3-D Secure token, renewal code). */
  token: 200,
  /** A plan's code. */
  planCode: 64,
  /** A filler address line (spec §3). */
  address: 200,
  /** A link a user pastes. */
  url: 2000,
  /** The human check's solution (base64 JSON). */
  captcha: 4000,
} as const;

/** C0 and C1 control characters (NUL among them), tab, line feed and carriage return excepted. */
const CONTROL_IN_LINES = /[^\P{Cc}\t\n\r]/u;
/** The same, with tab, line feed and carriage return too: text on one line. */
const CONTROL = /\p{Cc}/u;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when `value` has no control character (but tab and line breaks when `lines`) and no lone surrogate. */
export function isCleanText(value: string, lines = false): boolean {
  return !(lines ? CONTROL_IN_LINES : CONTROL).test(value) && !LONE_SURROGATE.test(value);
}

/** A string of at most `max` characters, clean (isCleanText); `lines` allows line breaks and tabs. */
export function text(max: number, options: { lines?: boolean } = {}) {
  return z.string().check(
    z.maxLength(max),
    z.refine((value) => isCleanText(value, options.lines), 'control characters or broken text'),
  );
}
