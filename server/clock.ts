// The server's time, injected so tests control expiry and limits instead of sleeping.

/** Returns the current time. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

/**
 * The system clock plus an offset that development builds can move forward (POST /dev/clock); given
 * `frozenAt`, time stands still there instead, so several processes agree on it to the millisecond.
 */
export function shiftableClock(frozenAt?: number): { now: Clock; advance(ms: number): void } {
  let offset = 0;
  return {
    now: () => new Date((frozenAt ?? Date.now()) + offset),
    advance: (ms) => {
      offset += ms;
    },
  };
}
