// The analysis job queue: one interface, two homes. On PostgreSQL it is pg-boss (durable, shared by
// every process); on the embedded database it lives in the one process. Neither is what makes a job
// survive a dead worker: the analysis row's lease and checkpoints do (server/analysis/worker.ts), and
// any worker re-queues an analysis whose lease has run out.
import type { FastifyBaseLogger } from 'fastify';
import { asJobWork } from '../db/query-scheduler.ts';

export const ANALYSIS_QUEUE = 'analysis';

/** What waits in one job queue when scraped. */
export interface Backlog {
  queue: string;
  /** Jobs due and not yet taken by a worker. */
  waiting: number;
  /** How long the oldest of them has been due, in seconds (0 when none waits). */
  oldestWaitSeconds: number;
  /** Jobs a worker has taken and not finished. */
  running: number;
}

export interface JobQueue {
  readonly kind: 'in-process' | 'pg-boss';
  /** Queues the analysis; asking again while it waits in the queue is still one job. */
  enqueue(analysisId: string): Promise<void>;
  /**
   * Queues an analysis whose lease ran out (its worker died or stalled). A job the queue still shows
   * as taken by that worker is failed first, so the queue retries it and never shows it active for
   * hours; a new job goes in at once too, so nobody waits for the retry's delay.
   */
  reclaim(analysisId: string): Promise<void>;
  /** Takes jobs from now on, at most `concurrency` at once in this process. */
  work(handle: (analysisId: string) => Promise<void>, concurrency: number): Promise<void>;
  /** Stops taking jobs and waits for the ones running here (their handlers must end on their own). */
  stop(): Promise<void>;
  /** What waits and runs now (GET /metrics). */
  backlog(): Promise<Backlog[]>;
}

/** An in-process queue's backlog from its waiting jobs' due times (`performance.now()`). */
export function inProcessBacklog(queue: string, dueTimes: number[], running: number): Backlog[] {
  const oldest = dueTimes.length ? Math.min(...dueTimes) : undefined;
  const oldestWaitSeconds = oldest === undefined ? 0 : (performance.now() - oldest) / 1000;
  return [{ queue, waiting: dueTimes.length, oldestWaitSeconds, running }];
}

/** The embedded database's queue: a list in memory, each id at most once, run by this process. */
export function inProcessQueue(log: FastifyBaseLogger): JobQueue {
  const waiting: string[] = [];
  /** When each waiting analysis was queued. */
  const queuedAt = new Map<string, number>();
  const known = new Set<string>();
  const running = new Set<Promise<void>>();
  let handler: ((analysisId: string) => Promise<void>) | undefined;
  let slots = 0;
  let stopped = false;

  const pump = () => {
    while (handler && !stopped && running.size < slots && waiting.length) {
      const id = waiting.shift() as string;
      queuedAt.delete(id);
      const run = handler;
      // Its queries share the embedded database with the requests' instead of queueing behind them.
      const job = asJobWork(() => run(id))
        .catch((error: unknown) => log.error({ err: error, analysisId: id }, 'analysis job failed'))
        .finally(() => {
          running.delete(job);
          known.delete(id);
          pump();
        });
      running.add(job);
    }
  };

  return {
    kind: 'in-process',
    async enqueue(analysisId) {
      if (stopped || known.has(analysisId)) return;
      known.add(analysisId);
      waiting.push(analysisId);
      queuedAt.set(analysisId, performance.now());
      queueMicrotask(pump);
    },
    // A process's queue dies with it: nothing of a dead worker's is left in this one.
    reclaim(analysisId) {
      return this.enqueue(analysisId);
    },
    async work(handle, concurrency) {
      handler = handle;
      slots = concurrency;
      pump();
    },
    async stop() {
      stopped = true;
      waiting.length = 0;
      queuedAt.clear();
      await Promise.allSettled([...running]);
    },
    async backlog() {
      return inProcessBacklog(ANALYSIS_QUEUE, [...queuedAt.values()], running.size);
    },
  };
}
