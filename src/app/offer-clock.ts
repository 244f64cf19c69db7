// When this device first showed the offer (issue 51: "ends in 14:49" was back at 14:57 after a reload
// and at 14:59 on a new visit, a false deadline). The reservation counts from that first showing, on
// every later visit too; nothing resets it, not even logging out (which empties local storage).
const KEY = 'followscope.offer.firstShown';

/** The first showing's time (ms), if this device has shown the offer. */
export function readOfferShownAt(storage: Storage | undefined = globalThis.localStorage): number | undefined {
  try {
    const value = Number(storage?.getItem(KEY) ?? Number.NaN);
    return Number.isFinite(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The first showing's time, stored as `now` if this is the first. */
export function offerShownAt(now: number, storage: Storage | undefined = globalThis.localStorage): number {
  const shown = readOfferShownAt(storage);
  if (shown !== undefined) return shown;
  try {
    storage?.setItem(KEY, String(now));
  } catch {
    // Blocked storage: the offer counts from this showing, as it did before issue 51.
  }
  return now;
}

/** Runs `clear` (emptying local storage) and keeps the offer's first showing through it. */
export function clearKeepingOfferClock(clear: () => void, storage: Storage | undefined = globalThis.localStorage) {
  const shown = readOfferShownAt(storage);
  clear();
  if (shown === undefined) return;
  try {
    storage?.setItem(KEY, String(shown));
  } catch {
    // Blocked storage holds nothing to keep.
  }
}
