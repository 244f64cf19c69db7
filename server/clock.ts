// The server's time, injected so tests control expiry and limits instead of sleeping.

/** Returns the current time. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

/** The system clock plus an offset that development builds can move forward (POST /dev/clock). */
export function shiftableClock(): { now: Clock; advance(ms: number): void } {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    advance: (ms) => {
      offset += ms;
    },
  };
}
