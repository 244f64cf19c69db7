import { describe, expect, it, vi } from 'vitest';
import { CoreLoadError, instantiateCoreFromUrl } from '../../wasm/collector.ts';
import { loadCoreFromDisk } from '../../wasm/node.ts';
import { createCollectorApi, once } from './collector-api.ts';

describe('collector worker API', () => {
  it('diffs through the core the worker loads', async () => {
    const api = createCollectorApi(loadCoreFromDisk);
    expect(await api.ready()).toBe(true);
    const result = await api.diffSortedIds(BigUint64Array.of(1n, 2n, 3n), BigUint64Array.of(2n, 3n, 4n));
    expect([...result.onlyA]).toEqual([1n]);
    expect([...result.onlyB]).toEqual([4n]);
    expect([...result.both]).toEqual([2n, 3n]);
  });

  it('loads the core once for concurrent calls', async () => {
    let loads = 0;
    const api = createCollectorApi(
      once(() => {
        loads++;
        return loadCoreFromDisk();
      }),
    );
    await Promise.all([api.ready(), api.ready(), api.diffSortedIds(new BigUint64Array(), new BigUint64Array())]);
    expect(loads).toBe(1);
  });

  it('reports a core that cannot load, and tries again on the next call', async () => {
    let loads = 0;
    const api = createCollectorApi(
      once(async () => {
        loads++;
        if (loads === 1) throw new Error('collector core: HTTP 404');
        return loadCoreFromDisk();
      }),
    );
    await expect(api.ready()).rejects.toThrow('HTTP 404');
    expect(await api.ready()).toBe(true);
    expect(await api.ready()).toBe(true);
    expect(loads).toBe(2);
  });
});

describe('the core over the network (worker loader)', () => {
  it('turns a missing or broken core into CoreLoadError', async () => {
    vi.stubGlobal('fetch', async () => new Response('not found', { status: 404 }));
    await expect(instantiateCoreFromUrl('/x.wasm')).rejects.toBeInstanceOf(CoreLoadError);
    vi.stubGlobal('fetch', async () => new Response(new Uint8Array([1, 2, 3])));
    await expect(instantiateCoreFromUrl('/x.wasm')).rejects.toBeInstanceOf(CoreLoadError);
    vi.unstubAllGlobals();
  });
});
