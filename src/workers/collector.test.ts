// The page's side of the collector worker: an abort, or a stopped worker, never leaves a call waiting
// forever, and one screen's abort never takes another call's answer with it.
import { expose } from 'comlink';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** Calls the fake worker has received and not answered, by method; the test answers them. */
let held: Record<string, Array<(value: unknown) => void>>;
/** The progress callbacks the fake worker was handed with each import, as the worker sees them. */
let progressOf: Array<(progress: unknown) => Promise<void>>;
let terminated: number;

/** A worker whose calls wait until the test answers them, spoken to by Comlink as the real one is. */
class FakeWorker {
  private readonly port: MessagePort;
  constructor() {
    const { port1, port2 } = new MessageChannel();
    const hold = (method: string) => () =>
      new Promise((resolve) => {
        held[method] = [...(held[method] ?? []), resolve];
      });
    const importDownload = hold('importDownload');
    expose(
      {
        ready: hold('ready'),
        importDownload: (...args: unknown[]) => {
          progressOf.push(args[4] as (progress: unknown) => Promise<void>);
          return importDownload();
        },
      },
      port2,
    );
    this.port = port1;
    port1.start();
  }
  postMessage(message: unknown, transfer: Transferable[] = []) {
    this.port.postMessage(message, transfer);
  }
  addEventListener(type: 'message', listener: (event: MessageEvent) => void) {
    this.port.addEventListener(type, listener);
  }
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void) {
    this.port.removeEventListener(type, listener);
  }
  terminate() {
    terminated++;
    this.port.close();
  }
}

async function until(check: () => boolean) {
  await vi.waitFor(() => expect(check()).toBe(true), { timeout: 15_000 });
}

const importOf = async (collector: typeof import('./collector.ts')) =>
  collector.importDownload(new Blob(['zip']), 'maria', 'token', {}, () => undefined);

beforeEach(() => {
  held = {};
  progressOf = [];
  terminated = 0;
  vi.resetModules();
  vi.stubGlobal('Worker', FakeWorker);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the collector worker from the page', () => {
  it('fails an aborted call at once and keeps the worker for a call beside it', async () => {
    const collector = await import('./collector.ts');
    const screen = new AbortController();
    const warmUp = collector.warmUpCollector(screen.signal);
    const imported = importOf(collector);
    await until(() => held.ready?.length === 1 && held.importDownload?.length === 1);

    screen.abort(new DOMException('left the screen', 'AbortError'));
    await expect(warmUp).rejects.toThrow('left the screen');
    expect(terminated).toBe(0);

    held.importDownload?.[0]?.({ ok: true, status: 'imported', user: {}, baseline: true });
    await expect(imported).resolves.toMatchObject({ ok: true, status: 'imported' });
    collector.stopCollector();
  });

  it('stops the worker when the aborted call was its only work', async () => {
    const collector = await import('./collector.ts');
    const screen = new AbortController();
    const warmUp = collector.warmUpCollector(screen.signal);
    await until(() => held.ready?.length === 1);
    screen.abort(new DOMException('left the screen', 'AbortError'));
    await expect(warmUp).rejects.toThrow('left the screen');
    expect(terminated).toBe(1);
  });

  it('fails every waiting call when the worker is stopped, instead of leaving it unanswered', async () => {
    const collector = await import('./collector.ts');
    const imported = importOf(collector);
    const warmUp = collector.warmUpCollector();
    await until(() => held.ready?.length === 1 && held.importDownload?.length === 1);
    collector.stopCollector();
    await expect(imported).rejects.toBeInstanceOf(collector.CollectorStoppedError);
    await expect(warmUp).rejects.toBeInstanceOf(collector.CollectorStoppedError);
    expect(terminated).toBe(1);

    // The next call starts a fresh worker.
    const again = collector.warmUpCollector();
    await until(() => held.ready?.length === 2);
    held.ready?.[1]?.(undefined);
    await expect(again).resolves.toBeUndefined();
    collector.stopCollector();
  });

  it('passes on no progress that reaches the page after the answer', async () => {
    const collector = await import('./collector.ts');
    const seen: unknown[] = [];
    const imported = collector.importDownload(new Blob(['zip']), 'maria', 'token', {}, (progress) => {
      seen.push(progress);
    });
    await until(() => held.importDownload?.length === 1);
    await progressOf[0]?.({ phase: 'reading', done: 1, total: 2 });
    expect(seen).toEqual([{ phase: 'reading', done: 1, total: 2 }]);

    // Progress travels on a channel of its own, so a tick sent just before the answer can come after it;
    // taken then, it put a finished import back to "Reading your download…" for good.
    held.importDownload?.[0]?.({ ok: false, kind: 'download', problem: 'otherAccount', owner: 'someone' });
    await expect(imported).resolves.toMatchObject({ problem: 'otherAccount' });
    await progressOf[0]?.({ phase: 'reading', done: 2, total: 2 });
    expect(seen).toHaveLength(1);
    collector.stopCollector();
  });
});
