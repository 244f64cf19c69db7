// Time on the database's clock, which every process shares (a process's own clock may be skewed or,
// in development, moved), and the upkeep of rows that expire by it.
import { type SQL, sql } from 'drizzle-orm';

/** A span of `ms` milliseconds (a number or an SQL expression) as an SQL interval. */
export const dbMillis = (ms: number | SQL) => sql`(${ms}::float8 * interval '1 millisecond')`;

/** `now() + ms` on the database's clock. */
export const dbNowPlus = (ms: number | SQL) => sql`now() + ${dbMillis(ms)}`;

/**
 * Runs `sweep` at most once per `everyMs` in this process, never waited for: expired rows go now and
 * then, and a failed sweep is only reported (it never fails the request that started it).
 */
export function sweepNowAndThen(
  sweep: () => Promise<unknown>,
  everyMs: number,
  onError?: (error: unknown) => void,
): () => void {
  let last = Number.NEGATIVE_INFINITY;
  return () => {
    const now = performance.now();
    if (now - last < everyMs) return;
    last = now;
    sweep().catch((error: unknown) => onError?.(error));
  };
}
