// The daily collection of connected accounts (issue 18): the follower history is a point per day, and
// a token is refreshed before it expires, even for an owner who does not open the app for weeks. A
// worker process looks every hour for connected accounts not collected for a day and queues them as
// analyses nobody waits for (leased and resumable like the rest).
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AnalysisRunner } from '../../analysis/runner.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

/** An account is collected again once its figures are this old. */
export const COLLECT_EVERY_MS = 24 * 3_600_000;
/** How often a worker looks for accounts that are due. */
export const LOOK_EVERY_MS = 3_600_000;

/** Connected, subscribed accounts whose figures are a day old or that were never collected. */
export async function dueForCollection(db: Database, now: Date) {
  return db
    .select()
    .from(users)
    .where(
      and(
        eq(users.officialStatus, 'active'),
        eq(users.isSubscribed, true),
        or(
          isNull(users.officialCollectedAt),
          lt(users.officialCollectedAt, new Date(now.getTime() - COLLECT_EVERY_MS)),
        ),
      ),
    );
}

/** Queues every due account; returns how many. */
export async function queueDueCollections(db: Database, clock: Clock, runner: AnalysisRunner): Promise<number> {
  const due = await dueForCollection(db, clock());
  for (const user of due) await runner.queue(user);
  return due.length;
}

/** Looks every LOOK_EVERY_MS from now on; stop() ends it. */
export function scheduleCollections(db: Database, clock: Clock, runner: AnalysisRunner, log: FastifyBaseLogger) {
  const timer = setInterval(() => {
    queueDueCollections(db, clock, runner).catch((error: unknown) =>
      log.error({ err: error }, 'queueing the daily official-API collections failed'),
    );
  }, LOOK_EVERY_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
