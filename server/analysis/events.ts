// An analysis's follow events: who came and who left, dated. Issue 31: they are written before the
// commit's last transaction, 1,000 a statement in short transactions of their own, as the parts are
// (parts.ts): in that transaction a day-later 1M analysis's 9,000 held the embedded database 0.4-0.8 s,
// and an import months after the last one can bring ten times as many. Until the analysis is complete
// no reader counts them: the insights count only the events of analyses with a committed snapshot, and
// the account's document only those of complete analyses (server/users/account-export.ts).
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { followEvents } from '../db/schema.ts';
import type { PartsGuard } from './parts.ts';

/** Events written, or deleted, per statement. */
const EVENTS_PER_STATEMENT = 1_000;

/** Follow events as columns: the ids, `followed` or `unfollowed`, and when (ISO). */
export interface FollowEvents {
  ids: string[];
  kinds: string[];
  ats: string[];
}

/** Adds one event. */
export function addEvent(events: FollowEvents, id: bigint, kind: 'followed' | 'unfollowed', at: Date): void {
  events.ids.push(id.toString());
  events.kinds.push(kind);
  events.ats.push(at.toISOString());
}

/**
 * Writes the events, each statement's as three array parameters: as rows of five values, 1,000 events
 * were 5,000 parameters, and the embedded database took twice as long over them. Ids, kinds and ISO times
 * need no quoting in an array literal.
 */
export async function writeEvents(
  db: Database,
  userId: string,
  analysisId: string,
  events: FollowEvents,
  guard: PartsGuard,
): Promise<void> {
  const literal = (values: string[]) => `{${values.join(',')}}`;
  for (let start = 0; start < events.ids.length; start += EVENTS_PER_STATEMENT) {
    const end = start + EVENTS_PER_STATEMENT;
    await db.transaction(async (tx) => {
      await guard(tx);
      await tx.execute(sql`
        insert into ${followEvents} (user_id, analysis_id, insta_id, kind, at)
        select ${userId}::uuid, ${analysisId}::uuid, event.insta_id, event.kind, event.at
        from unnest(
          ${literal(events.ids.slice(start, end))}::text[],
          ${literal(events.kinds.slice(start, end))}::text[],
          ${literal(events.ats.slice(start, end))}::timestamptz[]
        ) as event(insta_id, kind, at)`);
    });
    // An embedded write resolves without waiting on a socket: a turn of the event loop lets requests in.
    await yieldToEventLoop();
  }
}

/** Deletes the events a commit of the analysis that stopped half-way wrote, 1,000 a statement. */
export async function deleteEvents(db: Database, userId: string, analysisId: string, guard: PartsGuard) {
  // By the account too: the events' index is the account's (follow_events_user_idx), not the analysis's.
  const ofAnalysis = and(eq(followEvents.userId, userId), eq(followEvents.analysisId, analysisId));
  for (let deleted = EVENTS_PER_STATEMENT; deleted === EVENTS_PER_STATEMENT; ) {
    deleted = await db.transaction(async (tx) => {
      await guard(tx);
      const batch = await tx
        .select({ id: followEvents.id })
        .from(followEvents)
        .where(ofAnalysis)
        .limit(EVENTS_PER_STATEMENT);
      if (batch.length > 0)
        await tx.delete(followEvents).where(
          inArray(
            followEvents.id,
            batch.map((row) => row.id),
          ),
        );
      return batch.length;
    });
  }
}
