// A deadline fires even when garbage is collected while the call waits (issue 35), and only once due.

import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { beforeDeadline, withDeadline } from './deadline.ts';

/** A call that answers only by failing when its signal aborts, as a hung socket does. */
const hangs = (signal: AbortSignal) =>
  new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }));

describe('an outside call’s deadline', () => {
  it('aborts a call that hangs, while garbage is collected meanwhile', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const collecting = setInterval(gc, 10);
    try {
      const failed = await beforeDeadline(150, hangs).catch((error: unknown) => error);
      expect(failed).toMatchObject({ name: 'TimeoutError' });
      // With a caller's signal beside it, too.
      const withCaller = await beforeDeadline(150, hangs, new AbortController().signal).catch(
        (error: unknown) => error,
      );
      expect(withCaller).toMatchObject({ name: 'TimeoutError' });
    } finally {
      clearInterval(collecting);
    }
  });

  it('passes the caller’s abort on, and never fires once cleared', async () => {
    const caller = new AbortController();
    const call = beforeDeadline(60_000, hangs, caller.signal).catch((error: unknown) => error);
    caller.abort(new Error('left the screen'));
    expect(await call).toMatchObject({ message: 'left the screen' });

    const done = withDeadline(20);
    done.clear();
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(done.signal.aborted).toBe(false);
    expect(await beforeDeadline(20, async () => 'answered')).toBe('answered');
  });
});
