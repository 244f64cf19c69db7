// The digest of a collection (issue 33): once an analysis, an import or the official API's daily
// collection has committed, its counts go to each of the user's subscribed devices as one push job.
// Called after the commit, never inside it: a push waits on another machine, and a transaction must not.
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { analyses, analysisLists, officialDays } from '../db/schema.ts';
import { type DigestCounts, hasChanges, type PushMessage } from './payload.ts';
import type { PushQueue } from './queue.ts';
import { subscriptionsOf } from './subscriptions.ts';

type DigestMessage = Extract<PushMessage, { kind: 'digest' }>;

/** A push is kept by the push service for a day at most, and tried again for as long. */
export const PUSH_TTL_MS = 24 * 3_600_000;
const DAY_MS = 24 * 3_600_000;

/** The day before `at`, as the official API's days are named (YYYY-MM-DD, UTC). */
const dayBefore = (at: Date) => new Date(at.getTime() - DAY_MS).toISOString().slice(0, 10);

/**
 * What a completed analysis changed: who came and who left since the one before it (the network's
 * lists, or a download's); for the official API, which counts but never names, the last whole day's
 * follows, unfollows and profile visits. Undefined when the analysis is not complete.
 */
export async function digestOf(
  db: Database,
  analysisId: string,
): Promise<{ userId: string; message: DigestMessage } | undefined> {
  const [analysis] = await db
    .select({ userId: analyses.userId, source: analyses.source, finishedAt: analyses.finishedAt })
    .from(analyses)
    .where(and(eq(analyses.id, analysisId), eq(analyses.status, 'complete')));
  if (!analysis?.finishedAt) return undefined;
  let counts: DigestCounts;
  let key = `analysis:${analysisId}`;
  if (analysis.source === 'official') {
    const day = dayBefore(analysis.finishedAt);
    const [row] = await db
      .select()
      .from(officialDays)
      .where(and(eq(officialDays.userId, analysis.userId), eq(officialDays.day, day)));
    // A count the API did not give is null, never a 0 announced (issue 49).
    counts = {
      newFollowers: row?.follows ?? null,
      lostFollowers: row?.unfollows ?? null,
      profileVisits: row?.profileViews ?? null,
    };
    // A second collection the same day announces the same day: once is enough.
    key = `official:${day}`;
  } else {
    const lists = await db
      .select({ list: analysisLists.list, count: analysisLists.count })
      .from(analysisLists)
      .where(
        and(eq(analysisLists.analysisId, analysisId), inArray(analysisLists.list, ['newFollowers', 'followersLost'])),
      );
    const count = (list: string) => lists.find((row) => row.list === list)?.count ?? 0;
    // Nobody gives profile visits but the official API; the sample network's viewers are people, not visits.
    counts = { newFollowers: count('newFollowers'), lostFollowers: count('followersLost'), profileVisits: null };
  }
  return { userId: analysis.userId, message: { kind: 'digest', key, counts } };
}

/** Queues the digest of a committed analysis to each device of its user; returns how many were queued. */
export async function announceAnalysis(db: Database, queue: PushQueue, analysisId: string, now: Date): Promise<number> {
  const digest = await digestOf(db, analysisId);
  if (!digest || !hasChanges(digest.message.counts)) return 0;
  return queueForUser(db, queue, digest.userId, digest.message, now);
}

/** Queues `message` to each of the user's devices. */
export async function queueForUser(
  db: Database,
  queue: PushQueue,
  userId: string,
  message: PushMessage,
  now: Date,
): Promise<number> {
  const devices = await subscriptionsOf(db, userId);
  for (const subscriptionId of devices) {
    await queue.send({ subscriptionId, message, attempt: 0, shortened: 0, expiresAt: now.getTime() + PUSH_TTL_MS });
  }
  return devices.length;
}
