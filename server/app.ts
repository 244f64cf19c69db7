// Builds the HTTP server: security headers, /api/v1 and the built PWA, on one port.

import { EventEmitter } from 'node:events';
import type { Agent } from 'node:https';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import { and, eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import type { CollectorCore } from '../wasm/collector.ts';
import { AnalysisRunner } from './analysis/runner.ts';
import { type AnalysisBus, AnalysisWorker } from './analysis/worker.ts';
import { devRoutes } from './api/dev.ts';
import { sandboxRoutes } from './api/sandbox.ts';
import { sourceRoutes } from './api/source.ts';
import { healthRoutes } from './api/v1/health.ts';
import { apiV1 } from './api/v1/index.ts';
import { officialCallbackRoutes } from './api/v1/official-callbacks.ts';
import { webhookRoutes } from './api/v1/webhooks.ts';
import { loadSecret } from './auth/secret.ts';
import { altchaCaptcha } from './billing/captcha.ts';
import { type CheckoutDeps, reconcileStalePayments } from './billing/checkout.ts';
import { recurlyGateway } from './billing/recurly.ts';
import { recordRenewals } from './billing/renewals.ts';
import { sandboxGateway } from './billing/sandbox.ts';
import { endLapsedSubscriptions } from './billing/subscription.ts';
import { startWaitingTrials } from './billing/trial.ts';
import { type Clock, systemClock } from './clock.ts';
import type { Config } from './config.ts';
import type { Database, DatabaseHandle } from './db/client.ts';
import { asRequestFrom } from './db/query-scheduler.ts';
import { analyses } from './db/schema.ts';
import { registerErrorHandling } from './http/errors.ts';
import { requestForLog } from './http/log-redaction.ts';
import { databaseRateLimitStore } from './http/rate-limit-store.ts';
import { requestIdOf } from './http/request-ids.ts';
import { registerSecurityHeaders } from './http/security.ts';
import { shareTargetFallback } from './http/share-target.ts';
import { serveApp } from './http/static.ts';
import { validateWithZod } from './http/validation.ts';
import { rebuildInsightAfter } from './insights/stored.ts';
import { pgBossQueue } from './jobs/pg-boss.ts';
import { inProcessQueue, type JobQueue } from './jobs/queue.ts';
import { type SmtpTimeouts, startMailDispatcher } from './mail/dispatcher.ts';
import { mediaProxyRoutes } from './media/proxy.ts';
import { createMediaSigner } from './media/sign.ts';
import { registerMetrics } from './metrics.ts';
import { createPushService } from './push/service.ts';
import type { Services } from './services.ts';
import type { OfficialDeps } from './source/official/collect.ts';
import { graphClient } from './source/official/graph.ts';
import { scheduleCollections } from './source/official/schedule.ts';
import type { OfficialSettings } from './source/official/settings.ts';
import { SAMPLE_MEDIA_HOST, type SampleNetwork, sampleNetwork } from './source/sample.ts';
import { sampleMedia } from './source/sample-media.ts';

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    analysis: AnalysisRunner;
    /** This process's job worker; absent in an API-only process. */
    analysisWorker: AnalysisWorker | undefined;
    jobQueue: JobQueue;
    /** Told to stop (SIGTERM): the health check answers 503 `draining` while the last requests finish. */
    draining: boolean;
    sampleNetwork: SampleNetwork;
  }
}

/** What the server is built from; tests build it with an in-memory database and a fake clock. */
export interface AppDeps {
  database: DatabaseHandle;
  core: CollectorCore;
  version: string;
  settings: Pick<
    Config,
    | 'supportEmail'
    | 'publicUrl'
    | 'metricsToken'
    | 'production'
    | 'devEndpoints'
    | 'devSecret'
    | 'sampleNetwork'
    | 'limits'
    | 'accountLimits'
    | 'smtpUrl'
    | 'mailFrom'
    | 'trustProxy'
    | 'billing'
    | 'source'
    | 'insights'
    | 'mediaHosts'
    | 'networkHosts'
    | 'official'
    | 'push'
    | 'importQuota'
  >;
  /** Test hook: the https agent push messages go through (a local push service's certificate authority). */
  pushAgent?: Agent;
  /** Test hook: runs after the gateway took the money and before anything is recorded. */
  afterCharge?: () => void;
  /** Test hook: Recurly's deadline (RECURLY_TIMEOUT_MS unless a test shortens it). */
  recurlyTimeoutMs?: number;
  /** Test hook: the SMTP deadlines (SMTP_TIMEOUTS unless a test shortens them). */
  smtpTimeouts?: SmtpTimeouts;
  /** Test hook: hears of every route as it is added (the fuzz run walks them all). */
  onRoute?: (route: RouteOptions) => void;
  /** Where log lines go (tests read them); standard output when absent. */
  logStream?: { write(line: string): void };
  clock?: Clock;
  /** Moves `clock` forward; only development builds offer it (POST /dev/clock). */
  advanceClock?: (ms: number) => void;
  /** The built PWA; omitted, only the API is served. */
  staticDir?: string;
  logLevel?: string;
  /** What this process does: answer the API, run analysis jobs, or both (the default, `npm start`). */
  roles?: { api: boolean; worker: boolean };
  jobs?: Partial<JobSettings>;
}

export interface JobSettings {
  /** A worker's hold on an analysis lasts this long unless renewed (a dead worker's jobs move on after it). */
  leaseMs: number;
  /** Analyses one worker process runs at once. */
  concurrency: number;
  /** How often a waiting request looks at its analysis, and pg-boss workers at the queue. */
  pollMs: number;
  /** Tests only: how soon a waiting request answers "still running", and how long it is waited for back. */
  answerWithinMs?: number;
  returnGraceMs?: number;
}

export const defaultJobSettings: JobSettings = { leaseMs: 15_000, concurrency: 4, pollMs: 500 };

/** The whole server, not yet listening. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: deps.logLevel ?? 'info',
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      // Issue 48: secrets in a query (the dev key, codes, tokens) never reach the log, nor any body.
      serializers: { req: requestForLog },
      ...(deps.logStream && { stream: deps.logStream }),
    },
    trustProxy: deps.settings.trustProxy,
    // Issue 54: ids unique across processes, or the trusted proxy's X-Request-Id, on every answer too.
    genReqId: requestIdOf(deps.settings.trustProxy),
    // A process told to stop finishes what it was asked, keep-alive connections included; its health
    // check says `draining` meanwhile, so the balancer sends it nothing new.
    return503OnClosing: false,
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  const clock = deps.clock ?? systemClock;
  const db = deps.database.db;
  const mailer = startMailDispatcher({
    db,
    clock,
    log: app.log,
    smtpUrl: deps.settings.smtpUrl,
    from: deps.settings.mailFrom,
    smtpTimeouts: deps.smtpTimeouts,
  });
  app.addHook('onClose', () => mailer.stop());
  const services: Services = {
    db,
    clock,
    mailer,
    codeKey: await loadSecret(db, 'code_hmac_key'),
    media: createMediaSigner(await loadSecret(db, 'media_hmac_key')),
    settings: deps.settings,
  };
  const { billing } = deps.settings;
  const checkout: CheckoutDeps = {
    ...services,
    gateway:
      billing.gateway === 'recurly' && billing.recurlyApiKey
        ? recurlyGateway(billing.recurlyApiKey, billing.recurlyApiUrl, deps.recurlyTimeoutMs)
        : sandboxGateway(db, clock),
    afterCharge: deps.afterCharge,
  };
  const captcha = altchaCaptcha((await loadSecret(db, 'captcha_hmac_key')).toString('hex'), db, {
    onSweepError: (error) => app.log.warn({ err: error }, 'captcha replay sweep failed'),
  });
  const network = sampleNetwork({ clock, ...deps.settings.source });
  const roles = deps.roles ?? { api: true, worker: true };
  const jobs = { ...defaultJobSettings, ...deps.jobs };
  // On PostgreSQL the queue is pg-boss, shared by every process; embedded, it lives in this one.
  const queue =
    deps.database.kind === 'postgresql' && deps.database.url
      ? await pgBossQueue({
          url: deps.database.url,
          log: app.log,
          pollingIntervalSeconds: Math.max(0.5, jobs.pollMs / 1000),
          supervise: roles.worker,
        })
      : inProcessQueue(app.log);
  const bus: AnalysisBus = new EventEmitter();
  bus.setMaxListeners(0);
  const runner = new AnalysisRunner({
    db,
    clock,
    queue,
    bus,
    leaseMs: jobs.leaseMs,
    pollMs: jobs.pollMs,
    answerWithinMs: jobs.answerWithinMs,
    returnGraceMs: jobs.returnGraceMs,
  });
  const official = await officialDeps(db, clock, deps.settings.official, app.log);
  services.official = official;
  // Issue 33: an API process queues digests (imports), a worker process sends them.
  const push = deps.settings.push
    ? await createPushService({
        database: deps.database,
        clock,
        log: app.log,
        settings: deps.settings.push,
        contact: deps.settings.supportEmail,
        sends: roles.worker,
        pollMs: jobs.pollMs,
        agent: deps.pushAgent,
      })
    : undefined;
  services.push = push;
  // Issue 34: a trial waiting for its account's first figures starts when they arrive: an import's
  // commit (any API process), an analysis or collection settling (this process's worker).
  const startTrials = (userId?: string) =>
    startWaitingTrials(checkout, userId).catch((error: unknown) =>
      app.log.error({ err: error, userId }, 'starting waiting trials failed'),
    );
  services.figuresArrived = (userId) => void startTrials(userId);
  const worker = roles.worker
    ? new AnalysisWorker({
        db,
        clock,
        core: deps.core,
        source: network,
        log: app.log,
        queue,
        bus,
        official,
        ...jobs,
        // After the commit has finished, never inside it: the digest waits on push services. Issue 51: the
        // stored insight is written again from the new figures, the daily collection's included.
        onCommitted: async (analysisId) => {
          await push?.announce(analysisId);
          await rebuildInsightAfter({ db, clock, network, core: deps.core }, analysisId).catch((error: unknown) =>
            app.log.error({ err: error, analysisId }, 'rebuilding the insight failed'),
          );
        },
      })
    : undefined;
  app.decorate('analysis', runner);
  app.decorate('analysisWorker', worker);
  app.decorate('jobQueue', queue);
  app.decorate('draining', false);
  app.decorate('sampleNetwork', network);
  // The worker takes up what a stopped or dead worker left; stopping leaves its analyses resumable.
  app.addHook('onReady', async () => {
    await worker?.start();
  });
  app.addHook('onClose', async () => {
    if (worker) await worker.stop();
    else await queue.stop();
    // After the worker: the digests its last analyses queued are sent or handed back first.
    await push?.stop();
  });
  if (roles.worker) {
    bus.on('settled', (analysisId: string) => {
      void userOfAnalysis(db, analysisId).then((userId) => (userId ? startTrials(userId) : undefined));
    });
    // Payments whose request died after the charge are finished here if the client never retries.
    // Connected accounts are collected daily (issue 18).
    if (official) {
      const collections = scheduleCollections(db, clock, runner, app.log);
      app.addHook('onClose', async () => collections.stop());
    }
    // Cancelled subscriptions whose period has ended lose access here too (issue 20), for accounts
    // that make no request (an authenticated request ends it on the spot).
    const reconciler = setInterval(() => {
      reconcileStalePayments(checkout).catch((error: unknown) => app.log.error({ err: error }, 'reconcile failed'));
      endLapsedSubscriptions(db, clock()).catch((error: unknown) =>
        app.log.error({ err: error }, 'ending lapsed subscriptions failed'),
      );
      // Issue 34: trials whose wait is over start; renewals are recorded and receipted.
      void startTrials().then(() =>
        recordRenewals({ ...checkout, supportEmail: deps.settings.supportEmail }).catch((error: unknown) =>
          app.log.error({ err: error }, 'recording renewals failed'),
        ),
      );
    }, 60_000);
    reconciler.unref();
    app.addHook('onClose', async () => clearInterval(reconciler));
  }
  app.decorate('services', services);
  app.decorateRequest('account', null);
  // Issue 35: on the embedded database a request's queries go before those of requests that came after it.
  if (deps.database.kind === 'embedded')
    app.addHook('preHandler', (_request, reply, done) => asRequestFrom(performance.now() - reply.elapsedTime, done));

  validateWithZod(app);
  registerErrorHandling(app);
  // Issue 52: every process, worker included, times its answers and serves its figures.
  registerMetrics(app, {
    token: deps.settings.metricsToken,
    backlog: async () => [...(await queue.backlog()), ...((await push?.queue.backlog()) ?? [])],
  });
  if (!roles.api) {
    // A worker process answers only its health check.
    await app.register((api) => healthRoutes(api, deps), { prefix: '/api/v1' });
    return app;
  }
  await registerSecurityHeaders(app, { recurly: checkout.gateway.name === 'recurly' });
  await registerCompression(app);
  // Per-IP limits are declared on the routes that need them (codes, recovery); counted in the
  // database, so every API process shares them.
  await app.register(rateLimit, {
    global: false,
    store: databaseRateLimitStore(db, {
      onSweepError: (error) => app.log.warn({ err: error }, 'rate limit sweep failed'),
    }),
  });
  await app.register((api) => apiV1(api, deps, services, { checkout, captcha }, { runner, source: network }), {
    prefix: '/api/v1',
  });
  // The sample network's pictures exist only while it runs.
  if (deps.settings.sampleNetwork) await app.register((source) => sourceRoutes(source));
  await app.register(
    (proxy) =>
      mediaProxyRoutes(proxy, {
        signer: services.media,
        allowedHosts: deps.settings.mediaHosts,
        // The sample network's media never leave the process.
        inProcess: async (url) => (url.hostname === SAMPLE_MEDIA_HOST ? sampleMedia(url.pathname) : undefined),
        inProcessHosts: [SAMPLE_MEDIA_HOST],
      }),
    { prefix: '/api/v1' },
  );
  await app.register((hooks) => webhookRoutes(hooks, services, billing.recurlyWebhookKey), { prefix: '/api/v1' });
  // Issue 49: the platform's deauthorize and data-deletion callbacks, signed with the app secret.
  await app.register((callbacks) => officialCallbackRoutes(callbacks, services), { prefix: '/api/v1' });
  if (checkout.gateway.name === 'sandbox') await app.register((sandbox) => sandboxRoutes(sandbox, services));
  if (deps.settings.devEndpoints && !deps.settings.production) {
    await app.register((dev) => devRoutes(dev, services, deps.settings.devSecret, network, deps.advanceClock));
  }
  if (deps.staticDir) {
    await serveApp(app, deps.staticDir);
    shareTargetFallback(app);
  }
  return app;
}

/**
 * Answers over 1 kB go out compressed when the client accepts it: JSON and text, brotli at a quality
 * cheap enough to do per request (4), else gzip. Media are already compressed, and the built app's
 * files carry their own compressed copies (http/static.ts), so both are left alone. Request bodies are
 * read as sent: no client compresses one with Content-Encoding (an import's chunks are gzip files).
 */
async function registerCompression(app: FastifyInstance) {
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    customTypes: /^text\/(?!event-stream)|[+/](?:x-nd)?json(?:;|$)|^application\/javascript|^image\/svg\+xml/,
  });
}

/** The account an analysis belongs to, once it is complete (issue 34: its figures start a waiting trial). */
async function userOfAnalysis(db: Database, analysisId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: analyses.userId })
    .from(analyses)
    .where(and(eq(analyses.id, analysisId), eq(analyses.status, 'complete')));
  return row?.userId;
}

/** The official API's parts (issue 18), when it is configured: its client, settings and token key. */
async function officialDeps(
  db: Database,
  clock: Clock,
  settings: OfficialSettings | undefined,
  log: OfficialDeps['log'],
): Promise<OfficialDeps | undefined> {
  if (!settings) return undefined;
  // Production must name the key (server/deployment.ts); development keeps one in the database.
  const tokenKey = settings.tokenKey ?? (await loadSecret(db, 'official_token_key'));
  const graph = graphClient({ graphUrl: settings.graphUrl, version: settings.version, ...settings.pace });
  return { db, clock, graph, settings, tokenKey, log };
}
