// What a screen shows from IndexedDB, read once before its first render and kept between renders (issue
// 31). A live query answers `undefined` on its first render and its stored value a few frames later; a
// screen that painted the first answer then jumped when the second came. Each hook here starts from the
// value last read for its key (by the screen's first reads, src/db/first-reads.ts, or its own live
// query), so a screen paints once, from the cache, at its final layout; the live query still follows
// every later write.
import { useLiveQuery } from 'dexie-react-hooks';
import { recallKey, remember } from './remembered.ts';

/** One read of the local database: its key names what it reads (two reads of one key answer alike). */
export interface LocalRead<T> {
  key: string;
  read: () => Promise<T>;
}

/** Reads and remembers, so the next hook of that key starts from the answer. */
export async function readAndRemember<T>(local: LocalRead<T>): Promise<T> {
  const value = await local.read();
  remember(local.key, value);
  return value;
}

/** The value last read for a read's key, if any. */
export function recall<T>(local: LocalRead<T>): { value: T } | undefined {
  return recallKey(local.key) as { value: T } | undefined;
}

/** Whether two answers hold the same data (rows are plain JSON). */
function same(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

/**
 * A local read, live: the remembered value on the first render (undefined only when nothing was read
 * for this key yet), then every change. A fresh answer equal to the remembered one keeps its identity,
 * so the screen does not render again for nothing.
 */
export function useLocalRead<T>(local: LocalRead<T>): T | undefined {
  return useLiveQuery(
    async () => {
      const value = await local.read();
      const before = recall(local);
      if (before && same(before.value, value)) return before.value;
      remember(local.key, value);
      return value;
    },
    [local.key],
    recall(local)?.value,
  );
}
