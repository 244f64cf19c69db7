// Turns a parsed download into the compact snapshot and sends it (issue 9). Runs in the collector
// worker. The upload resumes: opening it again with the same digest answers which chunks the server
// already has, so after a broken connection only the rest is sent.

import { downloadListNames } from '../../common/lists.ts';
import { type ImportOpen, type ImportRefusal, type Rename, renamesSchema } from '../../common/schema/imports.ts';
import {
  encodedSize,
  encodeListInto,
  FOLLOW_LISTS,
  type FollowList,
  SNAPSHOT_LISTS,
  type SnapshotList,
} from '../../common/snapshot/snapshot.ts';
import type { DownloadProblem, ParsedDownload } from './download.ts';

export interface PreparedSnapshot {
  meta: ImportOpen;
  /** Each list's chunks; a sibling list the download has no file of has none (absent in older rows). */
  chunks: Partial<Record<SnapshotList, Uint8Array[]>> & Record<FollowList, Uint8Array[]>;
}

/** SHA-256 of `bytes`, in hex. */
async function sha256(bytes: Uint8Array): Promise<string> {
  return [...new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as BufferSource))]
    .map((byte) => byte.toString(16).padStart(2, '0'))
    .join('');
}

/**
 * Encodes the lists and fingerprints them: followers and following with the posts (the download's
 * digest), and apart from them the sibling lists the download has a file of (issue 50 item 5).
 */
export async function prepareSnapshot(download: ParsedDownload): Promise<PreparedSnapshot> {
  const { followers, following } = download.lists;
  const siblings = downloadListNames.filter((list) => download.present.includes(list));
  // The fingerprint covers the owner's posts too: the same lists with new posts are a new download.
  const posts = new TextEncoder().encode(JSON.stringify(download.posts));
  // Followers' chunks, following's, the posts, then the siblings' chunks, in one buffer: each digest reads
  // its part as it is and each chunk is a view of it (WebCrypto has no streaming digest to feed chunk by chunk).
  const carried: SnapshotList[] = [...FOLLOW_LISTS, ...siblings];
  const sizes = new Map(carried.map((list) => [list, encodedSize(download.lists[list])]));
  const all = new Uint8Array([...sizes.values()].reduce((sum, size) => sum + size, posts.length));
  const chunks: PreparedSnapshot['chunks'] = { followers: [], following: [] };
  let offset = 0;
  const place = (list: SnapshotList) => {
    chunks[list] = encodeListInto(list, download.lists[list], all, offset);
    offset += sizes.get(list) as number;
  };
  for (const list of FOLLOW_LISTS) place(list);
  all.set(posts, offset);
  offset += posts.length;
  const followEnd = offset;
  for (const list of siblings) place(list);
  const digest = await sha256(all.subarray(0, followEnd));
  const siblingsDigest = siblings.length ? await sha256(all.subarray(followEnd)) : undefined;
  let first = 0;
  let last = 0;
  for (const list of [followers, following]) {
    for (let k = 0; k < list.count; k++) {
      const at = list.times[list.order[k] as number] as number;
      if (!at) continue;
      if (!first || at < first) first = at;
      if (at > last) last = at;
    }
  }
  const shape = (list: SnapshotList) => ({ count: download.lists[list].count, chunks: chunks[list]?.length ?? 0 });
  return {
    meta: {
      digest,
      owner: download.owner ?? null,
      writtenAt: download.writtenAt,
      followers: shape('followers'),
      following: shape('following'),
      ...Object.fromEntries(siblings.map((list) => [list, shape(list)])),
      ...(siblingsDigest && { siblingsDigest }),
      firstFollowAt: first || null,
      lastFollowAt: last || null,
      posts: download.posts,
      postsIncluded: download.postsIncluded ?? download.posts.length > 0,
      leftOut: download.leftOut,
      followTimes: download.followTimes,
    },
    chunks,
  };
}

export type UploadOutcome =
  /**
   * `baseline`: the first import, with nothing to compare to; `leftOut`: per list, entries of the
   * download that named nobody (issue 50).
   */
  | {
      ok: true;
      /**
       * `updated`: a download already imported whose sibling lists were new (issue 50 item 5): those
       * lists were added to that import, and nothing else changed. `kept`: a download whose sharp drop
       * the owner answered "keep the previous import" (issue 50 item 4): kept again, nothing changed.
       */
      status: 'imported' | 'unchanged' | 'updated' | 'kept';
      user: unknown;
      baseline: boolean;
      leftOut: Record<string, number>;
      /** Issue 50: followers who changed username since the previous download. */
      renames: Rename[];
    }
  /**
   * The server refused the download; `message` is its localised reason, `digest` the download's (what an
   * answer to a sharp drop names, issue 50 item 4).
   */
  | { ok: false; kind: 'refused'; code: ImportRefusal; message: string; digest?: string }
  /** The connection broke and retries did not mend it: calling again resumes. */
  | { ok: false; kind: 'connection' }
  | { ok: false; kind: 'unauthorized' }
  | { ok: false; kind: 'server'; message: string | undefined };

/** What an import came to: the upload's outcome, or what is wrong with the download itself. */
export type ImportOutcome =
  | UploadOutcome
  | { ok: false; kind: 'download'; problem: DownloadProblem | 'otherAccount'; owner?: string }
  /** Read on the device while offline (issue 33): the snapshot, for the outbox to send later. */
  | { ok: false; kind: 'offline'; prepared: PreparedSnapshot };

/** The buffers a prepared snapshot's chunks are views of: what a worker hands over without a copy. */
export function buffersOf(prepared: PreparedSnapshot): ArrayBuffer[] {
  const chunks = SNAPSHOT_LISTS.flatMap((list) => prepared.chunks[list] ?? []);
  return [...new Set(chunks.map((chunk) => chunk.buffer as ArrayBuffer))];
}

/** How far an import is: reading the download (bytes), then uploading it (chunks). */
export interface ImportProgress {
  phase: 'reading' | 'uploading';
  done: number;
  total: number;
}

export interface UploadOptions {
  token: string;
  headers: Record<string, string>;
  /** Chunks sent so far, of all. */
  onProgress?: (sent: number, total: number) => void;
  /** Waits between attempts of one request (a failed attempt, then these, then give up). */
  retryDelays?: number[];
  fetch?: typeof fetch;
}

type Reply = { ok: true; status: number; body: unknown } | { ok: false; outcome: UploadOutcome };

async function gzip(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(new CompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** The longest `Retry-After` (seconds) a refused call waits out before trying again. */
const MAX_RETRY_AFTER_S = 10;

/** Sends a prepared snapshot: open, put the missing chunks, commit. */
export async function uploadSnapshot(prepared: PreparedSnapshot, options: UploadOptions): Promise<UploadOutcome> {
  const send = options.fetch ?? fetch;
  const delays = options.retryDelays ?? [500, 1500, 4000];
  const call = async (method: string, path: string, body?: BodyInit, type?: string): Promise<Reply> => {
    for (let attempt = 0; ; attempt++) {
      let response: Response | undefined;
      try {
        response = await send(`/api/v1/${path}`, {
          method,
          body,
          headers: {
            ...options.headers,
            accept: 'application/json',
            authorization: `Bearer ${options.token}`,
            ...(type && { 'content-type': type }),
          },
        });
      } catch {
        response = undefined;
      }
      // A 429 that asks for a short wait is tried again; a per-account limit (issue 32) asks for minutes,
      // and its message, not a connection error, is what the person should read.
      const wait = response?.status === 429 ? Number(response.headers.get('retry-after')) : Number.NaN;
      const retryable = !response || response.status >= 500 || (response.status === 429 && !(wait > MAX_RETRY_AFTER_S));
      if (retryable && attempt < delays.length) {
        await new Promise((resolve) => setTimeout(resolve, delays[attempt]));
        continue;
      }
      if (!response) return { ok: false, outcome: { ok: false, kind: 'connection' } };
      const parsed = response.status === 204 ? undefined : await response.json().catch(() => undefined);
      const answer = parsed as { code?: unknown; message?: unknown } | undefined;
      if (response.ok) return { ok: true, status: response.status, body: parsed };
      if (response.status === 401) return { ok: false, outcome: { ok: false, kind: 'unauthorized' } };
      const message = typeof answer?.message === 'string' ? answer.message : undefined;
      if (typeof answer?.code === 'string' && message)
        return { ok: false, outcome: { ok: false, kind: 'refused', code: answer.code as ImportRefusal, message } };
      if (retryable) return { ok: false, outcome: { ok: false, kind: 'connection' } };
      return { ok: false, outcome: { ok: false, kind: 'server', message } };
    }
  };

  const opened = await call('POST', 'client/imports/', JSON.stringify(prepared.meta), 'application/json');
  if (!opened.ok) {
    const outcome = opened.outcome;
    return !outcome.ok && outcome.kind === 'refused' ? { ...outcome, digest: prepared.meta.digest } : outcome;
  }
  const open = opened.body as {
    status: string;
    id?: string;
    user?: unknown;
    received?: Partial<Record<SnapshotList, number[]>>;
  };
  const leftOut = prepared.meta.leftOut ?? {};
  if (open.status === 'unchanged' || open.status === 'kept')
    return { ok: true, status: open.status, user: open.user, baseline: false, leftOut, renames: [] };
  if (!open.id) return { ok: false, kind: 'server', message: undefined };

  // An update of an import already held (issue 50 item 5) answers its followers and following as received.
  const total = SNAPSHOT_LISTS.reduce((sum, list) => sum + (prepared.chunks[list]?.length ?? 0), 0);
  let sent = 0;
  for (const list of SNAPSHOT_LISTS) {
    const have = new Set(open.received?.[list] ?? []);
    for (const [seq, chunk] of (prepared.chunks[list] ?? []).entries()) {
      if (!have.has(seq)) {
        const put = await call(
          'PUT',
          `client/imports/${open.id}/${list}/${seq}`,
          (await gzip(chunk)) as BodyInit,
          'application/gzip',
        );
        if (!put.ok) return put.outcome;
      }
      options.onProgress?.(++sent, total);
    }
  }
  const committed = await call('POST', `client/imports/${open.id}/commit`);
  if (!committed.ok) return committed.outcome;
  const body = committed.body as { status?: unknown; user?: unknown; baseline?: unknown; renames?: unknown };
  const renames = renamesSchema.safeParse(body.renames);
  return {
    ok: true,
    status: body.status === 'updated' ? 'updated' : 'imported',
    user: body.user,
    baseline: body.baseline === true,
    leftOut,
    renames: renames.success ? renames.data : [],
  };
}
