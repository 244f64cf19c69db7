// Web Push in one process (issue 33): the keys, the queue, and in a worker process the sending and the
// weekly reminders. The rest of the server sees `announce` (after a commit) and the public key.
import type { Agent } from 'node:https';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { pgBossPushQueue } from '../jobs/push-queue.ts';
import { announceAnalysis } from './announce.ts';
import { deliver } from './deliver.ts';
import type { PushServiceHost } from './hosts.ts';
import { inProcessPushQueue, type PushQueue } from './queue.ts';
import { scheduleReminders } from './reminders.ts';
import type { PushSettings } from './settings.ts';
import { loadVapidKeys } from './vapid.ts';

/** Messages one worker process sends at once: each waits on a push service, not on this machine. */
const SENDS_AT_ONCE = 8;

export interface PushService {
  /** The VAPID public key devices subscribe with. */
  publicKey: string;
  allowedHosts: readonly PushServiceHost[];
  queue: PushQueue;
  /** Queues the digest of a committed analysis or import; a failure is logged, never thrown. */
  announce(analysisId: string): Promise<void>;
  stop(): Promise<void>;
}

export interface PushServiceDeps {
  database: DatabaseHandle;
  clock: Clock;
  log: FastifyBaseLogger;
  settings: PushSettings;
  /** The contact in VAPID tokens when the keys are the database's own. */
  contact: string;
  /** A worker process sends; an API process only queues. */
  sends: boolean;
  pollMs: number;
  /** Tests: the https agent pushes go through (a local push service's certificate authority). */
  agent?: Agent | undefined;
}

/** Loads the keys and starts the queue; a worker process also sends and schedules the weekly reminders. */
export async function createPushService(deps: PushServiceDeps): Promise<PushService> {
  const { database, clock, log, settings } = deps;
  const db = database.db;
  const vapid = await loadVapidKeys(db, settings.vapid, deps.contact);
  const queue =
    database.kind === 'postgresql' && database.url
      ? await pgBossPushQueue({ url: database.url, log, pollingIntervalSeconds: Math.max(0.5, deps.pollMs / 1000) })
      : inProcessPushQueue(log);
  const delivery = { db, clock, log, queue, vapid, allowedHosts: settings.serviceHosts, agent: deps.agent };
  const reminders = deps.sends ? scheduleReminders(db, clock, queue, log) : undefined;
  if (deps.sends) {
    await queue.work(async (job) => {
      await deliver(delivery, job);
    }, SENDS_AT_ONCE);
  }
  return {
    publicKey: vapid.publicKey,
    allowedHosts: settings.serviceHosts,
    queue,
    async announce(analysisId) {
      try {
        await announceAnalysis(db, queue, analysisId, clock());
      } catch (error) {
        log.error({ err: error, analysisId }, 'queueing the digest failed');
      }
    },
    async stop() {
      reminders?.stop();
      await queue.stop();
    },
  };
}
