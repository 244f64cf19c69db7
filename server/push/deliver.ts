// One push job (issue 33): one message to one device, outside any transaction. What the push service
// answers decides what happens next: delivered, the device is gone (404, 410: its row goes at once), too
// large (413: again, shorter), or busy or down (429, 5xx, no answer: again later, after the Retry-After
// it gave or a doubling wait, while the message is still worth sending).

import type { Agent } from 'node:https';
import type { FastifyBaseLogger } from 'fastify';
import { pickLocale } from '../../common/locales.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/client.ts';
import { pushSends } from '../metrics.ts';
import type { PushServiceHost } from './hosts.ts';
import { payloadFor, SHORTEST } from './payload.ts';
import type { PushJob, PushQueue } from './queue.ts';
import { type PushOutcome, sendPush } from './send.ts';
import type { VapidKeys } from './settings.ts';
import { dropSubscription, findSubscription, markSent } from './subscriptions.ts';

/** Tries of one message in all. */
export const MAX_ATTEMPTS = 8;
/** The first wait after a failure without Retry-After; it doubles each time. */
export const FIRST_RETRY_MS = 30_000;

export interface DeliveryDeps {
  db: Database;
  clock: Clock;
  log: FastifyBaseLogger;
  queue: PushQueue;
  vapid: VapidKeys;
  allowedHosts: readonly PushServiceHost[];
  agent?: Agent | undefined;
  /** Tests: a shorter deadline for each request. */
  deadlineMs?: number;
}

/** How long to wait before try `attempt + 1`: what the service asked for, else 30 s doubling. */
export function retryDelay(attempt: number, retryAfterMs: number | undefined): number {
  return Math.max(retryAfterMs ?? 0, FIRST_RETRY_MS * 2 ** attempt);
}

/** Sends a job's message and acts on the answer. */
export async function deliver(deps: DeliveryDeps, job: PushJob): Promise<PushOutcome | undefined> {
  const { db, clock, log, queue } = deps;
  const device = await findSubscription(db, job.subscriptionId);
  // Turned off, logged out or deleted since it was queued.
  if (!device) return undefined;
  const now = clock().getTime();
  const ttlSeconds = Math.floor((job.expiresAt - now) / 1000);
  if (ttlSeconds <= 0) return undefined;
  const digestKey = job.message.kind === 'digest' ? job.message.key : undefined;
  if (digestKey && device.lastDigest === digestKey) return undefined;

  const payload = payloadFor(job.message, pickLocale([device.locale]), device.userId, job.shortened);
  const target = { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } };
  const outcome = await sendPush(target, payload, {
    vapid: deps.vapid,
    ttlSeconds,
    // A reminder can wait for the device's convenience; a digest is what the user asked to hear.
    urgency: job.message.kind === 'reminder' ? 'low' : 'normal',
    topic: job.message.kind,
    allowedHosts: deps.allowedHosts,
    agent: deps.agent,
    ...(deps.deadlineMs && { deadlineMs: deps.deadlineMs }),
  });
  const context = { subscriptionId: device.id, attempt: job.attempt };
  pushSends.inc({ outcome: outcome.kind });
  switch (outcome.kind) {
    case 'sent':
      await markSent(db, device.id, clock(), digestKey);
      break;
    case 'gone':
      await dropSubscription(db, device.id);
      log.info({ ...context, status: outcome.status }, 'push subscription gone; removed');
      break;
    case 'tooLarge':
      if (job.shortened < SHORTEST) await queue.send({ ...job, shortened: job.shortened + 1 });
      else log.warn(context, 'push service refused even an empty push as too large');
      break;
    case 'retry': {
      const wait = retryDelay(job.attempt, outcome.retryAfterMs);
      if (job.attempt + 1 < MAX_ATTEMPTS && now + wait < job.expiresAt) {
        await queue.send({ ...job, attempt: job.attempt + 1 }, wait);
      } else {
        log.warn({ ...context, status: outcome.status }, 'push not delivered before it expired; dropped');
      }
      break;
    }
    case 'refused':
      log.warn({ ...context, status: outcome.status, reason: outcome.reason }, 'push refused; dropped');
      break;
  }
  return outcome;
}
