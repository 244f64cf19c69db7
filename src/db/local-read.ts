// What a screen shows from IndexedDB, read once before its first render and kept between renders (issue
// 31). A live query answers `undefined` on its first render and its stored value a few frames later; a
// screen that painted the first answer then jumped when the second came. Each hook here starts from the
// value last read for its key (by the screen's first reads, src/db/first-reads.ts, or its own live
// query), so a screen paints once, from the cache, at its final layout; the live query still follows
// every later write.
import { liveQuery } from 'dexie';
import { startTransition, useEffect, useRef, useState } from 'react';
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

interface Answer<T> {
  key: string;
  value: T | undefined;
  error?: unknown;
}

/**
 * A local read, live: the remembered value on the first render (undefined only when nothing was read
 * for this key yet), then every change. A fresh answer equal to the remembered one keeps its identity,
 * so the screen does not render again for nothing.
 *
 * Not dexie-react-hooks' `useLiveQuery`: that one queries twice on mount (once during render to look
 * for a value it could show at once, again in its effect) and pushes every later answer through as an
 * urgent update, so a screen storing several network answers in a row rendered each in one long task
 * (issue 31: 225-399 ms at 4x CPU on post analytics). Here the first answer after "not read yet" is
 * urgent, so the screen paints its data as soon as it has it; every later change is a transition, which
 * React renders in slices between input and paints, merging the changes that come together.
 */
export function useLocalRead<T>(local: LocalRead<T>): T | undefined {
  const { key } = local;
  const [answer, setAnswer] = useState<Answer<T>>(() => ({ key, value: recall(local)?.value }));
  const read = useRef(local.read);
  read.current = local.read;

  useEffect(() => {
    let painted = recallKey(key) !== undefined;
    const subscription = liveQuery(async () => {
      const value = await read.current();
      const before = recallKey(key) as { value: T } | undefined;
      if (before && same(before.value, value)) return before.value;
      remember(key, value);
      return value;
    }).subscribe({
      next: (value) => {
        const show = () =>
          setAnswer((now) =>
            now.key === key && now.value === value && now.error === undefined ? now : { key, value },
          );
        if (painted) startTransition(show);
        else show();
        painted = true;
      },
      error: (error: unknown) => setAnswer({ key, value: undefined, error }),
    });
    return () => subscription.unsubscribe();
  }, [key]);

  if (answer.key !== key) return recall(local)?.value;
  if (answer.error !== undefined) throw answer.error;
  return answer.value;
}
