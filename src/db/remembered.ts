// The last value read from IndexedDB for each key of a screen's data (issue 31), so the next render of
// that data starts from it instead of from "not read yet" (src/db/local-read.ts).

const remembered = new Map<string, { value: unknown }>();

/** Keeps the value just read for a key. */
export function remember(key: string, value: unknown): void {
  remembered.set(key, { value });
}

/** The value last read for a key, if any. */
export function recallKey(key: string): { value: unknown } | undefined {
  return remembered.get(key);
}

/**
 * Forgets every remembered value: the stored data was cleared (logout, another source's figures), so an
 * old value must not paint for even one frame.
 */
export function forgetRemembered(): void {
  remembered.clear();
}
