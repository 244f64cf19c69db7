// The page's side of the collector worker: an abort, or a stopped worker, never leaves a call waiting
// forever, and one screen's abort never takes another call's answer with it.
import { expose } from 'comlink';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** Calls the fake worker has received and not answered, by method; the test answers them. */
let held: Record<string, Array<(value: unknown) => void>>;
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
    expose({ ready: hold('ready'), importDownload: hold('importDownload') }, port2);
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
});
