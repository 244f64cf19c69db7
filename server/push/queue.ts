// The push job queue (issue 33), in the analysis queue's two homes (server/jobs/queue.ts): pg-boss on
// PostgreSQL, shared by every process and kept across restarts; in this process on the embedded
// database. A job is one message to one device; a push service's "try later" is a new job that starts
// later, so each wait can honour the service's Retry-After.
import type { FastifyBaseLogger } from 'fastify';
import { type Backlog, inProcessBacklog } from '../jobs/queue.ts';
import type { PushMessage } from './payload.ts';

export const PUSH_QUEUE = 'push';

export interface PushJob {
  subscriptionId: string;
  message: PushMessage;
  /** Tries made before this one. */
  attempt: number;
  /** Times a push service answered 413: how much shorter the payload is sent (payload.ts). */
  shortened: number;
  /** When the message stops being worth sending (Unix ms): a day after it was first queued. */
  expiresAt: number;
}

export interface PushQueue {
  readonly kind: 'in-process' | 'pg-boss';
  /** Queues a job to run after `delayMs` (at once by default). */
  send(job: PushJob, delayMs?: number): Promise<void>;
  /** Runs jobs from now on, at most `concurrency` at once in this process. */
  work(handle: (job: PushJob) => Promise<void>, concurrency: number): Promise<void>;
  /** Stops taking jobs and waits for those running here; delayed jobs not yet due are dropped. */
  stop(): Promise<void>;
  /** What waits and runs now (GET /metrics). */
  backlog(): Promise<Backlog[]>;
}

/** The embedded database's queue: jobs in memory, delays as timers. A restart loses what waits. */
export function inProcessPushQueue(log: FastifyBaseLogger): PushQueue {
  const waiting: PushJob[] = [];
  /** When each waiting job came due, in `waiting`'s order. */
  const dueAt: number[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<void>>();
  let handler: ((job: PushJob) => Promise<void>) | undefined;
  let slots = 0;
  let stopped = false;

  const pump = () => {
    while (handler && !stopped && running.size < slots && waiting.length) {
      const job = waiting.shift() as PushJob;
      dueAt.shift();
      const run = handler(job)
        .catch((error: unknown) => log.error({ err: error, subscriptionId: job.subscriptionId }, 'push job failed'))
        .finally(() => {
          running.delete(run);
          pump();
        });
      running.add(run);
    }
  };

  return {
    kind: 'in-process',
    async send(job, delayMs = 0) {
      if (stopped) return;
      if (delayMs <= 0) {
        waiting.push(job);
        dueAt.push(performance.now());
        queueMicrotask(pump);
        return;
      }
      const timer = setTimeout(() => {
        timers.delete(timer);
        waiting.push(job);
        dueAt.push(performance.now());
        pump();
      }, delayMs);
      timer.unref();
      timers.add(timer);
    },
    async work(handle, concurrency) {
      handler = handle;
      slots = concurrency;
      pump();
    },
    async stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      waiting.length = 0;
      dueAt.length = 0;
      await Promise.allSettled([...running]);
    },
    async backlog() {
      return inProcessBacklog(PUSH_QUEUE, dueAt, running.size);
    },
  };
}
