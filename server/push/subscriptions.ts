// The devices that asked for notifications (issue 33): one row per push endpoint, per user.
import { createHash } from 'node:crypto';
import { and, desc, eq, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import type { Locale } from '../../common/locales.ts';
import type { PushSubscribe } from '../../common/schema/push.ts';
import type { Database } from '../db/client.ts';
import { pushSubscriptions } from '../db/schema.ts';

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/** Devices one account keeps notified; a new one past this replaces the one heard from longest ago. */
export const MAX_DEVICES = 20;

/** How login tokens are kept (server/auth/tokens.ts): the session a subscription came from, by its hash. */
export const sessionHashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Keeps a device's subscription for `userId`. An endpoint already known moves to this user only when the
 * request proves it is the same device: it carries the subscription's own `auth` secret, which only the
 * browser that subscribed holds (issue 48: an endpoint posted with other keys once took another user's
 * device away). Otherwise nothing changes and `held` says why. `replaces` (an endpoint the browser
 * renewed) goes. Returns the stored wish for a weekly reminder.
 */
export async function saveSubscription(
  db: Database,
  userId: string,
  request: PushSubscribe,
  context: { locale: Locale; sessionHash: string; now: Date },
): Promise<{ weeklyReminder: boolean; held?: never } | { held: true }> {
  const { endpoint, keys } = request;
  // A first reminder comes a week after asking for it. Unsaid, the wish stays, unless the device changes hands.
  const reminder =
    request.weekly_reminder === undefined
      ? {
          weeklyReminder: sql`case when ${pushSubscriptions.userId} = ${userId} then ${pushSubscriptions.weeklyReminder} else false end`,
        }
      : { weeklyReminder: request.weekly_reminder, remindedAt: request.weekly_reminder ? context.now : null };
  const values = {
    userId,
    endpoint,
    p256dh: keys.p256dh.replace(/=+$/, ''),
    auth: keys.auth.replace(/=+$/, ''),
    locale: context.locale,
    sessionHash: context.sessionHash,
    updatedAt: context.now,
  };
  const [row] = await db
    .insert(pushSubscriptions)
    .values({
      ...values,
      weeklyReminder: request.weekly_reminder ?? false,
      remindedAt: request.weekly_reminder ? context.now : null,
      createdAt: context.now,
    })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { ...values, ...reminder },
      setWhere: or(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.auth, values.auth)),
    })
    .returning({ weeklyReminder: pushSubscriptions.weeklyReminder });
  if (!row) return { held: true };
  if (request.replaces && request.replaces !== endpoint) {
    await db
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, request.replaces)));
  }
  // Each row is a message per digest: an account cannot make the server send without bound.
  const kept = db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.updatedAt), desc(pushSubscriptions.createdAt))
    .limit(MAX_DEVICES);
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, kept)));
  return { weeklyReminder: row?.weeklyReminder ?? false };
}

/** Forgets this user's device at `endpoint` (notifications turned off there). */
export async function removeSubscription(db: Database, userId: string, endpoint: string): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}

/** Forgets every device a login session subscribed (that session logged out). */
export async function removeSessionSubscriptions(db: Database, token: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.sessionHash, sessionHashOf(token)));
}

/** Forgets one subscription by id (its push service said it is gone). */
export async function dropSubscription(db: Database, id: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

/** One subscription by id; undefined once it is gone. */
export async function findSubscription(db: Database, id: string): Promise<PushSubscriptionRow | undefined> {
  const [row] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id));
  return row;
}

/** The ids of a user's subscribed devices. */
export async function subscriptionsOf(db: Database, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
  return rows.map((row) => row.id);
}

/** Records a delivery; a digest's key is kept so the same collection is never announced twice here. */
export async function markSent(db: Database, id: string, now: Date, digestKey: string | undefined): Promise<void> {
  await db
    .update(pushSubscriptions)
    .set({ lastSentAt: now, ...(digestKey && { lastDigest: digestKey }) })
    .where(eq(pushSubscriptions.id, id));
}

/**
 * Claims the subscription's weekly reminder when it is due (none for `everyMs`): true for one caller
 * only, however many workers look at once.
 */
export async function claimReminder(db: Database, id: string, now: Date, everyMs: number): Promise<boolean> {
  const claimed = await db
    .update(pushSubscriptions)
    .set({ remindedAt: now })
    .where(
      and(
        eq(pushSubscriptions.id, id),
        eq(pushSubscriptions.weeklyReminder, true),
        or(isNull(pushSubscriptions.remindedAt), lt(pushSubscriptions.remindedAt, new Date(now.getTime() - everyMs))),
      ),
    )
    .returning({ id: pushSubscriptions.id });
  return claimed.length > 0;
}
