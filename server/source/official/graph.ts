// The Graph API client for the official API (graph.instagram.com): one call, the documented error
// codes sorted into what the collector does about them, paging by the `next` URL, and the usage
// headers read so a busy app slows down before the platform refuses it.
import { Cancelled, pause } from '../../analysis/collect.ts';
import { withDeadline } from '../../http/deadline.ts';
import { officialCalls } from '../../metrics.ts';
import { type MediaMetricName, refusalOf } from './metrics.ts';

/** Why a token stopped working: it expired, the owner took it back, or the owner must log in to the network. */
export type ReconnectReason = 'expired' | 'revoked' | 'login_required';

/** Why a call gave no answer, sorted by what the collector does next. */
export type GraphProblem =
  /** The token is no longer good (expired, revoked, password changed, app removed): ask to reconnect. */
  | { kind: 'reconnect'; reason: ReconnectReason }
  /**
   * Not granted, or not given for this account or media (a scope left out, too few followers, a media
   * posted before the account became professional: subcode 2108006; a story under 5 viewers: #10):
   * the figure is unavailable.
   */
  | { kind: 'unavailable'; code: number; subcode?: number; message: string }
  /** A metric the API refuses in practice for this kind of media (metrics.ts `refusedFor`). */
  | { kind: 'refused'; metric: MediaMetricName; message: string }
  /**
   * A code 100 our request caused (issue 49): a defect of ours, logged as an error with the call, never
   * taken for a figure the API does not give.
   */
  | { kind: 'defect'; code: number; message: string }
  /** Code 1 again after its bounded retries: what was asked is left without an answer (a media, its insights). */
  | { kind: 'unknown'; message: string }
  /** Anything else after the retries: the collection fails and may be started again. */
  | { kind: 'failed'; message: string };

/** The call a problem came from, as logged: its path and parameters, never the token. */
export interface GraphCall {
  path: string;
  params: Record<string, string>;
}

export class GraphError extends Error {
  override name = 'GraphError';
  constructor(
    readonly problem: GraphProblem,
    readonly call?: GraphCall,
  ) {
    super(problem.kind === 'reconnect' ? `token ${problem.reason}` : problem.message);
  }
}

/** The platform's error body (Graph API "Handling errors"). */
interface ErrorBody {
  error?: { message?: string; type?: string; code?: number; error_subcode?: number; is_transient?: boolean };
}

/** A list edge's page: `paging.next` is a whole URL, absent on the last page. */
export interface GraphPage<T> {
  data: T[];
  paging?: { cursors?: { before?: string; after?: string }; next?: string };
}

// Rate limits: 4 app, 17 user, 32 page, 613 custom, 80002 Instagram's business use case; 341 (application
// limit) and 368 (temporarily blocked) too: the error-handling guide says to wait and retry them.
const THROTTLED = new Set([4, 17, 32, 341, 368, 613, 80002]);
// 2 service: "Temporary issue due to downtime. Wait and retry the operation."
const TRANSIENT = new Set([2]);
// Subcodes of 190 that mean the owner took the access back (app removed, password changed, logged out).
const REVOKED = new Set([458, 460, 467]);
// 459 "The user has been checkpointed", 464 "The session user is not confirmed": the owner must log in to
// the network to clear it; a new consent alone would not.
const LOG_IN = new Set([459, 464]);
/** 2108006: a media posted before the account's latest switch to a professional account has no insights. */
const BEFORE_PROFESSIONAL = 2108006;
/** 33: the object does not exist or cannot be loaded (a media deleted meanwhile). */
const NO_SUCH_OBJECT = 33;
const MAX_RETRIES = 6;
/**
 * Code 1, "API Unknown": "Possibly a temporary issue due to downtime. Wait and retry the operation. If it
 * occurs again, check you are requesting an existing API." Retried this many times, then given up.
 */
export const UNKNOWN_RETRIES = 2;
/** Above this share of the hourly budget (any of calls, CPU, time) the client slows down. */
const USAGE_SLOWDOWN = 90;
/**
 * How long one Graph call may take, its answer read whole (issue 35). The platform answers a page in well
 * under a second and an insight in a few; a call past this is treated as a transient failure: retried
 * with backoff, then the collection fails and resumes from its checkpoint.
 */
export const GRAPH_CALL_TIMEOUT_MS = 30_000;

export interface GraphClientOptions {
  graphUrl: string;
  version: string;
  fetch?: typeof fetch;
  /** How long to wait when throttled and the platform names no time; and the first transient backoff. */
  throttleWaitMs?: number;
  retryBaseMs?: number;
  /** One call's deadline; GRAPH_CALL_TIMEOUT_MS unless a test shortens it. */
  callTimeoutMs?: number;
}

export interface GraphClient {
  /** GET a node or edge; `path` like `/me` or `/123/media`, or a `paging.next` URL as given. */
  get<T>(path: string, params: Record<string, string>, token: string, signal: AbortSignal): Promise<T>;
  /** One page of an edge (`params` override the URL's), with the URL of the page after it (its token left out). */
  page<T>(
    path: string,
    params: Record<string, string>,
    token: string,
    signal: AbortSignal,
  ): Promise<{ data: T[]; next: string | null }>;
  /** Every page of an edge from `cursor` (a `next` URL) or the start; yields each page with the URL after it. */
  pages<T>(
    path: string,
    params: Record<string, string>,
    token: string,
    signal: AbortSignal,
    from?: string | null,
  ): AsyncGenerator<{ data: T[]; next: string | null }>;
}

/** The highest share (percent) of any budget the usage headers report, or 0. */
export function usagePercent(headers: Headers): { percent: number; regainMs: number } {
  let percent = 0;
  let regainMs = 0;
  const read = (value: unknown) => {
    if (!value || typeof value !== 'object') return;
    const entry = value as Record<string, unknown>;
    for (const name of ['call_count', 'total_cputime', 'total_time']) {
      const n = Number(entry[name]);
      if (Number.isFinite(n)) percent = Math.max(percent, n);
    }
    const minutes = Number(entry.estimated_time_to_regain_access);
    if (Number.isFinite(minutes)) regainMs = Math.max(regainMs, minutes * 60_000);
  };
  try {
    read(JSON.parse(headers.get('x-app-usage') ?? 'null'));
    const buc = JSON.parse(headers.get('x-business-use-case-usage') ?? 'null') as Record<string, unknown> | null;
    for (const entries of Object.values(buc ?? {})) if (Array.isArray(entries)) entries.forEach(read);
  } catch {
    // A header we cannot read says nothing; the error codes still stop us.
  }
  return { percent, regainMs };
}

/** Sorts an error answer: the documented codes first, then the HTTP status. */
export function classify(status: number, body: ErrorBody): 'throttled' | 'transient' | 'unknown' | GraphProblem {
  const error = body.error;
  const code = error?.code ?? 0;
  const subcode = error?.error_subcode ?? 0;
  const message = error?.message ?? `HTTP ${status}`;
  if (code === 190 || (error?.type === 'OAuthException' && status === 401)) {
    const reason = LOG_IN.has(subcode) ? 'login_required' : REVOKED.has(subcode) ? 'revoked' : 'expired';
    return { kind: 'reconnect', reason };
  }
  if (THROTTLED.has(code) || status === 429) return 'throttled';
  if (code === 1) return 'unknown';
  if (TRANSIENT.has(code) || error?.is_transient || status >= 500) return 'transient';
  // 10 and 200-299: a permission not granted, or (#10) a story under 5 viewers.
  const unavailable = { kind: 'unavailable' as const, code, ...(subcode ? { subcode } : {}), message };
  if (code === 10 || (code >= 200 && code < 300)) return unavailable;
  if (code === 100) {
    if (subcode === BEFORE_PROFESSIONAL || subcode === NO_SUCH_OBJECT) return unavailable;
    const metric = refusalOf(message);
    // Any other code 100 is the API saying our request was malformed: our defect, never a missing figure.
    return metric ? { kind: 'refused', metric, message } : { kind: 'defect', code, message };
  }
  return { kind: 'failed', message };
}

/** An answer's JSON, or an empty object for one that is not JSON (its status still tells). */
function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return {};
  }
}

export function graphClient(options: GraphClientOptions): GraphClient {
  const doFetch = options.fetch ?? fetch;
  const throttleWaitMs = options.throttleWaitMs ?? 60_000;
  const retryBaseMs = options.retryBaseMs ?? 1_000;
  const callTimeoutMs = options.callTimeoutMs ?? GRAPH_CALL_TIMEOUT_MS;
  const base = `${options.graphUrl.replace(/\/$/, '')}/${options.version}`;
  // The platform's budget is per account (its token): one busy account never slows another.
  const slowUntil = new Map<string, number>();

  const origin = new URL(base).origin;
  function urlOf(path: string, params: Record<string, string>): URL {
    const url = new URL(path.startsWith('http') ? path : `${base}${path}`);
    // Our token goes only to the Graph host, whatever a `next` URL names.
    if (url.origin !== origin) throw new GraphError({ kind: 'failed', message: `not the Graph host: ${url.origin}` });
    // A `next` URL carries the token the platform echoed: it is never stored (checkpoints keep the URL).
    url.searchParams.delete('access_token');
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    return url;
  }

  async function get<T>(path: string, params: Record<string, string>, token: string, signal: AbortSignal) {
    const url = urlOf(path, params);
    const call: GraphCall = {
      path: url.pathname,
      params: Object.fromEntries([...url.searchParams].filter(([key]) => key !== 'access_token')),
    };
    let unknowns = 0;
    for (let attempt = 0; ; attempt++) {
      if (signal.aborted) throw new Cancelled();
      const wait = (slowUntil.get(token) ?? 0) - Date.now();
      if (wait > 0) await pause(wait, signal);
      let response: Response;
      let text: string;
      const deadline = withDeadline(callTimeoutMs, signal);
      try {
        response = await doFetch(url, { headers: { authorization: `Bearer ${token}` }, signal: deadline.signal });
        text = await response.text();
      } catch (error) {
        // The collection's own cancel ends it; anything else (the deadline, the network) is retried.
        if (signal.aborted) throw new Cancelled();
        officialCalls.inc({ outcome: 'no answer' });
        if (attempt >= MAX_RETRIES) throw new GraphError({ kind: 'failed', message: String(error) }, call);
        await pause(retryBaseMs * 2 ** attempt, signal);
        continue;
      } finally {
        deadline.clear();
      }
      const usage = usagePercent(response.headers);
      if (usage.percent >= USAGE_SLOWDOWN) slowUntil.set(token, Date.now() + (usage.regainMs || throttleWaitMs));
      else slowUntil.delete(token);
      const body = parsed(text) as T & ErrorBody;
      if (response.ok && !body.error) {
        officialCalls.inc({ outcome: 'ok' });
        return body as T;
      }
      const sorted = classify(response.status, body);
      officialCalls.inc({ outcome: typeof sorted === 'string' ? sorted : sorted.kind });
      if (sorted === 'throttled') {
        if (attempt >= MAX_RETRIES) throw new GraphError({ kind: 'failed', message: 'rate limited' }, call);
        await pause(usage.regainMs || throttleWaitMs, signal);
      } else if (sorted === 'unknown') {
        const message = body.error?.message ?? '';
        if (++unknowns > UNKNOWN_RETRIES) throw new GraphError({ kind: 'unknown', message }, call);
        await pause(retryBaseMs * 2 ** attempt, signal);
      } else if (sorted === 'transient') {
        if (attempt >= MAX_RETRIES) throw new GraphError({ kind: 'failed', message: body.error?.message ?? '' }, call);
        await pause(retryBaseMs * 2 ** attempt, signal);
      } else {
        throw new GraphError(sorted, call);
      }
    }
  }

  async function page<T>(path: string, params: Record<string, string>, token: string, signal: AbortSignal) {
    const answer = await get<GraphPage<T>>(path, params, token, signal);
    return { data: answer.data ?? [], next: answer.paging?.next ? urlOf(answer.paging.next, {}).toString() : null };
  }

  return {
    get,
    page,
    async *pages<T>(
      path: string,
      params: Record<string, string>,
      token: string,
      signal: AbortSignal,
      from: string | null = null,
    ) {
      let next: string | null = from ?? urlOf(path, params).toString();
      while (next) {
        const answer: { data: T[]; next: string | null } = await page<T>(next, {}, token, signal);
        next = answer.next;
        yield answer;
      }
    },
  };
}
