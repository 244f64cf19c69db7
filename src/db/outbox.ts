// Requests waiting for a connection. Each has an idempotency key so a resend is the same request.
import { db } from './db.ts';
import type { OutboxRow } from './schema.ts';

/** Queues a request; queuing the same key twice keeps one entry. */
export async function enqueue(request: Pick<OutboxRow, 'key' | 'method' | 'path' | 'body'>, now = Date.now()) {
  await db.transaction('rw', db.outbox, async () => {
    if (await db.outbox.where('key').equals(request.key).count()) return;
    await db.outbox.add({ ...request, createdAt: now, attempts: 0 });
  });
}

/** Queued requests, oldest first. */
export function pending(): Promise<OutboxRow[]> {
  return db.outbox.orderBy('createdAt').toArray();
}

/** Drops a request once the server has it. */
export async function settle(key: string): Promise<void> {
  await db.outbox.where('key').equals(key).delete();
}

/** Counts a failed attempt so a request that keeps failing can be shown to the user. */
export async function recordAttempt(key: string): Promise<void> {
  await db.outbox
    .where('key')
    .equals(key)
    .modify((row) => {
      row.attempts += 1;
    });
}
