// The collector worker's API, written once; the worker exposes it and the page imports its type.
import { transfer } from 'comlink';
import type { ListName } from '../../common/lists.ts';
import coreUrl from '../../wasm/build/collector.wasm?url';
import { type CollectorCore, type IdDiff, instantiateCoreFromUrl } from '../../wasm/collector.ts';
import { ANALYSIS_TICK_MS, advance, beginProgress, finishProgress, type Progress } from '../analysis/progress.ts';
import type { PostKind } from '../export/post-export.ts';
import type { ExportResult, ExportSession } from '../export/run.ts';
import type { FolderFile } from '../import/download.ts';
import type { ImportOutcome, ImportProgress, PreparedSnapshot, UploadOutcome } from '../import/upload.ts';

/** Runs `load` once and shares its result; a failure is forgotten so the next call tries again. */
export function once<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
}

const loadCore = once(() => instantiateCoreFromUrl(coreUrl));

/** Creates the API object over a core loader; tests hand in a core loaded from disk. */
export function createCollectorApi(getCore: () => Promise<CollectorCore> = loadCore) {
  // The analysis progress ticks here, off the main thread (spec §4, §9: 200 ms a tick).
  let progress: Progress | undefined;
  let ticker: ReturnType<typeof setInterval> | undefined;
  const stopTicker = () => {
    clearInterval(ticker);
    ticker = undefined;
  };

  return {
    /** Starts the progress; `onTick` receives every state until it is done or stopped. */
    startProgress(onTick: (progress: Progress) => void): void {
      stopTicker();
      progress = beginProgress();
      ticker = setInterval(() => {
        if (!progress) return;
        progress = advance(progress);
        void onTick(progress);
        if (progress.done) stopTicker();
      }, ANALYSIS_TICK_MS);
    },

    /** The result arrived: the progress runs on to 100. */
    finishProgress(): void {
      if (progress) progress = finishProgress(progress);
    },

    /** Stops the progress (aborted or failed). */
    stopProgress(): void {
      stopTicker();
      progress = undefined;
    },

    /** Loads the core now, so a broken download shows before the user starts an analysis. */
    async ready(): Promise<true> {
      await getCore();
      return true;
    },

    /**
     * spec §7 getPostSentimentalAnalysis: fetches the comments of one of the user's posts and scores
     * them with the core; returns spec §3's Sentiment response as JSON text. A failed fetch gives
     * `{status: false, message, http_status}`.
     */
    async getPostSentimentalAnalysis(
      token: string,
      shortCode: string,
      headers: Record<string, string>,
    ): Promise<string> {
      const [core, comments, lexicons] = await Promise.all([
        getCore(),
        fetchComments(token, shortCode, headers),
        import('../../wasm/sentiment/lexicons.ts'),
      ]);
      if (!comments.ok)
        return JSON.stringify({ status: false, message: comments.message, http_status: comments.status });
      const { analyseComments } = await import('../../wasm/sentiment/analyse.ts');
      // The report says where its comments came from (issue 17), as the server said it.
      const report = analyseComments(core, lexicons.shippedDictionary(), comments.texts);
      return JSON.stringify(comments.source ? { ...report, source: comments.source } : report);
    },

    /**
     * spec §7 getStories: one page of the stories list as JSON text (spec §3 Stories response).
     * `email` is part of the spec's signature; the token already names the account.
     */
    async getStories(
      token: string,
      size: number,
      id: string,
      callDB: boolean,
      refresh: boolean,
      _email: string,
      headers: Record<string, string>,
    ): Promise<string> {
      const path = `client/stories/${size}/${encodeURIComponent(id)}/?callDB=${callDB}&refresh=${refresh}`;
      const answer = await fetchApi(path, token, headers);
      if (!answer.ok) return JSON.stringify({ status: false, message: answer.message, http_status: answer.status });
      return JSON.stringify(answer.body);
    },

    /**
     * Issue 9: reads the owner's data download (a ZIP, or the files of its folder), checks it is the
     * logged-in account's, and uploads its compact snapshot. Calling again with the same download
     * resumes an upload a broken connection stopped.
     */
    async importDownload(
      input: Blob | FolderFile[],
      login: string,
      token: string,
      headers: Record<string, string>,
      onProgress: (progress: ImportProgress) => void,
      options: { offline?: boolean; acceptDrop?: boolean } = {},
    ): Promise<ImportOutcome> {
      const { parseDownload } = await import('../import/download.ts');
      const { buffersOf, prepareSnapshot, uploadSnapshot } = await import('../import/upload.ts');
      const parsed = await parseDownload(input, (done, total) => void onProgress({ phase: 'reading', done, total }));
      if (!parsed.ok) return { ok: false, kind: 'download', problem: parsed.problem };
      const owner = parsed.value.owner;
      if (owner && owner !== login.toLowerCase())
        return { ok: false, kind: 'download', problem: 'otherAccount', owner };
      const prepared = await prepareSnapshot(parsed.value);
      // Issue 50 item 4: the owner's "import anyway" to this download's sharp drop.
      if (options.acceptDrop) prepared.meta.acceptDrop = true;
      // Issue 33: offline, the snapshot goes back to the page (moved, not copied) for the outbox to send.
      if (options.offline) return transfer({ ok: false, kind: 'offline', prepared }, buffersOf(prepared));
      return uploadSnapshot(prepared, {
        token,
        headers,
        onProgress: (done, total) => void onProgress({ phase: 'uploading', done, total }),
      });
    },

    /** Issue 33: sends a snapshot read earlier on this device (offline), as an import does. */
    async uploadPrepared(
      prepared: PreparedSnapshot,
      token: string,
      headers: Record<string, string>,
    ): Promise<UploadOutcome> {
      const { uploadSnapshot } = await import('../import/upload.ts');
      return uploadSnapshot(prepared, { token, headers });
    },

    /**
     * Issue 20: a follower list as CSV, streamed from the server (or, offline, from this device's saved
     * pages) into the picked file, or into a Blob the page downloads.
     */
    async exportList(
      list: ListName,
      file: FileSystemFileHandle | undefined,
      session: ExportSession,
    ): Promise<ExportResult> {
      const [{ runExport, CSV_TYPE }, { exportList }] = await Promise.all([
        import('../export/run.ts'),
        import('../export/list-export.ts'),
      ]);
      return runExport(file, CSV_TYPE, session, (out, context) => exportList(list, out, context));
    },

    /** Issue 20: post or reel analytics as CSV, from what IndexedDB holds. */
    async exportPostAnalytics(
      kinds: PostKind[],
      file: FileSystemFileHandle | undefined,
      session: ExportSession,
    ): Promise<ExportResult> {
      const [{ runExport, CSV_TYPE }, { exportPostAnalytics }] = await Promise.all([
        import('../export/run.ts'),
        import('../export/post-export.ts'),
      ]);
      return runExport(file, CSV_TYPE, session, (out, context) => exportPostAnalytics(kinds, out, context));
    },

    /** Issue 20: "Export all my data", a ZIP of the server's account document and every CSV. */
    async exportAccount(file: FileSystemFileHandle | undefined, session: ExportSession): Promise<ExportResult> {
      const [{ runExport, ZIP_TYPE }, { exportAccount }] = await Promise.all([
        import('../export/run.ts'),
        import('../export/account-export.ts'),
      ]);
      return runExport(file, ZIP_TYPE, session, (out, context) => exportAccount(out, context));
    },

    /** Ids only in `a`, only in `b` and in both; buffers move across the boundary, not copies. */
    async diffSortedIds(a: BigUint64Array, b: BigUint64Array): Promise<IdDiff> {
      const result = (await getCore()).diffSortedIds(a, b);
      return transfer(result, [result.onlyA.buffer, result.onlyB.buffer, result.both.buffer]);
    },
  };
}

type Answer = { ok: true; body: unknown } | { ok: false; status: number; message: string | undefined };

/** GET /api/v1/{path} with the page's headers (language, version) and the token. */
async function fetchApi(path: string, token: string, headers: Record<string, string>): Promise<Answer> {
  try {
    const response = await fetch(`/api/v1/${path}`, {
      headers: { ...headers, accept: 'application/json', authorization: `Bearer ${token}` },
    });
    const body = (await response.json().catch(() => undefined)) as { message?: unknown } | undefined;
    if (response.ok) return { ok: true, body };
    const message = typeof body?.message === 'string' ? body.message : undefined;
    return { ok: false, status: response.status, message };
  } catch {
    return { ok: false, status: 0, message: undefined };
  }
}

type Comments =
  | { ok: true; texts: string[]; source: unknown }
  | { ok: false; status: number; message: string | undefined };

/** GET client/posts/comments/{code}/. */
async function fetchComments(token: string, shortCode: string, headers: Record<string, string>): Promise<Comments> {
  const answer = await fetchApi(`client/posts/comments/${encodeURIComponent(shortCode)}/`, token, headers);
  if (!answer.ok) return answer;
  const body = answer.body as { comments?: unknown; source?: unknown } | undefined;
  const texts = body?.comments;
  if (Array.isArray(texts) && texts.every((text) => typeof text === 'string')) {
    return { ok: true, texts, source: body?.source };
  }
  return { ok: false, status: 200, message: undefined };
}

/** What the page may call on the worker. */
export type CollectorApi = ReturnType<typeof createCollectorApi>;
