// The weekly reminder (issue 33): a download user who asked for it hears once a week that a fresh data
// download would show who came and who left, with a link to the guide. A worker looks every hour for
// devices whose reminder is due; an account whose newest download is less than a week old is not
// reminded (its owner just did it).
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/client.ts';
import { pushSubscriptions, users } from '../db/schema.ts';
import { PUSH_TTL_MS } from './announce.ts';
import type { PushQueue } from './queue.ts';
import { claimReminder } from './subscriptions.ts';

export const REMIND_EVERY_MS = 7 * 24 * 3_600_000;
const LOOK_EVERY_MS = 3_600_000;

/** Queues every due reminder once (however many workers look); returns how many. */
export async function queueDueReminders(db: Database, queue: PushQueue, now: Date): Promise<number> {
  const weekAgo = new Date(now.getTime() - REMIND_EVERY_MS);
  const due = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .innerJoin(users, eq(users.id, pushSubscriptions.userId))
    .where(
      and(
        eq(pushSubscriptions.weeklyReminder, true),
        eq(users.isSubscribed, true),
        or(isNull(pushSubscriptions.remindedAt), lt(pushSubscriptions.remindedAt, weekAgo)),
        or(isNull(users.downloadTakenAt), lt(users.downloadTakenAt, weekAgo)),
      ),
    );
  let queued = 0;
  for (const { id } of due) {
    if (!(await claimReminder(db, id, now, REMIND_EVERY_MS))) continue;
    await queue.send({
      subscriptionId: id,
      message: { kind: 'reminder' },
      attempt: 0,
      shortened: 0,
      expiresAt: now.getTime() + PUSH_TTL_MS,
    });
    queued++;
  }
  return queued;
}

/** Looks every hour from now on; stop() ends it. */
export function scheduleReminders(db: Database, clock: Clock, queue: PushQueue, log: FastifyBaseLogger) {
  const timer = setInterval(() => {
    queueDueReminders(db, queue, clock()).catch((error: unknown) =>
      log.error({ err: error }, 'queueing the weekly download reminders failed'),
    );
  }, LOOK_EVERY_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
