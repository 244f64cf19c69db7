// Per-IP request limits counted in the database hold across API processes, and end by its clock.
import rateLimit from '@fastify/rate-limit';
import { eq, inArray, like, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { startInstances } from '../../tests/support/test-instances.ts';
import { openTestDatabase, testSettings } from '../../tests/support/test-server.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { rateLimitHits } from '../db/schema.ts';
import { databaseRateLimitStore, sweepRateLimitHits } from './rate-limit-store.ts';

const SEND = '/api/v1/client/insta/sendotp/';

async function database(): Promise<DatabaseHandle> {
  const handle = await openTestDatabase();
  onTestFinished(() => handle.close());
  return handle;
}

type Store = ReturnType<typeof store>;
function store(db: DatabaseHandle['db'], params: object = {}, sweepEveryMs = 60_000) {
  const Store = databaseRateLimitStore(db, { sweepEveryMs });
  return new Store(params);
}

const incr = (s: Store, key: string, timeWindow: number, max: number) =>
  new Promise<{ current: number; ttl: number }>((resolve, reject) =>
    s.incr(key, (error, result) => (error || !result ? reject(error) : resolve(result)), timeWindow, max),
  );

const read = (s: Store, key: string) =>
  new Promise<{ current: number; ttl: number }>((resolve, reject) => {
    const reader = s as unknown as { read(key: string, cb: (e: Error | null, r?: unknown) => void): void };
    reader.read(key, (error, result) => (error ? reject(error) : resolve(result as { current: number; ttl: number })));
  });

/** Ends a key's window now, as if its time had passed. */
const endWindows = (db: DatabaseHandle['db'], pattern: string) =>
  db
    .update(rateLimitHits)
    .set({ windowEndsAt: sql`now() - interval '1 second'` })
    .where(like(rateLimitHits.key, pattern));

describe('per-IP limits across API processes', () => {
  it('count code sends on either instance towards one limit, and start over when the window ends', async () => {
    const { apps, database } = await startInstances(2, {
      settings: { ...testSettings, limits: { codeSendsPerIp: 3, codeChecksPerIp: 3 } },
    });
    const [a, b] = apps;
    if (!a || !b) throw new Error('two instances');
    let n = 0;
    const send = (app: typeof a) =>
      app.inject({ method: 'POST', url: SEND, payload: { email: `ip-limit-${++n}@example.com` } });

    expect((await send(a)).statusCode).toBe(200);
    expect((await send(b)).statusCode).toBe(200);
    const third = await send(a);
    expect(third.statusCode).toBe(200);
    expect(third.headers['x-ratelimit-remaining']).toBe('0');
    const refused = await send(b);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    expect((await send(a)).statusCode).toBe(429);

    // One row for the route and IP, shared by both instances; checking codes counts apart.
    const rows = await database.db.select().from(rateLimitHits);
    expect(rows).toEqual([{ key: `POST${SEND}-127.0.0.1`, hits: 5, windowEndsAt: expect.any(Date) }]);

    await endWindows(database.db, `POST${SEND}-%`);
    const again = await send(b);
    expect(again.statusCode).toBe(200);
    expect(again.headers['x-ratelimit-remaining']).toBe('2');
    expect((await send(a)).statusCode).toBe(200);
  });
});

describe('the database rate-limit store', () => {
  it('counts concurrent hits exactly once each', async () => {
    const { db } = await database();
    const s = store(db);
    const results = await Promise.all(Array.from({ length: 30 }, () => incr(s, '198.51.100.7', 60_000, 5)));
    expect(results.map((r) => r.current).sort((x, y) => x - y)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    const [row] = await db.select().from(rateLimitHits).where(eq(rateLimitHits.key, '198.51.100.7'));
    expect(row?.hits).toBe(30);
  });

  it('reports the time left by the database clock, and restarts a window that has ended', async () => {
    const { db } = await database();
    const s = store(db);
    expect(await incr(s, 'k', 60_000, 2)).toEqual({ current: 1, ttl: 60_000 });
    const second = await incr(s, 'k', 60_000, 2);
    expect(second.current).toBe(2);
    expect(second.ttl).toBeGreaterThan(55_000);
    expect(second.ttl).toBeLessThanOrEqual(60_000);
    expect((await read(s, 'k')).current).toBe(2);
    // The window's end is the database's: ending it there restarts the count, whatever this process's clock says.
    await endWindows(db, 'k');
    expect(await read(s, 'k')).toEqual({ current: 0, ttl: 0 });
    expect(await incr(s, 'k', 60_000, 2)).toEqual({ current: 1, ttl: 60_000 });
    expect(await read(s, 'unknown')).toEqual({ current: 0, ttl: 0 });
  });

  it('lets a short window on a route run out in real time', async () => {
    const { db } = await database();
    const app = Fastify();
    onTestFinished(() => app.close());
    await app.register(rateLimit, { global: false, store: databaseRateLimitStore(db) });
    app.get('/tiny', { config: { rateLimit: { max: 2, timeWindow: 1_000 } } }, async () => 'ok');
    const started = Date.now();
    expect((await app.inject('/tiny')).statusCode).toBe(200);
    expect((await app.inject('/tiny')).statusCode).toBe(200);
    const refused = await app.inject('/tiny');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('1');
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, started + 1_100 - Date.now())));
    const later = await app.inject('/tiny');
    expect(later.statusCode).toBe(200);
    expect(later.headers['x-ratelimit-remaining']).toBe('1');
    expect((await db.select().from(rateLimitHits)).map((r) => r.key)).toEqual(['GET/tiny-127.0.0.1']);
  });

  it('keeps a counter per route', async () => {
    const { db } = await database();
    const s = store(db);
    const one = s.child({ routeInfo: { method: 'POST', url: '/one' } } as never) as Store;
    const two = s.child({ routeInfo: { method: 'POST', url: '/two' } } as never) as Store;
    await incr(one, 'ip', 60_000, 5);
    await incr(one, 'ip', 60_000, 5);
    expect((await incr(two, 'ip', 60_000, 5)).current).toBe(1);
    expect((await incr(one, 'ip', 60_000, 5)).current).toBe(3);
  });

  it('restarts the window past the limit with continueExceeding, and doubles it with exponentialBackoff', async () => {
    const { db } = await database();
    const continuing = store(db, { continueExceeding: true });
    const backingOff = store(db, { exponentialBackoff: true });
    await incr(continuing, 'c', 10_000, 1);
    // Two seconds left; the next hit, past the limit, starts ten over again.
    await db
      .update(rateLimitHits)
      .set({ windowEndsAt: sql`now() + interval '2 seconds'` })
      .where(eq(rateLimitHits.key, 'c'));
    expect(await incr(continuing, 'c', 10_000, 1)).toEqual({ current: 2, ttl: 10_000 });

    const ttls = [];
    for (let i = 0; i < 5; i++) ttls.push((await incr(backingOff, 'b', 1_000, 2)).ttl);
    expect(ttls[0]).toBe(1_000);
    expect(ttls.slice(2)).toEqual([1_000, 2_000, 4_000]);
  });

  it('sweeps ended windows away and keeps running ones', async () => {
    const { db } = await database();
    await db.insert(rateLimitHits).values([
      { key: 'ended-1', hits: 3, windowEndsAt: sql`now() - interval '1 minute'` },
      { key: 'ended-2', hits: 9, windowEndsAt: sql`now() - interval '1 millisecond'` },
      { key: 'running', hits: 1, windowEndsAt: sql`now() + interval '1 minute'` },
    ]);
    expect(await sweepRateLimitHits(db)).toBe(2);
    expect((await db.select().from(rateLimitHits)).map((r) => r.key)).toEqual(['running']);
  });

  it('sweeps while counting, at most once per interval per process', async () => {
    const { db } = await database();
    const s = store(db, {}, 60_000);
    const ended = (key: string) =>
      db.insert(rateLimitHits).values({ key, hits: 1, windowEndsAt: sql`now() - interval '1 minute'` });
    const left = async (keys: string[]) =>
      (await db.select().from(rateLimitHits).where(inArray(rateLimitHits.key, keys))).map((r) => r.key).sort();
    await ended('old-1');
    await incr(s, 'ip', 60_000, 5);
    await vi.waitFor(async () => expect(await left(['old-1'])).toEqual([]), { timeout: 15_000 });
    // Within the interval, hits count but sweep nothing.
    await ended('old-2');
    await incr(s, 'ip', 60_000, 5);
    await incr(s, 'ip', 60_000, 5);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await left(['old-2'])).toEqual(['old-2']);
    // A store that may sweep every time does.
    await incr(store(db, {}, 0), 'ip', 60_000, 5);
    await vi.waitFor(async () => expect(await left(['old-2'])).toEqual([]), { timeout: 15_000 });
  });
});
