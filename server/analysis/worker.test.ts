// The job worker's promises, with workers that share nothing but the database (as separate processes
// do): one account's analysis is never run by two at once, a worker whose lease was taken writes
// nothing more, and a cancel asked for elsewhere reaches the worker through the database.
import { EventEmitter } from 'node:events';
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { serverPerTest } from '../../tests/support/test-server.ts';
import { loadCoreFromDisk } from '../../wasm/node.ts';
import type { UserRow } from '../auth/tokens.ts';
import { analyses, analysisChunks, users } from '../db/schema.ts';
import { inProcessQueue } from '../jobs/queue.ts';
import { sampleNetwork } from '../source/sample.ts';
import { type AnalysisBus, AnalysisWorker } from './worker.ts';

const harness = serverPerTest();
const workers: AnalysisWorker[] = [];
// Registered after the harness's own hook, so it runs first: workers stop before their database closes.
afterEach(async () => {
  await Promise.all(workers.splice(0).map((made) => made.stop()));
});

/**
 * An API-only server: the workers are the test's own, and find its analyses as workers of another
 * process do, by re-queueing what nobody holds (its 1 ms reservation is over at once).
 */
async function start() {
  await harness.start({ roles: { api: true, worker: false }, jobs: { leaseMs: 1, pollMs: 50 } });
  await harness.app.ready();
}

/** A worker in a "process" of its own: its own queue, bus and sample network. */
async function worker(options: { leaseMs?: number; latencyMs?: number } = {}) {
  const bus: AnalysisBus = new EventEmitter();
  const made = new AnalysisWorker({
    db: harness.app.services.db,
    clock: harness.server.now,
    core: await loadCoreFromDisk(),
    source: sampleNetwork({ clock: harness.server.now, pagesPerSecond: 100_000, latencyMs: options.latencyMs ?? 0 }),
    log: harness.app.log,
    queue: inProcessQueue(harness.app.log),
    bus,
    leaseMs: options.leaseMs ?? 60_000,
    concurrency: 2,
  });
  workers.push(made);
  await made.start();
  return made;
}

async function account(username: string): Promise<UserRow> {
  const [user] = await harness.app.services.db
    .insert(users)
    .values({ email: `${username}@example.com`, username, isSubscribed: true })
    .returning();
  if (!user) throw new Error('no user');
  return user;
}

const row = async (userId: string) =>
  (await harness.app.services.db.select().from(analyses).where(eq(analyses.userId, userId)))[0];

async function followerCount(username: string) {
  const found = await sampleNetwork({ clock: harness.server.now, pagesPerSecond: 100_000 }).lookup(username);
  if (found.kind !== 'ok') throw new Error(found.kind);
  return found.value.followerCount;
}

describe('analysis workers sharing one database', () => {
  it('never run one analysis twice at once: of two workers given the job, one takes it', async () => {
    await start();
    const user = await account('size.20000');
    const waiting = harness.app.analysis.start(user);
    await expect.poll(() => row(user.id)).toBeDefined();
    // Both workers find it (each re-queues running analyses nobody holds) and race for the lease.
    await Promise.all([worker({ latencyMs: 2 }), worker({ latencyMs: 2 })]);
    expect((await waiting).kind).toBe('complete');
    const done = await row(user.id);
    expect(done?.runs).toBe(1);
    expect(done?.followersCollected).toBe(await followerCount('size.20000'));
  });

  it('a worker whose lease was taken over writes nothing more; the new holder finishes once', async () => {
    await start();
    const user = await account('size.30000');
    const waiting = harness.app.analysis.start(user);
    await expect.poll(() => row(user.id)).toBeDefined();
    const first = await worker({ latencyMs: 10 });
    await expect
      .poll(async () => (await row(user.id))?.followersCollected ?? 0, { interval: 10, timeout: 10_000 })
      .toBeGreaterThan(0);
    // The first worker stalls past its lease (as a paused VM would): its lease runs out, another takes over.
    await harness.app.services.db
      .update(analyses)
      .set({ leaseUntil: sql`now() - interval '1 second'` })
      .where(eq(analyses.userId, user.id));
    const second = await worker({ latencyMs: 10 });
    expect((await waiting).kind).toBe('complete');
    const done = await row(user.id);
    expect(done?.runs).toBe(2);
    expect(done?.leaseOwner).toBe(second.owner);
    expect(done?.leaseOwner).not.toBe(first.owner);
    // Every page counted once: the first worker's next page after the takeover was refused.
    expect(done?.followersCollected).toBe(await followerCount('size.30000'));
  });

  it('a worker starting deletes the collected pages a process that died after a commit left', async () => {
    await start();
    const db = harness.app.services.db;
    const user = await account('size.20000');
    const now = harness.server.now();
    const [done, running] = await db
      .insert(analyses)
      .values([
        { userId: user.id, username: 'size.20000', status: 'complete', startedAt: now, updatedAt: now },
        // Held by a live worker elsewhere: its pages are its collection so far.
        {
          userId: user.id,
          username: 'size.20000',
          status: 'running',
          startedAt: now,
          updatedAt: now,
          leaseOwner: 'elsewhere',
          leaseUntil: sql`now() + interval '1 hour'`,
        },
      ])
      .returning({ id: analyses.id });
    if (!done || !running) throw new Error('no analyses');
    // Issue 31: pages go after the commit's transaction; the process died between the two.
    const page = { list: 'followers', ids: Buffer.from([1, 2, 3]) };
    await db
      .insert(analysisChunks)
      .values([
        ...Array.from({ length: 300 }, (_, seq) => ({ ...page, analysisId: done.id, seq })),
        { ...page, analysisId: running.id, seq: 0 },
      ]);
    await worker();
    const left = await db.select({ id: analysisChunks.analysisId }).from(analysisChunks);
    expect(left).toEqual([{ id: running.id }]);
  });

  it('a cancel asked for by another process reaches the worker at its next lease renewal', async () => {
    await start();
    const user = await account('size.60000');
    const controller = new AbortController();
    const waiting = harness.app.analysis.start(user, controller.signal);
    await expect.poll(() => row(user.id)).toBeDefined();
    await worker({ leaseMs: 1_500, latencyMs: 10 });
    await expect
      .poll(async () => (await row(user.id))?.followersCollected ?? 0, { interval: 10, timeout: 10_000 })
      .toBeGreaterThan(0);
    // The request gives up; the worker shares no bus with this API, so only the database tells it.
    controller.abort();
    expect((await waiting).kind).toBe('cancelled');
    expect((await row(user.id))?.status).toBe('cancelled');
  });
});
