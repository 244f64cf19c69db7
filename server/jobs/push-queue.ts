// The push queue on PostgreSQL (issue 33): pg-boss, like the analysis queue (pg-boss.ts), so a message
// waiting for a push service's Retry-After outlives the process that queued it, and any worker sends it.
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import { PUSH_QUEUE, type PushJob, type PushQueue } from '../push/queue.ts';
import { JOB_SCHEMA, pgBossBacklog } from './pg-boss.ts';

export const pushQueueOptions: PgBoss.Queue = {
  name: PUSH_QUEUE,
  policy: 'standard',
  // A handler that throws (the database went away) is tried again; a push service's own answers are
  // handled in the job (server/push/deliver.ts), which queues its retry with the wait the service asked for.
  retryLimit: 3,
  retryDelay: 30,
  retryBackoff: true,
  // One message is one request with a 10 s deadline and two queries.
  expireInSeconds: 120,
};

export interface PgBossPushQueueOptions {
  url: string;
  log: FastifyBaseLogger;
  pollingIntervalSeconds: number;
}

/** pg-boss of its own (two connections), so push jobs never wait behind the analysis queue's pool. */
export async function pgBossPushQueue(options: PgBossPushQueueOptions): Promise<PushQueue> {
  const boss = new PgBoss({
    connectionString: options.url,
    schema: JOB_SCHEMA,
    max: 2,
    // The analysis queue's instance does the schema's upkeep in worker processes.
    supervise: false,
    schedule: false,
    migrate: false,
    application_name: 'followscope-push',
  });
  boss.on('error', (error) => options.log.error({ err: error }, 'push queue error'));
  await boss.start();
  let working = false;
  return {
    kind: 'pg-boss',
    async send(job, delayMs = 0) {
      await boss.send(PUSH_QUEUE, job, delayMs > 0 ? { startAfter: Math.ceil(delayMs / 1000) } : {});
    },
    async work(handle, concurrency) {
      working = true;
      for (let slot = 0; slot < concurrency; slot++) {
        await boss.work<PushJob>(
          PUSH_QUEUE,
          { batchSize: 1, pollingIntervalSeconds: options.pollingIntervalSeconds },
          async ([job]) => {
            if (job) await handle(job.data);
          },
        );
      }
    },
    async stop() {
      await boss.stop({ graceful: working, wait: true, timeout: 30_000 });
    },
    backlog: () => pgBossBacklog(boss, PUSH_QUEUE),
  };
}
