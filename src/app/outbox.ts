// Nothing typed is lost (issue 8): a support message or a Clear Data request made offline, or one
// that fails in flight, waits in the Dexie outbox with an idempotency key and is sent when the
// connection returns (Background Sync wakes us where the browser has it; otherwise reconnecting or
// coming back to the app does). The server answers a resent key with its first answer, so a request
// that did arrive before its answer was lost is never done twice. Payments are never queued.
import { msg } from '@lingui/core/macro';
import { messageResponseSchema } from '../../common/schema/account.ts';
import { type ApiError, call } from '../api/client.ts';
import { enqueue, pending, recordAttempt, settle } from '../db/outbox.ts';
import type { OutboxRow } from '../db/schema.ts';
import { i18n } from '../i18n/index.ts';
import { SYNC_TAG } from '../sw/sync-tag.ts';
import { waiting } from './outbox-status.ts';
import { showToast } from './toast.tsx';

export const SUPPORT_PATH = 'client/support/query/';
export const CLEAR_DATA_PATH = 'client/insta/clear/data';
/**
 * A data download read offline (issue 33): more than one request (open, chunks, commit), so its row
 * names the snapshot kept beside it and src/import/queued.ts sends it.
 */
export const QUEUED_IMPORT_PATH = 'client/imports/';

export type Outcome = { kind: 'sent'; message: string } | { kind: 'queued' } | { kind: 'refused'; error: ApiError };

/** A failure worth sending again: no answer at all, the server busy, or the first copy still running. */
const worthRetrying = (error: ApiError) =>
  error.kind === 'network' ||
  error.status === 409 ||
  error.status === 502 ||
  error.status === 503 ||
  error.status === 504;

const newKey = () => `outbox-${crypto.randomUUID()}`;

function send(row: Pick<OutboxRow, 'key' | 'method' | 'path' | 'body'>) {
  return call(row.path, {
    method: row.method,
    auth: true,
    body: row.body,
    headers: { 'idempotency-key': row.key },
    parse: (raw) => messageResponseSchema.parse(raw).message,
  });
}

/** Sends now, or queues when the network or the server cannot take it now. */
export async function sendOrQueue(request: Pick<OutboxRow, 'method' | 'path' | 'body'>): Promise<Outcome> {
  const row = { ...request, key: newKey() };
  const result = navigator.onLine ? await send(row) : undefined;
  if (result?.ok) return { kind: 'sent', message: result.data };
  if (result && !worthRetrying(result.error)) return { kind: 'refused', error: result.error };
  await queueRequest(row);
  return { kind: 'queued' };
}

/** Queues a request to be sent when the connection returns (its key makes a resend the same request). */
export async function queueRequest(row: Pick<OutboxRow, 'key' | 'method' | 'path' | 'body'>): Promise<void> {
  await enqueue(row);
  await countWaiting();
  await askForBackgroundSync();
}

/** Sends one queued row: most are one call; a queued import is an upload of its own. */
async function sendRow(row: OutboxRow) {
  if (row.path !== QUEUED_IMPORT_PATH) return send(row);
  const { sendQueuedImport } = await import('../import/queued.ts');
  return sendQueuedImport(row.key);
}

async function countWaiting() {
  waiting.set((await pending()).length);
}

async function askForBackgroundSync() {
  try {
    const registration = await navigator.serviceWorker?.ready;
    const sync = (registration as ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } })
      ?.sync;
    await sync?.register(SYNC_TAG);
  } catch {
    // No Background Sync here: reconnecting or coming back to the app sends the queue.
  }
}

/** Paths sent without a word to the user, sent or refused (bookkeeping such as a story watch). */
const quietPaths = new Set<string>();
export function quietly(path: string) {
  quietPaths.add(path);
}

/** What to do once a queued request went through (Clear Data re-reads the account). */
const afterSent: Record<string, () => Promise<void>> = {};
export function onSent(path: string, action: () => Promise<void>) {
  afterSent[path] = action;
}

let flushing: Promise<void> | undefined;

/** Sends the queue, oldest first; stops at the first request the network still cannot take. */
export function flushOutbox(): Promise<void> {
  flushing ??= (async () => {
    try {
      for (const row of await pending()) {
        const result = await sendRow(row);
        if (result.ok) {
          await settle(row.key);
          if (!quietPaths.has(row.path)) {
            showToast(row.path === SUPPORT_PATH ? i18n._(msg`Your message was sent: ${result.data}`) : result.data, {
              kind: 'info',
            });
          }
          await afterSent[row.path]?.();
        } else if (worthRetrying(result.error)) {
          await recordAttempt(row.key);
          break;
        } else {
          // The server read it and said no (a 4xx): keeping it would only fail again.
          await settle(row.key);
          if (!quietPaths.has(row.path)) showToast(result.error.message);
        }
      }
    } finally {
      await countWaiting();
      flushing = undefined;
    }
  })();
  return flushing;
}

let started = false;

/** Sends the queue now and whenever the connection or the user comes back. */
export function startOutbox(): void {
  if (started) return;
  started = true;
  const flush = () => {
    if (navigator.onLine) void flushOutbox();
  };
  addEventListener('online', flush);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') flush();
  });
  navigator.serviceWorker?.addEventListener('message', (event: MessageEvent) => {
    if ((event.data as { type?: string } | null)?.type === 'outbox:flush') flush();
  });
  void countWaiting();
  flush();
}
