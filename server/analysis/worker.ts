// The job worker: takes analysis jobs from the queue and runs them. A worker holds an analysis by a
// lease on its row, renewed while it works, on the database's clock. A page or a commit is written
// only while the lease is held, so two workers never both write one analysis; when a worker dies its
// lease runs out and any other worker re-queues the analysis, which resumes from its last checkpoint.
import { randomUUID } from 'node:crypto';
import type { EventEmitter } from 'node:events';
import { hostname } from 'node:os';
import { and, eq, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { CollectorCore } from '../../wasm/collector.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/client.ts';
import { analyses, analysisChunks, users } from '../db/schema.ts';
import { dbNowPlus } from '../db/time.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { analysisDuration } from '../metrics.ts';
import type { SourceConnector } from '../source/connector.ts';
import { collectOfficial, type OfficialDeps, Reconnect } from '../source/official/collect.ts';
import { INVALID_ACCOUNT_ID } from '../source/sample.ts';
import { FIRST_STORY_PAGE, fetchAndKeepStoryPage } from '../source/story-pages.ts';
import { Cancelled, collectList, deleteCollected, LeaseLost, patiently } from './collect.ts';
import { commitAnalysis } from './commit.ts';
import { failureReason, loggedError } from './failure.ts';

/** In one process, the API side and the worker tell each other at once instead of waiting for a poll. */
export type AnalysisBus = EventEmitter<{ cancel: [analysisId: string]; settled: [analysisId: string] }>;

/** The error an analysis ends with when the network does not know the username. */
export const INVALID_USERNAME = 'invalid username';
/** The error an analysis ends with when its source does not hold the account (issue 17). */
export const NO_SOURCE = 'no source holds this account';
/** The error an official-API collection ends with when the token no longer works (issue 18). */
export const RECONNECT = 'reconnect the official API';

export interface WorkerDeps {
  db: Database;
  clock: Clock;
  core: CollectorCore;
  source: SourceConnector;
  log: FastifyBaseLogger;
  queue: JobQueue;
  bus: AnalysisBus;
  /** How long a lease lasts unless renewed; a dead worker's analyses move on after about this long. */
  leaseMs: number;
  /** Analyses this process runs at once. */
  concurrency: number;
  /** The official API, when configured: a connected account's analysis collects from it (issue 18). */
  official?: OfficialDeps | undefined;
  /** Runs once a job has ended, its commit finished (issue 33: the digest of what changed). */
  onCommitted?: ((analysisId: string) => Promise<void>) | undefined;
}

type StopReason = 'cancel' | 'lost' | 'shutdown';

export class AnalysisWorker {
  /** Names this process in leases (and in logs): host, pid and a random part for restarts. */
  readonly owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly active = new Map<string, { stop(reason: StopReason): void; check(): Promise<void> }>();
  private reaper: NodeJS.Timeout | undefined;
  private stopping = false;

  constructor(private readonly deps: WorkerDeps) {}

  /** Starts taking jobs, and re-queues what a stopped or dead worker left. */
  async start(): Promise<void> {
    const { queue, bus, leaseMs, concurrency, log } = this.deps;
    bus.on('cancel', this.onCancel);
    await queue.work((analysisId) => this.handle(analysisId), concurrency);
    await this.reap();
    await this.sweepCollected();
    this.reaper = setInterval(() => {
      this.reap().catch((error: unknown) => log.error({ err: error }, 'reaping analyses failed'));
    }, leaseMs / 3);
    this.reaper.unref();
  }

  /** Stops every job here, leaving each resumable, and hands the leases back so another worker goes on at once. */
  async stop(): Promise<void> {
    this.stopping = true;
    clearInterval(this.reaper);
    this.deps.bus.off('cancel', this.onCancel);
    for (const job of this.active.values()) job.stop('shutdown');
    await this.deps.queue.stop();
    await this.deps.db
      .update(analyses)
      .set({ leaseOwner: null, leaseUntil: sql`now()` })
      .where(and(eq(analyses.leaseOwner, this.owner), eq(analyses.status, 'running')));
  }

  /** Queues every running analysis no worker holds; returns how many. */
  async reap(): Promise<number> {
    const { db, queue } = this.deps;
    const loose = await db
      .select({ id: analyses.id })
      .from(analyses)
      .where(and(eq(analyses.status, 'running'), or(isNull(analyses.leaseUntil), lt(analyses.leaseUntil, sql`now()`))));
    for (const { id } of loose) await queue.reclaim(id);
    return loose.length;
  }

  /**
   * Deletes the collected pages a process left when it died between an analysis's commit and their
   * deletion (issue 31: they go after the commit, a batch at a time); once, when the worker starts.
   */
  async sweepCollected(): Promise<void> {
    const { db } = this.deps;
    const left = await db
      .selectDistinct({ id: analysisChunks.analysisId })
      .from(analysisChunks)
      .innerJoin(analyses, eq(analyses.id, analysisChunks.analysisId))
      .where(ne(analyses.status, 'running'));
    for (const { id } of left) await deleteCollected(db, id);
  }

  private readonly onCancel = (analysisId: string) => {
    void this.active
      .get(analysisId)
      ?.check()
      .catch(() => undefined);
  };

  /** Counts how this run ended (GET /metrics): still `running` means it was handed back or taken over. */
  private async measured(analysisId: string, seconds: number): Promise<void> {
    try {
      const [ended] = await this.deps.db
        .select({ status: analyses.status, source: analyses.source })
        .from(analyses)
        .where(eq(analyses.id, analysisId));
      const outcome = ended?.status === 'running' ? 'handed over' : (ended?.status ?? 'forgotten');
      analysisDuration.observe({ outcome, source: ended?.source ?? 'unknown' }, seconds);
    } catch (error) {
      this.deps.log.warn({ err: error, analysisId }, 'measuring an analysis failed');
    }
  }

  /** One job: take the lease, or leave the analysis to whoever holds it (or to nobody, when it is over). */
  private async handle(analysisId: string): Promise<void> {
    const { db, leaseMs, log, bus } = this.deps;
    if (this.stopping) return;
    const [claimed] = await db
      .update(analyses)
      .set({ leaseOwner: this.owner, leaseUntil: dbNowPlus(leaseMs), runs: sql`${analyses.runs} + 1` })
      .where(
        and(
          eq(analyses.id, analysisId),
          eq(analyses.status, 'running'),
          or(isNull(analyses.leaseOwner), isNull(analyses.leaseUntil), lt(analyses.leaseUntil, sql`now()`)),
        ),
      )
      .returning();
    if (!claimed) return;
    if (claimed.runs > 1) log.info({ analysisId, run: claimed.runs }, 'resuming an analysis from its checkpoint');

    const controller = new AbortController();
    const stop = (reason: StopReason) => {
      if (!controller.signal.aborted) controller.abort(reason);
    };
    // Renewing the lease is also how a cancel asked for by any API process reaches this worker.
    const check = async () => {
      const [row] = await db
        .update(analyses)
        .set({
          leaseUntil: dbNowPlus(leaseMs),
          // Issue 54: nobody waits, and the request that answered "still running" did not come back.
          cancelRequested: sql`${analyses.cancelRequested} or (${analyses.waiters} = 0 and ${analyses.returnBy} < now())`,
        })
        .where(and(eq(analyses.id, analysisId), eq(analyses.leaseOwner, this.owner), eq(analyses.status, 'running')))
        .returning({ cancelRequested: analyses.cancelRequested });
      if (!row) stop('lost');
      else if (row.cancelRequested) stop('cancel');
    };
    if (claimed.cancelRequested) stop('cancel');
    const renewal = setInterval(() => {
      check().catch((error: unknown) => log.warn({ err: error, analysisId }, 'lease renewal failed'));
    }, leaseMs / 3);
    this.active.set(analysisId, { stop, check });
    const began = performance.now();
    try {
      await this.run(claimed.id, claimed.userId, claimed.username, controller.signal);
    } finally {
      clearInterval(renewal);
      this.active.delete(analysisId);
      bus.emit('settled', analysisId);
    }
    await this.measured(analysisId, (performance.now() - began) / 1000);
    // Whatever the run came to; only a completed analysis is announced (server/push/announce.ts).
    await this.deps.onCommitted?.(analysisId);
  }

  private async run(analysisId: string, userId: string, username: string, signal: AbortSignal): Promise<void> {
    const { db, clock, core, source, log } = this.deps;
    const owner = this.owner;
    const held = and(eq(analyses.id, analysisId), eq(analyses.leaseOwner, owner));
    const finish = (status: string, error?: string) =>
      db
        .update(analyses)
        .set({ status, error, finishedAt: clock(), updatedAt: clock() })
        .where(and(held, eq(analyses.status, 'running')));
    try {
      const [account] = await db
        .select({ officialStatus: users.officialStatus })
        .from(users)
        .where(eq(users.id, userId));
      if (this.deps.official && account?.officialStatus === 'active') {
        await db.update(analyses).set({ source: 'official' }).where(held);
        await collectOfficial(this.deps.official, analysisId, userId, owner, signal);
        return;
      }
      const found = await patiently(() => source.lookup(username), signal);
      if (found.kind === 'unsupported') {
        // Not an account this source holds (a real username on the sample network): nothing to invent.
        await finish('failed', NO_SOURCE);
        return;
      }
      if (found.kind === 'notFound') {
        // spec §3: ten zeros mark a username the network does not know; user/detail then answers 400.
        await db.update(users).set({ instaId: INVALID_ACCOUNT_ID }).where(eq(users.id, userId));
        await finish('failed', INVALID_USERNAME);
        return;
      }
      if (found.kind !== 'ok') throw new Error(found.kind === 'failed' ? found.message : found.kind);
      const profile = found.value;
      await db.update(analyses).set({ accountId: profile.id }).where(held);

      if (profile.isPrivate) {
        // spec §4: a private account shows an alert and every stat is zero.
        await deleteCollected(db, analysisId);
        const zero = { ...profile, postCount: 0, reelCount: 0, storiesCount: 0 };
        await commitAnalysis(db, core, analysisId, userId, zero, [], clock(), owner);
        return;
      }

      await collectList(db, source, analysisId, profile.id, 'followers', signal, clock, owner);
      await collectList(db, source, analysisId, profile.id, 'following', signal, clock, owner);
      // A source with no viewer data gives none: never an invented list.
      const viewers = await patiently(() => source.profileViewers(profile.id), signal);
      const seen = viewers.kind === 'ok' ? viewers.value : undefined;
      // Issue 51: the stories list's first page, kept with every analysis whatever the number of story
      // users, so the app caches it right after (a callDB request) and the list opens offline. Stories
      // are not what the analysis is for: one that cannot be had now is asked for when the list opens.
      await fetchAndKeepStoryPage(db, source, {
        userId,
        username,
        cursor: '',
        size: FIRST_STORY_PAGE,
        now: clock(),
      }).catch((error: unknown) => log.warn({ err: loggedError(error), analysisId }, 'first story page not kept'));
      // Where a restart finds it (and the fault bench kills it): collected, about to be committed.
      log.info({ analysisId }, 'analysis collected; committing');
      await commitAnalysis(db, core, analysisId, userId, profile, seen, clock(), owner);
    } catch (error) {
      if (error instanceof LeaseLost || signal.reason === 'lost') {
        log.warn({ analysisId }, 'another worker holds this analysis now; leaving it');
        return;
      }
      if (error instanceof Reconnect) {
        // Nothing collected is lost; the dashboard asks the owner to connect again.
        await db.update(users).set({ officialStatus: error.reason }).where(eq(users.id, userId));
        await finish('failed', RECONNECT);
        return;
      }
      if (error instanceof Cancelled && signal.reason === 'shutdown') return;
      if (error instanceof Cancelled && signal.reason === 'cancel') {
        // Only if nobody came back for it meanwhile: a new request clears the wish to cancel.
        const [cancelled] = await db
          .update(analyses)
          .set({ status: 'cancelled', finishedAt: clock(), updatedAt: clock() })
          .where(and(held, eq(analyses.status, 'running'), eq(analyses.cancelRequested, true)))
          .returning({ id: analyses.id });
        if (cancelled) await deleteCollected(db, analysisId);
        else await db.update(analyses).set({ leaseOwner: null, leaseUntil: sql`now()` }).where(held);
        return;
      }
      log.error({ err: loggedError(error), analysisId }, 'analysis failed');
      await finish('failed', failureReason(error));
    }
  }
}
