// What a push job does with each answer of a push service (issue 33), against the local push service:
// gone removes the device at once, too large sends it again shorter, busy or down waits as asked.
import { Agent } from 'node:https';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type PushServiceDouble, startPushService } from '../../tests/support/push-service.ts';
import { openTestDatabase } from '../../tests/support/test-server.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { pushSubscriptions, users } from '../db/schema.ts';
import { type DeliveryDeps, deliver, FIRST_RETRY_MS, MAX_ATTEMPTS } from './deliver.ts';
import { pushServiceHosts } from './hosts.ts';
import type { PushMessage } from './payload.ts';
import { inProcessPushQueue, type PushJob, type PushQueue } from './queue.ts';
import { saveSubscription } from './subscriptions.ts';
import { loadVapidKeys } from './vapid.ts';

const NOW = Date.UTC(2026, 10, 20, 12);
/** Fastify's own logger, silent. */
const log = Fastify({ logger: { level: 'silent' } }).log;
const digest: PushMessage = {
  kind: 'digest',
  key: 'analysis:1',
  counts: { newFollowers: 3, lostFollowers: 1, profileVisits: null },
};

/** A queue that keeps what it is given, to see what a job queued next. */
function keptQueue(): PushQueue & { kept: Array<{ job: PushJob; delayMs: number }> } {
  const kept: Array<{ job: PushJob; delayMs: number }> = [];
  return {
    kind: 'in-process',
    kept,
    async send(job, delayMs = 0) {
      kept.push({ job, delayMs });
    },
    async work() {},
    async stop() {},
    backlog: async () => [],
  };
}

let service: PushServiceDouble;
let database: DatabaseHandle;
let deps: DeliveryDeps & { queue: ReturnType<typeof keptQueue> };
let userId: string;

beforeAll(async () => {
  service = await startPushService();
});
afterAll(() => service.close());
beforeEach(async () => {
  database = await openTestDatabase();
  const db = database.db;
  const [user] = await db.insert(users).values({ email: 'gil@example.com', username: 'gil.push' }).returning();
  userId = user?.id ?? '';
  deps = {
    db,
    clock: () => new Date(NOW),
    log,
    queue: keptQueue(),
    vapid: await loadVapidKeys(db, undefined, 'support@followscope.test'),
    allowedHosts: pushServiceHosts(service.host),
    agent: new Agent({ ca: service.ca }),
  };
});
afterEach(() => database.close());

/** A device subscribed for the user, and a job of `message` to it. */
async function device(message: PushMessage = digest, job: Partial<PushJob> = {}) {
  const subscription = service.subscribe(deps.vapid.publicKey);
  await saveSubscription(deps.db, userId, subscription, { locale: 'en', sessionHash: 'h', now: new Date(NOW) });
  const [row] = await deps.db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.endpoint, subscription.endpoint));
  const first: PushJob = {
    subscriptionId: row?.id ?? '',
    message,
    attempt: 0,
    shortened: 0,
    expiresAt: NOW + 24 * 3_600_000,
    ...job,
  };
  return { subscription, job: first };
}

const stored = (endpoint: string) =>
  deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));

describe('delivering one message', () => {
  it('a gone subscription (404, 410) is removed at once and never tried again', async () => {
    for (const status of [404, 410]) {
      const { subscription, job } = await device();
      service.answerNext(status, { endpoint: subscription.endpoint });
      expect(await deliver(deps, job)).toEqual({ kind: 'gone', status });
      expect(await stored(subscription.endpoint)).toHaveLength(0);
    }
    expect(deps.queue.kept).toEqual([]);
  });

  it('a busy or failing service is tried again after its Retry-After, or a doubling wait', async () => {
    const { subscription, job } = await device();
    service.answerNext(429, { endpoint: subscription.endpoint, headers: { 'retry-after': '120' } });
    await deliver(deps, job);
    expect(deps.queue.kept.at(-1)).toEqual({ job: { ...job, attempt: 1 }, delayMs: 120_000 });
    service.answerNext(503, { endpoint: subscription.endpoint });
    await deliver(deps, { ...job, attempt: 3 });
    expect(deps.queue.kept.at(-1)).toEqual({ job: { ...job, attempt: 4 }, delayMs: FIRST_RETRY_MS * 8 });
    // The last try, and a wait past the message's day, are given up.
    service.answerNext(503, { endpoint: subscription.endpoint });
    await deliver(deps, { ...job, attempt: MAX_ATTEMPTS - 1 });
    service.answerNext(429, { endpoint: subscription.endpoint, headers: { 'retry-after': String(2 * 86_400) } });
    await deliver(deps, job);
    expect(deps.queue.kept).toHaveLength(2);
    expect(await stored(subscription.endpoint)).toHaveLength(1);
  });

  it('too large a payload is sent again without its body, then with none', async () => {
    const { subscription, job } = await device();
    service.answerNext(413, { endpoint: subscription.endpoint });
    expect(await deliver(deps, job)).toEqual({ kind: 'tooLarge' });
    const shorter = deps.queue.kept.at(-1)?.job as PushJob;
    expect(shorter).toEqual({ ...job, shortened: 1 });
    service.answerNext(413, { endpoint: subscription.endpoint });
    await deliver(deps, shorter);
    const shortest = deps.queue.kept.at(-1)?.job as PushJob;
    expect(shortest.shortened).toBe(2);

    const before = service.received.length;
    await deliver(deps, { ...shorter, message: { ...digest, key: 'analysis:2' } });
    await deliver(deps, { ...shortest, message: { ...digest, key: 'analysis:3' } });
    const [titleOnly, empty] = service.received.slice(before);
    expect(JSON.parse(titleOnly?.payload ?? '{}')).toMatchObject({ title: 'Changes on your account', changes: 4 });
    expect(JSON.parse(titleOnly?.payload ?? '{}').body).toBeUndefined();
    expect(empty?.payload).toBeNull();
  });

  it('a message is sent within its day, and a collection is announced to a device once', async () => {
    const { subscription, job } = await device();
    const before = service.received.length;
    expect(await deliver(deps, { ...job, expiresAt: NOW })).toBeUndefined();
    expect(await deliver(deps, { ...job, expiresAt: NOW + 3_600_000 })).toEqual({ kind: 'sent' });
    expect(service.received.at(-1)?.ttl).toBe(3600);
    expect(await deliver(deps, job)).toBeUndefined();
    expect(service.received.length).toBe(before + 1);
    expect((await stored(subscription.endpoint))[0]?.lastDigest).toBe('analysis:1');
    // A reminder is low urgency, and names no collection.
    await deliver(deps, { ...job, message: { kind: 'reminder' } });
    expect(service.received.at(-1)).toMatchObject({ urgency: 'low', topic: 'reminder' });
    expect(JSON.parse(service.received.at(-1)?.payload ?? '{}')).toMatchObject({ url: '/import' });
  });
});

describe('the in-process queue', () => {
  afterEach(() => vi.useRealTimers());

  it('runs a delayed job when its wait is over, and drops waiting ones on stop', async () => {
    vi.useFakeTimers();
    const queue = inProcessPushQueue(log);
    const ran: number[] = [];
    await queue.work(async (job) => {
      ran.push(job.attempt);
    }, 2);
    const job = { subscriptionId: 'x', message: digest, shortened: 0, expiresAt: NOW };
    await queue.send({ ...job, attempt: 1 }, 60_000);
    await queue.send({ ...job, attempt: 2 });
    await vi.advanceTimersByTimeAsync(0);
    expect(ran).toEqual([2]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(ran).toEqual([2, 1]);
    await queue.send({ ...job, attempt: 3 }, 1_000);
    await queue.stop();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(ran).toEqual([2, 1]);
  });
});
