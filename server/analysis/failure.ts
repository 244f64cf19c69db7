// What an analysis that failed records and logs about why. A failed query's error (Drizzle's
// DrizzleQueryError) carries its parameters in its message: for an array's part, half a megabyte of
// binary. Recorded as the analysis's error, its NUL bytes made PostgreSQL refuse the row ("invalid byte
// sequence for encoding UTF8: 0x00"), so the analysis was never marked failed: it stayed running, its
// request waited for ever and the job was tried again at every lease, as on a full disk (issue 35's
// fault bench). The database's own reason is what says what happened.
import { DrizzleQueryError } from 'drizzle-orm';

/** At most this much of a reason is kept on the analysis's row. */
const REASON_MAX = 500;

/**
 * The error to log: a failed query's cause (the database's error), without the query's parameters,
 * which the drivers' errors carry too (PGlite's `params`).
 */
export function loggedError(error: unknown): unknown {
  const cause = error instanceof DrizzleQueryError && error.cause ? error.cause : error;
  if (!(cause instanceof Error) || !('params' in cause)) return cause;
  const { name, message, stack } = cause;
  return { type: name, message, stack, code: (cause as { code?: unknown }).code };
}

/** A short, storable reason: the database's message for a failed query, never its parameters. */
export function failureReason(error: unknown): string {
  const cause = error instanceof DrizzleQueryError && error.cause ? error.cause : error;
  const text = cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is what PostgreSQL's text refuses.
  return text.replace(/\u0000/g, '').slice(0, REASON_MAX);
}
