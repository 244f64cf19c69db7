// Posts one push message to a device's push service (issue 33): encrypted for the device with RFC 8291
// (aes128gcm) and signed with our VAPID key (RFC 8292), both by the `web-push` package. The request is
// ours rather than web-push's own sender so that it has a deadline for the whole exchange (web-push's
// `timeout` is only the socket's idle time), follows no redirect, and reads no more of the answer than
// a status line needs. The answer is sorted into what the caller does next.
import { type Agent, request } from 'node:https';
import webpush from 'web-push';
import { endpointRefusal, type PushServiceHost } from './hosts.ts';
import type { VapidKeys } from './settings.ts';

/** The whole exchange with a push service, connecting included (STYLE.md 13: every outside call has a deadline). */
export const PUSH_DEADLINE_MS = 10_000;

/** What a device gave when it subscribed (PushSubscription.toJSON()). */
export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface PushRequest {
  vapid: VapidKeys;
  /** How long the push service keeps the message for a device that is offline, in seconds. */
  ttlSeconds: number;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
  /** A waiting message with the same topic is replaced by this one (RFC 8030 §5.4). */
  topic: string;
  allowedHosts: readonly PushServiceHost[];
  /** Tests: the https agent (a local push service's certificate authority). */
  agent?: Agent | undefined;
  deadlineMs?: number;
}

export type PushOutcome =
  | { kind: 'sent' }
  /** 404 or 410: the subscription is gone for good (RFC 8030 §7.3). */
  | { kind: 'gone'; status: number }
  /** 413: the payload is too large for this push service. */
  | { kind: 'tooLarge' }
  /** 429, 5xx, no answer or no answer in time: worth another try, after `retryAfterMs` when the service said. */
  | { kind: 'retry'; status: number; retryAfterMs: number | undefined }
  /** Anything else (a refused host, 400, 401, 403...): sending again would fail the same way. */
  | { kind: 'refused'; status: number; reason: string };

/** Retry-After as seconds or an HTTP date (RFC 9110 §10.2.3), in milliseconds from `now`. */
export function retryAfterMs(header: string | undefined, now: number): number | undefined {
  if (!header) return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** What a push service's answer means for us. */
export function classify(status: number, retryAfter: number | undefined): PushOutcome {
  if (status >= 200 && status < 300) return { kind: 'sent' };
  if (status === 404 || status === 410) return { kind: 'gone', status };
  if (status === 413) return { kind: 'tooLarge' };
  if (status === 429 || status >= 500) return { kind: 'retry', status, retryAfterMs: retryAfter };
  return { kind: 'refused', status, reason: `push service answered ${status}` };
}

/** Encrypts and posts `payload` (or nothing: a push without data) to the device's push service. */
export async function sendPush(target: PushTarget, payload: string | null, options: PushRequest): Promise<PushOutcome> {
  const refusal = endpointRefusal(target.endpoint, options.allowedHosts);
  if (refusal) return { kind: 'refused', status: 0, reason: `endpoint refused: ${refusal}` };
  let details: ReturnType<typeof webpush.generateRequestDetails>;
  try {
    details = webpush.generateRequestDetails(target, payload ?? undefined, {
      vapidDetails: options.vapid,
      TTL: options.ttlSeconds,
      urgency: options.urgency,
      topic: options.topic,
      contentEncoding: 'aes128gcm',
    });
  } catch (error) {
    // A device key that is not a P-256 point, say: no push service could deliver it.
    return { kind: 'refused', status: 0, reason: `could not encrypt: ${(error as Error).message}` };
  }
  const signal = AbortSignal.timeout(options.deadlineMs ?? PUSH_DEADLINE_MS);
  try {
    const answer = await post(details, options.agent, signal);
    return classify(answer.status, retryAfterMs(answer.retryAfter, Date.now()));
  } catch {
    // No answer, or none in time: the service may be down for a moment.
    return { kind: 'retry', status: 0, retryAfterMs: undefined };
  }
}

function post(
  details: { endpoint: string; headers: Record<string, unknown>; body: Buffer | null },
  agent: Agent | undefined,
  signal: AbortSignal,
): Promise<{ status: number; retryAfter: string | undefined }> {
  return new Promise((resolve, reject) => {
    const headers = Object.fromEntries(Object.entries(details.headers).map(([name, value]) => [name, String(value)]));
    const outgoing = request(details.endpoint, { method: 'POST', headers, agent, signal }, (response) => {
      const retryAfter = response.headers['retry-after'];
      // The body says nothing we act on; drain it so the socket can be reused, within the deadline.
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0, retryAfter }));
      response.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end(details.body ?? undefined);
  });
}
