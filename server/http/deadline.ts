// A deadline for an outside call (issue 35). Not AbortSignal.timeout: Node 20 lets a timeout signal that
// only AbortSignal.any (or a listener it registered) refers to be garbage-collected, and it then never
// fires. A hung Graph call waited for undici's own 300 s instead of 30 that way (issue 35's fault bench:
// a hang past every retry took 559 s, not 273). Here a timer holds the controller until the call is over.

/** `signal` (when given) or `ms` passing, whichever comes first; `clear()` once the call is over. */
export function withDeadline(ms: number, signal?: AbortSignal): { signal: AbortSignal; clear: () => void } {
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(new DOMException('The call passed its deadline', 'TimeoutError')), ms);
  return {
    signal: signal ? AbortSignal.any([signal, deadline.signal]) : deadline.signal,
    clear: () => clearTimeout(timer),
  };
}

/** Runs `call` with a signal that aborts after `ms` (or with `signal`), and clears the timer after. */
export async function beforeDeadline<T>(
  ms: number,
  call: (signal: AbortSignal) => Promise<T>,
  signal?: AbortSignal,
): Promise<T> {
  const deadline = withDeadline(ms, signal);
  try {
    return await call(deadline.signal);
  } finally {
    deadline.clear();
  }
}
