// Page-side bridge to the collector worker: owns its life (lazy start, abort, idle shutdown).
import { proxy, type Remote, releaseProxy, transfer, wrap } from 'comlink';
import type { ListName } from '../../common/lists.ts';
import { CoreLoadError } from '../../wasm/collector.ts';
import type { Progress } from '../analysis/progress.ts';
import type { PostKind } from '../export/post-export.ts';
import type { ExportResult, ExportSession } from '../export/run.ts';
import type { FolderFile } from '../import/download.ts';
import type { ImportOutcome, ImportProgress, PreparedSnapshot, UploadOutcome } from '../import/upload.ts';
import type { CollectorApi } from './collector-api.ts';

/** A worker with no call in flight for this long is stopped to give its memory back. */
const IDLE_MS = 30_000;

export { CoreLoadError };

let worker: Worker | undefined;
let remote: Remote<CollectorApi> | undefined;
let inFlight = 0;
let idleTimer: ReturnType<typeof setTimeout> | undefined;
/** How to fail each call in flight: a stopped worker never answers them, and nothing may wait forever. */
const pending = new Set<(reason: unknown) => void>();

/** A call the worker could not finish because the worker was stopped under it. */
export class CollectorStoppedError extends Error {
  override name = 'CollectorStoppedError';
  constructor() {
    super('The collector worker was stopped before it answered');
  }
}

function start(): Remote<CollectorApi> {
  if (!remote) {
    worker = new Worker(new URL('./collector.worker.ts', import.meta.url), { type: 'module' });
    remote = wrap<CollectorApi>(worker);
  }
  return remote;
}

/** Stops the worker now, failing every call still waiting on it; the next call starts a fresh one. */
export function stopCollector(reason: unknown = new CollectorStoppedError()): void {
  clearTimeout(idleTimer);
  remote?.[releaseProxy]();
  worker?.terminate();
  worker = undefined;
  remote = undefined;
  const waiting = [...pending];
  pending.clear();
  for (const fail of waiting) fail(reason);
}

/**
 * Runs one call on the worker. An aborted call fails at once; when it was the only work on the worker
 * the worker is stopped too, since a WASM loop cannot be interrupted. When other calls share the worker
 * (an import beside a screen's warm-up), stopping it would take their answers with it, so the aborted
 * call's work is left to finish unread.
 */
async function run<T>(call: (api: Remote<CollectorApi>) => Promise<T>, signal?: AbortSignal): Promise<T> {
  signal?.throwIfAborted();
  clearTimeout(idleTimer);
  inFlight++;
  const api = start();
  let fail: (reason: unknown) => void = () => undefined;
  const failed = new Promise<never>((_, reject) => {
    fail = reject;
  });
  pending.add(fail);
  const onAbort = () => {
    pending.delete(fail);
    fail(signal?.reason);
    if (inFlight === 1) stopCollector(signal?.reason);
  };
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    return await Promise.race([call(api), failed]);
  } catch (error) {
    // Comlink carries an error's name across; give the page the typed error back.
    if (error instanceof Error && error.name === 'CoreLoadError') throw new CoreLoadError(error.message);
    throw error;
  } finally {
    pending.delete(fail);
    signal?.removeEventListener('abort', onAbort);
    inFlight--;
    if (inFlight === 0) idleTimer = setTimeout(stopCollector, IDLE_MS);
  }
}

/** Starts the worker and loads the core; rejects with CoreLoadError when the core cannot load. */
export async function warmUpCollector(signal?: AbortSignal): Promise<void> {
  await run((api) => api.ready(), signal);
}

/** Diffs two ascending id lists in the worker; the input buffers are transferred, not copied. */
export async function diffSortedIds(a: BigUint64Array, b: BigUint64Array, signal?: AbortSignal) {
  try {
    return await run((api) => api.diffSortedIds(transfer(a, [a.buffer]), transfer(b, [b.buffer])), signal);
  } catch (error) {
    if (error instanceof Error && /collector core|WebAssembly/i.test(error.message))
      throw new CoreLoadError(error.message);
    throw error;
  }
}

/** spec §7 getPostSentimentalAnalysis, in the worker: spec §3's Sentiment response as JSON text. */
export function getPostSentimentalAnalysis(
  token: string,
  shortCode: string,
  headers: Record<string, string>,
  signal?: AbortSignal,
): Promise<string> {
  return run((api) => api.getPostSentimentalAnalysis(token, shortCode, headers), signal);
}

/** spec §7 getStories, in the worker: spec §3's Stories response as JSON text. */
export function getStories(
  token: string,
  size: number,
  id: string,
  callDB: boolean,
  refresh: boolean,
  email: string,
  headers: Record<string, string>,
  signal?: AbortSignal,
): Promise<string> {
  return run((api) => api.getStories(token, size, id, callDB, refresh, email, headers), signal);
}

/**
 * Issue 9: imports a data download in the worker (parse, check, upload), reporting progress. Progress
 * comes on a message channel of its own, so a tick the worker sent just before its answer can reach the
 * page after it: none is passed on once the call has settled (one was, now and then, and put a finished
 * import back to "Reading your download…" for good).
 */
export function importDownload(
  input: Blob | FolderFile[],
  login: string,
  token: string,
  headers: Record<string, string>,
  onProgress: (progress: ImportProgress) => void,
  options: { offline?: boolean; acceptDrop?: boolean } = {},
  signal?: AbortSignal,
): Promise<ImportOutcome> {
  let settled = false;
  const progress = proxy((tick: ImportProgress) => {
    if (!settled) onProgress(tick);
  });
  return run(
    (api) => api.importDownload(input, login, token, headers, progress, options) as Promise<ImportOutcome>,
    signal,
  ).finally(() => {
    settled = true;
  });
}

/** Issue 33: sends a snapshot read on this device while it was offline (the outbox does, once online). */
export function uploadPrepared(
  prepared: PreparedSnapshot,
  token: string,
  headers: Record<string, string>,
): Promise<UploadOutcome> {
  return run((api) => api.uploadPrepared(prepared, token, headers) as Promise<UploadOutcome>);
}

/** Issue 20: a follower list as CSV, written in the worker into `file` or returned as a Blob. */
export function exportList(
  list: ListName,
  file: FileSystemFileHandle | undefined,
  session: ExportSession,
  signal?: AbortSignal,
): Promise<ExportResult> {
  return run((api) => api.exportList(list, file, session) as Promise<ExportResult>, signal);
}

/** Issue 20: post or reel analytics as CSV, in the worker. */
export function exportPostAnalytics(
  kinds: PostKind[],
  file: FileSystemFileHandle | undefined,
  session: ExportSession,
  signal?: AbortSignal,
): Promise<ExportResult> {
  return run((api) => api.exportPostAnalytics(kinds, file, session) as Promise<ExportResult>, signal);
}

/** Issue 20: "Export all my data" as a ZIP, in the worker. */
export function exportAccount(
  file: FileSystemFileHandle | undefined,
  session: ExportSession,
  signal?: AbortSignal,
): Promise<ExportResult> {
  return run((api) => api.exportAccount(file, session) as Promise<ExportResult>, signal);
}

/** The analysis progress, ticking in the worker; `finish` when the result arrives, `stop` on abort. */
export async function startProgress(onTick: (progress: Progress) => void) {
  clearTimeout(idleTimer);
  inFlight++;
  const api = start();
  let stopped = false;
  const release = () => {
    if (stopped) return;
    stopped = true;
    inFlight--;
    if (inFlight === 0) idleTimer = setTimeout(stopCollector, IDLE_MS);
  };
  await api.startProgress(
    proxy((progress: Progress) => {
      onTick(progress);
      if (progress.done) release();
    }),
  );
  return {
    finish: () => api.finishProgress(),
    stop: async () => {
      await api.stopProgress();
      release();
    },
  };
}
