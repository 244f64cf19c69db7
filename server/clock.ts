// The server's time, injected so tests control expiry and limits instead of sleeping.

/** Returns the current time. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
