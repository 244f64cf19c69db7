// Starting an analysis and waiting for it, from any API process: one running analysis per account
// (a second request joins the first), its job on the queue, its outcome read from the database. The
// API keeps nothing in memory: the requests waiting are counted on the analysis's row, and when the
// last of them gives up the analysis is asked to cancel.
//
// Issue 54: no request is held longer than a proxy allows. One that has waited `answerWithinMs` answers
// "still running" and the app asks again at once, joining the same analysis. The one rule: an analysis
// runs while a request waits for it, or one that answered "still running" may still come back (for
// `returnGraceMs`); when the last waiting request is gone (its connection closed) and none is due back,
// or the grace passes with nobody back, it is cancelled (the worker reads that at its lease renewal).
import { and, eq, sql } from 'drizzle-orm';
import type { UserRow } from '../auth/tokens.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/client.ts';
import { analyses } from '../db/schema.ts';
import { dbNowPlus } from '../db/time.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { findUserById } from '../users/record.ts';
import { type AnalysisBus, INVALID_USERNAME, NO_SOURCE, RECONNECT } from './worker.ts';

export type AnalysisOutcome =
  | { kind: 'complete' | 'private' | 'invalid'; user: UserRow }
  /** Still going after `answerWithinMs`: the caller asks again, and joins it. */
  | { kind: 'running' }
  | { kind: 'cancelled' }
  /** No source the account has can be analysed (it is not a sample-network account). */
  | { kind: 'noSource' }
  /** The official API's token no longer works: the owner must connect again (issue 18). */
  | { kind: 'reconnect' }
  | { kind: 'failed'; message: string };

export interface RunnerDeps {
  db: Database;
  clock: Clock;
  queue: JobQueue;
  bus: AnalysisBus;
  /** A queued analysis no worker has taken within this long is queued again. */
  leaseMs: number;
  /** How often a waiting request looks at its analysis when no event from this process says it ended. */
  pollMs: number;
  /** How long a request waits before it answers "still running" (ANSWER_WITHIN_MS unless a test says). */
  answerWithinMs?: number;
  /** How long an analysis waits for the request that answered "still running" to come back. */
  returnGraceMs?: number;
}

/** Well under a proxy's usual 60 s and a phone's patience: the app asks again after this. */
export const ANSWER_WITHIN_MS = 20_000;
/** The app asks again at once; a page that closed meanwhile never does, and its analysis stops after this. */
export const RETURN_GRACE_MS = 15_000;

export class AnalysisRunner {
  constructor(private readonly deps: RunnerDeps) {}

  /** Runs (or joins) the user's analysis; `signal` is this caller's wish to stop waiting. */
  async start(user: UserRow, signal?: AbortSignal): Promise<AnalysisOutcome> {
    const analysisId = await this.join(user);
    await this.deps.queue.enqueue(analysisId);
    const answerBy = performance.now() + (this.deps.answerWithinMs ?? ANSWER_WITHIN_MS);
    let left = false;
    for (;;) {
      const [row] = await this.deps.db
        .select({ status: analyses.status, error: analyses.error })
        .from(analyses)
        .where(eq(analyses.id, analysisId));
      if (!row) return { kind: 'failed', message: 'analysis vanished' };
      if (row.status !== 'running') return this.outcome(user.id, row.status, row.error);
      if (signal?.aborted && !left) {
        left = true;
        // Another request still waits: the analysis goes on for it. The last one out waits for the cancel.
        if (!(await this.leave(analysisId))) return { kind: 'cancelled' };
      }
      if (!left && performance.now() >= answerBy) {
        // Without a signal (an official-API collection, the account's daily record) it runs to its end.
        await this.handOver(analysisId, signal !== undefined);
        return { kind: 'running' };
      }
      await this.settled(analysisId, left ? undefined : signal, left ? undefined : answerBy);
    }
  }

  /** Whether the account has an analysis running: a start now joins it rather than opening one. */
  async isRunning(userId: string): Promise<boolean> {
    const [row] = await this.deps.db
      .select({ id: analyses.id })
      .from(analyses)
      .where(and(eq(analyses.userId, userId), eq(analyses.status, 'running')))
      .limit(1);
    return row !== undefined;
  }

  /**
   * Queues an analysis nobody waits for (the daily official-API collection, issue 18): it runs to its
   * end whatever happens to requests; an analysis already running for the account is that one.
   */
  async queue(user: UserRow): Promise<string> {
    const analysisId = await this.join(user, 0);
    await this.deps.queue.enqueue(analysisId);
    return analysisId;
  }

  /** Joins the account's running analysis, or opens one (the unique index keeps it to one). */
  private async join(user: UserRow, waiting = 1): Promise<string> {
    const { db, clock, leaseMs } = this.deps;
    for (let attempt = 0; attempt < 5; attempt++) {
      const [joined] = await db
        .update(analyses)
        .set({ waiters: sql`${analyses.waiters} + ${waiting}`, cancelRequested: false })
        .where(and(eq(analyses.userId, user.id), eq(analyses.status, 'running')))
        .returning({ id: analyses.id });
      if (joined) return joined.id;
      const now = clock();
      const [created] = await db
        .insert(analyses)
        .values({
          userId: user.id,
          username: user.username,
          status: 'running',
          startedAt: now,
          updatedAt: now,
          waiters: waiting,
          // Not held by a worker yet: if none takes it within a lease, any worker queues it again.
          leaseUntil: dbNowPlus(leaseMs),
        })
        .onConflictDoNothing({ target: analyses.userId, where: sql`status = 'running'` })
        .returning({ id: analyses.id });
      if (created) return created.id;
    }
    throw new Error('could not open an analysis');
  }

  /**
   * Counts this request out; true when it was the last, none is due back, and the analysis is now asked
   * to cancel.
   */
  private async leave(analysisId: string): Promise<boolean> {
    const [row] = await this.deps.db
      .update(analyses)
      // In SET, `waiters` is the value before this update.
      .set({
        waiters: sql`greatest(${analyses.waiters} - 1, 0)`,
        cancelRequested: sql`${analyses.waiters} <= 1 and (${analyses.returnBy} is null or ${analyses.returnBy} < now())`,
      })
      .where(and(eq(analyses.id, analysisId), eq(analyses.status, 'running')))
      .returning({ cancelRequested: analyses.cancelRequested });
    if (!row?.cancelRequested) return false;
    this.deps.bus.emit('cancel', analysisId);
    return true;
  }

  /** Counts this request out as one that answered "still running": it is due back within the grace. */
  private async handOver(analysisId: string, cancellable: boolean): Promise<void> {
    const graceMs = this.deps.returnGraceMs ?? RETURN_GRACE_MS;
    await this.deps.db
      .update(analyses)
      .set({
        waiters: sql`greatest(${analyses.waiters} - 1, 0)`,
        ...(cancellable ? { returnBy: dbNowPlus(graceMs) } : {}),
      })
      .where(and(eq(analyses.id, analysisId), eq(analyses.status, 'running')));
  }

  /**
   * Waits for a word from this process's worker that the analysis ended, the poll interval, the caller's
   * abort, or the time to answer "still running".
   */
  private settled(analysisId: string, signal: AbortSignal | undefined, until?: number): Promise<void> {
    const { bus } = this.deps;
    const pollMs =
      until === undefined ? this.deps.pollMs : Math.max(0, Math.min(this.deps.pollMs, until - performance.now()));
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        bus.off('settled', onSettled);
        signal?.removeEventListener('abort', done);
        resolve();
      };
      const onSettled = (id: string) => {
        if (id === analysisId) done();
      };
      const timer = setTimeout(done, pollMs);
      bus.on('settled', onSettled);
      signal?.addEventListener('abort', done, { once: true });
    });
  }

  private async outcome(userId: string, status: string, error: string | null): Promise<AnalysisOutcome> {
    if (status === 'cancelled') return { kind: 'cancelled' };
    if (error === NO_SOURCE) return { kind: 'noSource' };
    if (error === RECONNECT) return { kind: 'reconnect' };
    if (status !== 'complete' && error !== INVALID_USERNAME) return { kind: 'failed', message: error ?? status };
    const user = await findUserById(this.deps.db, userId);
    if (!user) return { kind: 'failed', message: 'user vanished' };
    if (status !== 'complete') return { kind: 'invalid', user };
    return { kind: user.isPrivate ? 'private' : 'complete', user };
  }
}
