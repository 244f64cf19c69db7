import { describe, expect, it, vi } from 'vitest';
import { CoreLoadError, instantiateCoreFromUrl } from '../../wasm/collector.ts';
import { loadCoreFromDisk } from '../../wasm/node.ts';
import { createCollectorApi, once } from './collector-api.ts';

describe('collector worker API', () => {
  it('getPostSentimentalAnalysis fetches the post’s comments with the token and scores them', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) =>
      Response.json({ status: true, comments: ['I love this', 'this is awful', 'where is this?'] }),
    );
    vi.stubGlobal('fetch', fetchMock);
    try {
      const api = createCollectorApi(loadCoreFromDisk);
      const report = JSON.parse(await api.getPostSentimentalAnalysis('tok', 'Ab_c-12', { 'accept-language': 'de' }));
      expect(report).toMatchObject({
        status: true,
        total_comments: 3,
        distribution: { positive: 34, negative: 33, neutral: 33 },
      });
      const [url, init] = fetchMock.mock.calls[0] ?? [];
      expect(url).toBe('/api/v1/client/posts/comments/Ab_c-12/');
      expect(init?.headers).toMatchObject({ authorization: 'Bearer tok', 'accept-language': 'de' });
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('getPostSentimentalAnalysis answers a falsy status when the server cannot give the comments', async () => {
    vi.stubGlobal('fetch', async () => Response.json({ status: false, message: 'busy' }, { status: 503 }));
    try {
      const api = createCollectorApi(loadCoreFromDisk);
      expect(JSON.parse(await api.getPostSentimentalAnalysis('tok', 'Abcdefghijk', {}))).toEqual({
        status: false,
        message: 'busy',
        http_status: 503,
      });
    } finally {
      vi.unstubAllGlobals();
    }
  });

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
