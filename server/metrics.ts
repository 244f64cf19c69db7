// Metrics for operators (issue 52): `GET /metrics` in Prometheus's text format, through prom-client.
// One registry per process, as Prometheus scrapes a process: the counters below are bumped where the
// thing happens (a mail sent, a Graph call answered), and the queues' depth is read when scraped.
// Who may read it: with METRICS_TOKEN set, a request bearing it, from anywhere; without it, only this
// machine, and never through a proxy (a proxy on this host connects from loopback too), so a public
// /metrics cannot exist without the token.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import client from 'prom-client';
import { isLoopbackHost } from './deployment.ts';
import type { Backlog } from './jobs/queue.ts';

export const registry = new client.Registry();
// Process memory, CPU, event-loop delay (nodejs_eventloop_lag_*), heap and GC, handles.
client.collectDefaultMetrics({ register: registry });

/** Seconds, from 1 ms to the 20 s an analysis request may be held (issue 54). */
const LATENCY_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 20];
/** Seconds a job may take: an import's commit, an analysis of a million followers. */
const JOB_BUCKETS = [0.1, 0.5, 1, 5, 15, 30, 60, 120, 300, 900, 1800, 3600];

export const httpDuration = new client.Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time from a request arriving to its answer being written, by route pattern and status',
  labelNames: ['method', 'route', 'status_code'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [registry],
});

export const dbQueueWait = new client.Histogram({
  name: 'followscope_db_queue_wait_seconds',
  help: "How long a query waited for the embedded database's turn (server/db/query-scheduler.ts), by whose it was",
  labelNames: ['work'] as const,
  buckets: [0.0005, 0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 5],
  registers: [registry],
});

export const analysisDuration = new client.Histogram({
  name: 'followscope_analysis_duration_seconds',
  help: 'Analyses this process ran, from being asked for to their end, by outcome and source (its _count is analyses by outcome)',
  labelNames: ['outcome', 'source'] as const,
  buckets: JOB_BUCKETS,
  registers: [registry],
});

export const importCommitDuration = new client.Histogram({
  name: 'followscope_import_commit_duration_seconds',
  help: "Data-download imports' commits, by outcome (imported, or why it was refused)",
  labelNames: ['outcome'] as const,
  buckets: JOB_BUCKETS,
  registers: [registry],
});

export const mailSends = new client.Counter({
  name: 'followscope_mail_sends_total',
  help: 'Mails handed to the mail server, by outcome (sent; failed, to be retried)',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

export const pushSends = new client.Counter({
  name: 'followscope_push_sends_total',
  help: "Push messages sent to a device's push service, by outcome",
  labelNames: ['outcome'] as const,
  registers: [registry],
});

export const officialCalls = new client.Counter({
  name: 'followscope_official_api_calls_total',
  help: "Calls to the network's official API, by how they were answered (ok, throttled, transient, unknown, a problem, or no answer)",
  labelNames: ['outcome'] as const,
  registers: [registry],
});

/** Each app's queues, read at every scrape (several apps share a test process; each adds its own). */
const backlogs = new Set<() => Promise<Backlog[]>>();

const queueWaiting = new client.Gauge({
  name: 'followscope_jobs_waiting',
  help: 'Jobs due and not yet taken by a worker, per queue (analysis, push)',
  labelNames: ['queue'] as const,
  registers: [registry],
});
const queueOldest = new client.Gauge({
  name: 'followscope_jobs_oldest_waiting_seconds',
  help: 'How long the oldest waiting job of each queue has been due',
  labelNames: ['queue'] as const,
  registers: [registry],
});
const queueRunning = new client.Gauge({
  name: 'followscope_jobs_running',
  help: 'Jobs a worker has taken and not yet finished, per queue',
  labelNames: ['queue'] as const,
  registers: [registry],
});

async function readBacklogs(): Promise<void> {
  queueWaiting.reset();
  queueOldest.reset();
  queueRunning.reset();
  const all = (await Promise.all([...backlogs].map((read) => read().catch(() => [])))).flat();
  for (const { queue, waiting, oldestWaitSeconds, running } of all) {
    queueWaiting.inc({ queue }, waiting);
    queueOldest.set({ queue }, Math.max(oldestWaitSeconds, 0));
    queueRunning.inc({ queue }, running);
  }
}

/** Whether `request` may read the metrics (see the top of this file). */
export function mayReadMetrics(request: FastifyRequest, token: string | undefined): boolean {
  if (token) {
    const given = Buffer.from(request.headers.authorization ?? '');
    const wanted = Buffer.from(`Bearer ${token}`);
    return given.length === wanted.length && timingSafeEqual(given, wanted);
  }
  const proxied = ['x-forwarded-for', 'forwarded', 'x-real-ip'].some((name) => request.headers[name] !== undefined);
  return !proxied && isLoopbackHost(request.socket.remoteAddress ?? '');
}

export interface MetricsOptions {
  token: string | undefined;
  /** This app's queues, read at each scrape. */
  backlog: () => Promise<Backlog[]>;
}

/** Times every answer, and serves GET /metrics to whoever `mayReadMetrics` lets in (to anyone else, 404 as for no route). */
export function registerMetrics(app: FastifyInstance, options: MetricsOptions): void {
  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern, never its URL: one series per route, whatever ids and usernames are asked for.
    const route = request.routeOptions.url ?? 'unmatched';
    httpDuration.observe(
      { method: request.method, route, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
  backlogs.add(options.backlog);
  app.addHook('onClose', async () => {
    backlogs.delete(options.backlog);
  });
  app.get('/metrics', async (request, reply) => {
    if (!mayReadMetrics(request, options.token)) return reply.callNotFound();
    await readBacklogs();
    return reply
      .header('content-type', registry.contentType)
      .header('cache-control', 'no-store')
      .send(await registry.metrics());
  });
}
