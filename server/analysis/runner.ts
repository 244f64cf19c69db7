// Analysis jobs: one per account at a time. A second request joins the running one; when every
// waiting client has gone, the job is cancelled. Jobs left running by a stopped server resume.
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { CollectorCore } from '../../wasm/collector.ts';
import type { UserRow } from '../auth/tokens.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/client.ts';
import { analyses, analysisChunks, users } from '../db/schema.ts';
import type { SourceConnector } from '../source/connector.ts';
import { INVALID_ACCOUNT_ID } from '../source/sample.ts';
import { findUserById } from '../users/record.ts';
import { Cancelled, collectList, patiently } from './collect.ts';
import { commitAnalysis } from './commit.ts';

export type AnalysisOutcome =
  | { kind: 'complete' | 'private' | 'invalid'; user: UserRow }
  | { kind: 'cancelled' }
  | { kind: 'failed'; message: string };

export interface RunnerDeps {
  db: Database;
  clock: Clock;
  core: CollectorCore;
  source: SourceConnector;
  log: FastifyBaseLogger;
}

interface Job {
  done: Promise<AnalysisOutcome>;
  controller: AbortController;
  waiters: number;
}

export class AnalysisRunner {
  private readonly jobs = new Map<string, Job>();
  private stopping = false;

  constructor(private readonly deps: RunnerDeps) {}

  /** Runs (or joins) the user's analysis; `signal` is this caller's wish to stop waiting. */
  start(user: UserRow, signal?: AbortSignal): Promise<AnalysisOutcome> {
    // Registered before any await, so a second call in the same tick joins rather than starts.
    const job = this.jobs.get(user.id) ?? this.launch(user.id, () => this.openAnalysis(user));
    return this.wait(job, signal);
  }

  /** Resumes analyses a stopped server left running (called once at start). */
  async resumeAll(): Promise<number> {
    const left = await this.deps.db.select().from(analyses).where(eq(analyses.status, 'running'));
    for (const row of left) if (!this.jobs.has(row.userId)) this.launch(row.userId, async () => row.id);
    return left.length;
  }

  /** Stops every job for a shutdown, leaving them 'running' with their checkpoints so the next start resumes. */
  async shutdown(): Promise<void> {
    this.stopping = true;
    const pending = [...this.jobs.values()];
    for (const job of pending) job.controller.abort();
    await Promise.allSettled(pending.map((job) => job.done));
  }

  /** Whether an analysis is running for the user in this process. */
  isRunning(userId: string): boolean {
    return this.jobs.has(userId);
  }

  private async openAnalysis(user: UserRow): Promise<string> {
    const { db, clock } = this.deps;
    const [running] = await db
      .select({ id: analyses.id })
      .from(analyses)
      .where(and(eq(analyses.userId, user.id), eq(analyses.status, 'running')));
    if (running) return running.id;
    const now = clock();
    const [created] = await db
      .insert(analyses)
      .values({ userId: user.id, username: user.username, status: 'running', startedAt: now, updatedAt: now })
      .returning({ id: analyses.id });
    if (!created) throw new Error('analysis insert returned nothing');
    return created.id;
  }

  private launch(userId: string, open: () => Promise<string>): Job {
    const controller = new AbortController();
    const job: Job = { controller, waiters: 0, done: Promise.resolve({ kind: 'cancelled' }) };
    job.done = open()
      .then((analysisId) => this.run(userId, analysisId, controller.signal))
      .finally(() => this.jobs.delete(userId));
    this.jobs.set(userId, job);
    return job;
  }

  private async wait(job: Job, signal?: AbortSignal): Promise<AnalysisOutcome> {
    job.waiters++;
    const leave = () => {
      job.waiters--;
      if (job.waiters === 0) job.controller.abort();
    };
    signal?.addEventListener('abort', leave, { once: true });
    try {
      return await job.done;
    } finally {
      signal?.removeEventListener('abort', leave);
      if (!signal?.aborted) job.waiters--;
    }
  }

  private async run(userId: string, analysisId: string, signal: AbortSignal): Promise<AnalysisOutcome> {
    const { db, clock, core, source, log } = this.deps;
    const finish = (status: string, error?: string) =>
      db
        .update(analyses)
        .set({ status, error, finishedAt: clock(), updatedAt: clock() })
        .where(eq(analyses.id, analysisId));
    try {
      const [analysis] = await db.select().from(analyses).where(eq(analyses.id, analysisId));
      if (!analysis) throw new Error('analysis vanished');
      const found = await patiently(() => source.lookup(analysis.username), signal);
      if (found.kind === 'notFound') {
        // spec §3: ten zeros mark a username the network does not know; user/detail then answers 400.
        const [user] = await db
          .update(users)
          .set({ instaId: INVALID_ACCOUNT_ID })
          .where(eq(users.id, userId))
          .returning();
        await finish('failed', 'invalid username');
        return user ? { kind: 'invalid', user } : { kind: 'failed', message: 'user vanished' };
      }
      if (found.kind !== 'ok') throw new Error(found.kind === 'failed' ? found.message : found.kind);
      const profile = found.value;
      await db.update(analyses).set({ accountId: profile.id }).where(eq(analyses.id, analysisId));

      if (profile.isPrivate) {
        // spec §4: a private account shows an alert and every stat is zero.
        await db.delete(analysisChunks).where(eq(analysisChunks.analysisId, analysisId));
        await commitAnalysis(
          db,
          core,
          analysisId,
          userId,
          { ...profile, postCount: 0, reelCount: 0, storiesCount: 0 },
          [],
          clock(),
        );
        const user = await findUserById(db, userId);
        return user ? { kind: 'private', user } : { kind: 'failed', message: 'user vanished' };
      }

      await collectList(db, source, analysisId, profile.id, 'followers', signal, clock);
      await collectList(db, source, analysisId, profile.id, 'following', signal, clock);
      // A source with no viewer data gives none: never an invented list.
      const viewers = await patiently<string[] | undefined>(async () => {
        const answer = await source.profileViewers(profile.id);
        return answer.kind === 'unsupported' ? { kind: 'ok' as const, value: undefined } : answer;
      }, signal);
      await commitAnalysis(
        db,
        core,
        analysisId,
        userId,
        profile,
        viewers.kind === 'ok' ? viewers.value : undefined,
        clock(),
      );
      const user = await findUserById(db, userId);
      return user ? { kind: 'complete', user } : { kind: 'failed', message: 'user vanished' };
    } catch (error) {
      if (error instanceof Cancelled) {
        if (this.stopping) return { kind: 'cancelled' };
        await db.delete(analysisChunks).where(eq(analysisChunks.analysisId, analysisId));
        await finish('cancelled');
        return { kind: 'cancelled' };
      }
      log.error({ err: error, analysisId }, 'analysis failed');
      await finish('failed', String(error));
      return { kind: 'failed', message: String(error) };
    }
  }
}
