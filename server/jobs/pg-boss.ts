// The analysis queue on PostgreSQL: pg-boss, so a queued job outlives the process that queued it and
// any worker process may take it. pg-boss 10 is its last release for Node 20.
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import { ANALYSIS_QUEUE, type Backlog, type JobQueue } from './queue.ts';

/** Where pg-boss keeps its tables, beside the app's. */
export const JOB_SCHEMA = 'pgboss';

interface AnalysisJob {
  analysisId: string;
}

const queueOptions: PgBoss.Queue = {
  name: ANALYSIS_QUEUE,
  // One waiting job per analysis: asking twice while it waits is one job.
  policy: 'short',
  // A handler that throws (the database went away mid-job) is tried again; the analysis's own
  // failures are recorded on its row and end the job normally.
  retryLimit: 5,
  retryDelay: 5,
  retryBackoff: true,
  // The lease (server/analysis/worker.ts) finds a dead worker's job long before pg-boss would, and
  // the reaper fails that job then (reclaim below); this is only the backstop.
  expireInSeconds: 4 * 60 * 60,
};

/**
 * One queue's backlog from pg-boss's table: jobs due (`start_after` passed) and not taken, how long the
 * oldest has been due, and jobs taken. A delayed job (a push held for the morning) is not yet waiting.
 */
export async function pgBossBacklog(boss: PgBoss, queue: string): Promise<Backlog[]> {
  const { rows } = await boss.getDb().executeSql(
    `SELECT count(*) FILTER (WHERE state IN ('created', 'retry') AND start_after <= now())::int AS waiting,
            coalesce(extract(epoch FROM now() - min(start_after) FILTER (WHERE state IN ('created', 'retry') AND start_after <= now())), 0)::float AS oldest,
            count(*) FILTER (WHERE state = 'active')::int AS running
       FROM ${JOB_SCHEMA}.job WHERE name = $1 AND state IN ('created', 'retry', 'active')`,
    [queue],
  );
  const [row] = rows as Array<{ waiting: number; oldest: number; running: number }>;
  return [{ queue, waiting: row?.waiting ?? 0, oldestWaitSeconds: row?.oldest ?? 0, running: row?.running ?? 0 }];
}

/** Creates pg-boss's tables, the analysis queue and the push queue if absent (run with the app's migrations). */
export async function migrateJobSchema(url: string): Promise<void> {
  const boss = new PgBoss({ connectionString: url, schema: JOB_SCHEMA, max: 1, supervise: false, schedule: false });
  await boss.start();
  await boss.createQueue(ANALYSIS_QUEUE, queueOptions);
  // Issue 33's queue (imported when used: push-queue.ts reads JOB_SCHEMA from this module).
  const { pushQueueOptions } = await import('./push-queue.ts');
  await boss.createQueue(pushQueueOptions.name, pushQueueOptions);
  await boss.stop({ graceful: false, wait: true });
}

export interface PgBossQueueOptions {
  url: string;
  log: FastifyBaseLogger;
  /** Workers poll for jobs this often; an API-only process never polls. */
  pollingIntervalSeconds: number;
  /** Whether this process does pg-boss's upkeep (expiring and archiving jobs): worker processes do. */
  supervise: boolean;
}

export async function pgBossQueue(options: PgBossQueueOptions): Promise<JobQueue> {
  const boss = new PgBoss({
    connectionString: options.url,
    schema: JOB_SCHEMA,
    max: 4,
    supervise: options.supervise,
    schedule: false,
    migrate: false,
    application_name: 'followscope-jobs',
  });
  boss.on('error', (error) => options.log.error({ err: error }, 'job queue error'));
  await boss.start();
  let working = false;
  // null when the analysis already has a job waiting: that one will do.
  const enqueue = async (analysisId: string) => {
    await boss.send(ANALYSIS_QUEUE, { analysisId } satisfies AnalysisJob, { singletonKey: analysisId });
  };
  return {
    kind: 'pg-boss',
    enqueue,
    async reclaim(analysisId) {
      // Jobs are sent with the analysis id as their singleton key (enqueue above).
      const { rows } = await boss
        .getDb()
        .executeSql(`SELECT id FROM ${JOB_SCHEMA}.job WHERE name = $1 AND singleton_key = $2 AND state = 'active'`, [
          ANALYSIS_QUEUE,
          analysisId,
        ]);
      const stale = (rows as Array<{ id: string }>).map((row) => row.id);
      for (const id of stale) await boss.fail(ANALYSIS_QUEUE, id, { reason: 'its worker stopped renewing the lease' });
      await enqueue(analysisId);
    },
    async work(handle, concurrency) {
      working = true;
      for (let slot = 0; slot < concurrency; slot++) {
        await boss.work<AnalysisJob>(
          ANALYSIS_QUEUE,
          { batchSize: 1, pollingIntervalSeconds: options.pollingIntervalSeconds },
          async ([job]) => {
            if (job) await handle(job.data.analysisId);
          },
        );
      }
    },
    async stop() {
      await boss.stop({ graceful: working, wait: true, timeout: 30_000 });
    },
    backlog: () => pgBossBacklog(boss, ANALYSIS_QUEUE),
  };
}
