// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureClient } from '../api/client.ts';
import { pending } from '../db/outbox.ts';
import { flushOutbox, SUPPORT_PATH, sendOrQueue } from './outbox.ts';
import { waiting } from './outbox-status.ts';

configureClient({ token: async () => 'tok', onUnauthorized: async () => undefined });

afterEach(() => {
  vi.unstubAllGlobals();
});

const support = { method: 'POST' as const, path: SUPPORT_PATH, body: { query: 'Help' } };

describe('outbox', () => {
  it('queues a request whose answer never came, then resends it with the same key', async () => {
    const keys: string[] = [];
    let online = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        keys.push((init.headers as Record<string, string>)['idempotency-key'] ?? '');
        if (!online) throw new TypeError('Failed to fetch');
        return Response.json({ message: 'Thanks' });
      }),
    );
    expect(await sendOrQueue(support)).toEqual({ kind: 'queued' });
    expect(await pending()).toHaveLength(1);
    expect(waiting.get()).toBe(1);

    online = true;
    await flushOutbox();
    expect(await pending()).toHaveLength(0);
    expect(waiting.get()).toBe(0);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^outbox-/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('keeps a queued request while the server is busy, and drops one the server refuses', async () => {
    const statuses = [503, 400];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ message: 'no' }, { status: statuses.shift() ?? 200 })),
    );
    expect((await sendOrQueue(support)).kind).toBe('queued');
    await flushOutbox();
    expect(await pending()).toHaveLength(0);
    expect(statuses).toHaveLength(0);
  });

  it('never queues what the server answered with a refusal', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ message: 'The message is required' }, { status: 400 })),
    );
    const outcome = await sendOrQueue(support);
    expect(outcome).toMatchObject({ kind: 'refused', error: { message: 'The message is required' } });
    expect(await pending()).toHaveLength(0);
  });
});
