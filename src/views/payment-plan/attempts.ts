// The client's mirror of the server's payment-attempt limit (spec §3 "per-IP attempt record
// (count, time)", §9): for display only; the server enforces it.

/** spec §9: at most 5 attempts in 10 minutes; the count resets after 10 minutes. */
export const MAX_ATTEMPTS = 5;
export const ATTEMPT_WINDOW_MS = 10 * 60_000;
const KEY = 'followscope.paymentAttempts';

interface Record {
  count: number;
  time: number;
}

function read(now: number): Record {
  try {
    const record = JSON.parse(localStorage.getItem(KEY) ?? '') as Record;
    return now - record.time < ATTEMPT_WINDOW_MS ? record : { count: 0, time: now };
  } catch {
    return { count: 0, time: now };
  }
}

/** Whether this browser has used its attempts for now. */
export function attemptsUsedUp(now = Date.now()): boolean {
  return read(now).count >= MAX_ATTEMPTS;
}

/** Counts an attempt that reached the server; `exhausted` marks the server's 429. */
export function noteAttempt(now = Date.now(), exhausted = false): void {
  const record = read(now);
  const next = { count: exhausted ? MAX_ATTEMPTS : record.count + 1, time: record.count === 0 ? now : record.time };
  try {
    localStorage.setItem(KEY, JSON.stringify(next));
  } catch {
    // Display only; the server still counts.
  }
}
