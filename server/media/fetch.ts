// Fetches a remote picture or video for the media proxy without letting the URL reach anything it
// should not: http(s) only, allowlisted hosts only (checked before any DNS lookup), every resolved
// address checked and the connection pinned to the checked addresses (a DNS answer that changes
// between check and connect cannot slip through), redirects re-checked hop by hop, bounded time
// and size, and only image/video content. Failures are values, never exceptions.
import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { isAllowedAddress, parseIpLiteral } from './address.ts';

export const MEDIA_FETCH_DEFAULTS = {
  maxRedirects: 3,
  /** The whole fetch, redirects and body included. */
  timeoutMs: 10_000,
  /** Each TCP connection. */
  connectTimeoutMs: 10_000,
  maxBytes: 15 * 1024 * 1024,
} as const;

export type FetchRefusal = 'scheme' | 'host' | 'address' | 'redirects' | 'size' | 'type' | 'timeout' | 'upstream';

export interface FetchFailure {
  ok: false;
  reason: FetchRefusal;
  /** The upstream status for `upstream` refusals that had one (404, 500, ...). */
  status?: number;
  /** A few words for the log. */
  detail?: string;
}

export interface FetchedMedia {
  ok: true;
  status: 200 | 206;
  /** The URL finally fetched, after redirects. */
  url: string;
  /** The media type without parameters, lower case: `image/png`, `video/mp4`. */
  contentType: string;
  body: Buffer;
  /** The upstream `content-range` of a 206. */
  contentRange?: string;
  /** The upstream `content-encoding` when it sent one anyway (gzip, br, deflate). */
  contentEncoding?: string;
}

export type SafeFetchResult = FetchedMedia | FetchFailure;

export interface FetchLimits {
  maxRedirects?: number;
  timeoutMs?: number;
  connectTimeoutMs?: number;
  maxBytes?: number;
}

/** Hooks that replace the network's decisions. For tests only: production passes none of them. */
export interface FetchTestHooks {
  /** Resolves a host name to addresses (default: the system resolver, dns.lookup). */
  resolve?: (hostname: string) => Promise<string[]>;
  /** The address policy (default: isAllowedAddress, public unicast only). */
  allowAddress?: (address: string) => boolean;
  /** Told every address, already checked, just before the socket may connect to it. */
  onConnect?: (address: string, port: number) => void;
}

export interface SafeFetchOptions extends FetchLimits, FetchTestHooks {
  /** Host names that may be fetched (exact match, case-insensitive, one trailing dot ignored; `*.name` for every host under name). */
  allowedHosts: readonly string[];
  /** A `Range` header to forward (`bytes=0-1023`); anything but one byte range is dropped. */
  range?: string;
  /** Aborts the fetch (the client went away). */
  signal?: AbortSignal;
}

const redirectStatuses = new Set([301, 302, 303, 307, 308]);
const byteRange = /^bytes=(?:\d{1,15}-\d{0,15}|-\d{1,15})$/;
const mediaType = /^(?:image|video)\/[a-z0-9][a-z0-9!#$&^_.+-]*$/;
const encodings = new Set(['gzip', 'br', 'deflate']);

const failure = (reason: FetchRefusal, detail?: string, status?: number): FetchFailure =>
  status === undefined ? { ok: false, reason, detail } : { ok: false, reason, detail, status };

function stripTrailingDot(host: string): string {
  return host.endsWith('.') ? host.slice(0, -1) : host;
}

/**
 * An allowlist entry as the URL parser would spell its host: lower case, IDN in punycode, IPv4 in
 * dotted decimal, IPv6 in brackets, no trailing dot. Throws on anything that is not a bare host.
 */
export function normalizeAllowedHost(entry: string): string {
  // `*.cdninstagram.com`: every host under that name (the official API's media come from many CDN hosts).
  // A normalized one reads `.cdninstagram.com`, and normalizes to itself.
  const wildcard = /^\s*\*?\./.exec(entry);
  if (wildcard) return `.${normalizeAllowedHost(entry.slice(wildcard[0].length))}`;
  let url: URL;
  try {
    url = new URL(`http://${entry.trim()}`);
  } catch {
    throw new Error(`not a host name: ${entry}`);
  }
  const bare = !url.username && !url.password && !url.port && url.pathname === '/' && !url.search && !url.hash;
  if (!bare || !url.hostname) throw new Error(`not a host name: ${entry}`);
  return stripTrailingDot(url.hostname);
}

/** An exact entry, or a `.suffix` one (from `*.suffix`) that the host is under. */
function isAllowedHost(allowed: ReadonlySet<string>, hostname: string): boolean {
  if (allowed.has(hostname)) return true;
  for (const entry of allowed) if (entry.startsWith('.') && hostname.endsWith(entry)) return true;
  return false;
}

/** Whether a range header is one byte range this proxy forwards. */
export function isByteRange(range: string | undefined): range is string {
  return typeof range === 'string' && byteRange.test(range);
}

/** The media type of a content-type header if it is image/* or video/*, else undefined. */
export function mediaTypeOf(header: string | undefined): string | undefined {
  const essence = header?.split(';')[0]?.trim().toLowerCase();
  return essence && mediaType.test(essence) ? essence : undefined;
}

/** SVG is a document that can carry script; remote SVG is never served. */
export function isScriptable(type: string): boolean {
  return type.includes('svg');
}

const systemResolve = async (hostname: string): Promise<string[]> =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

interface Context {
  allowed: ReadonlySet<string>;
  limits: Required<FetchLimits>;
  resolve: (hostname: string) => Promise<string[]>;
  allowAddress: (address: string) => boolean;
  onConnect: ((address: string, port: number) => void) | undefined;
  range: string | undefined;
  signal: AbortSignal;
  /** Why the signal fired. */
  abortReason: () => FetchFailure;
}

type Checked = { hostname: string; port: number; addresses: string[]; literal: boolean };

/** The scheme and allowlist checks, made before any lookup. */
function checkUrl(url: URL, context: Context): { hostname: string } | FetchFailure {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return failure('scheme', url.protocol);
  // Credentials in a URL are never sent on, and `a@b@c` tricks are refused outright.
  if (url.username || url.password) return failure('host', 'credentials in URL');
  const hostname = stripTrailingDot(url.hostname);
  if (!isAllowedHost(context.allowed, hostname)) return failure('host', hostname);
  return { hostname };
}

function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T | undefined> {
  if (signal.aborted) return Promise.resolve(undefined);
  return new Promise((resolve, reject) => {
    const onAbort = () => resolve(undefined);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/** Resolves the host (unless it is an IP literal) and checks every address. */
async function resolveAndCheck(url: URL, hostname: string, context: Context): Promise<Checked | FetchFailure> {
  const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
  const bare = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
  const literal = parseIpLiteral(bare);
  if (literal) {
    if (literal.zone || !context.allowAddress(literal.address)) return failure('address', literal.address);
    return { hostname: literal.address, port, addresses: [literal.address], literal: true };
  }
  let answers: string[] | undefined;
  try {
    answers = await raceAbort(context.resolve(bare), context.signal);
  } catch (error) {
    return failure('upstream', `lookup failed: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  if (answers === undefined) return context.abortReason();
  if (answers.length === 0) return failure('upstream', 'no address');
  const addresses: string[] = [];
  for (const answer of answers) {
    const parsed = parseIpLiteral(answer);
    // Every answer must pass: one bad address refuses the host, whichever the socket would pick.
    if (!parsed || parsed.zone || !context.allowAddress(parsed.address)) return failure('address', answer);
    if (!addresses.includes(parsed.address)) addresses.push(parsed.address);
  }
  return { hostname: bare, port, addresses, literal: false };
}

/** A lookup that answers only for the checked host, with only the checked addresses: no second DNS query. */
function pinnedLookup(target: Checked, context: Context): LookupFunction {
  return (name, options, callback) => {
    const wanted =
      options.family === 4 || options.family === 'IPv4' ? 4 : options.family === 6 || options.family === 'IPv6' ? 6 : 0;
    const entries = target.addresses
      .map((address) => ({ address, family: address.includes(':') ? 6 : 4 }))
      .filter((entry) => wanted === 0 || entry.family === wanted);
    const first = entries[0];
    if (name !== target.hostname || !first) {
      const error: NodeJS.ErrnoException = new Error(`no checked address for ${name}`);
      error.code = 'ENOTFOUND';
      callback(error, '', 4);
      return;
    }
    for (const entry of entries) context.onConnect?.(entry.address, target.port);
    if (options.all) callback(null, entries);
    else callback(null, first.address, first.family);
  };
}

type Exchange = { response: IncomingMessage } | FetchFailure;

/** Sends the request to the checked addresses and waits for the response head. */
function exchange(url: URL, target: Checked, context: Context): Promise<Exchange> {
  return new Promise((resolve) => {
    let settled = false;
    let connectTimedOut = false;
    const settle = (value: Exchange) => {
      if (settled) return;
      settled = true;
      resolve(value);
    };
    const headers: Record<string, string> = {
      accept: 'image/*, video/*;q=0.9',
      'accept-encoding': 'identity',
      'user-agent': 'Followscope-media-proxy',
    };
    if (context.range) headers.range = context.range;
    if (target.literal) context.onConnect?.(target.addresses[0] ?? '', target.port);
    const request = (url.protocol === 'https:' ? https : http).request({
      protocol: url.protocol,
      hostname: target.hostname,
      port: target.port,
      path: `${url.pathname}${url.search}`,
      method: 'GET',
      headers,
      lookup: pinnedLookup(target, context),
      agent: false,
      signal: context.signal,
    });
    request.on('socket', (socket) => {
      if (!socket.connecting) return;
      const timer = setTimeout(() => {
        connectTimedOut = true;
        request.destroy(new Error('connect timeout'));
      }, context.limits.connectTimeoutMs);
      socket.once('connect', () => clearTimeout(timer));
      socket.once('close', () => clearTimeout(timer));
    });
    request.on('response', (response) => settle({ response }));
    // Errors after the response head (a body longer than its content-length, say) are the body
    // reader's business; the listener stays so that none goes unhandled.
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (connectTimedOut) settle(failure('timeout', 'connect'));
      else if (context.signal.aborted) settle(context.abortReason());
      else settle(failure('upstream', error.code ?? error.message));
    });
    request.end();
  });
}

/** Reads the body, giving up as soon as it passes the limit (whatever content-length said). */
function readBody(response: IncomingMessage, context: Context): Promise<Buffer | FetchFailure> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = (value: Buffer | FetchFailure) => {
      if (settled) return;
      settled = true;
      resolve(value);
    };
    const broken = () => (context.signal.aborted ? context.abortReason() : failure('upstream', 'body cut short'));
    response.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > context.limits.maxBytes) {
        settle(failure('size', `over ${context.limits.maxBytes} bytes`));
        response.destroy();
        return;
      }
      chunks.push(chunk);
    });
    response.on('end', () => settle(response.complete ? Buffer.concat(chunks, size) : broken()));
    response.on('error', () => settle(broken()));
    response.on('close', () => settle(broken()));
  });
}

type Hop = { redirect: URL } | FetchedMedia | FetchFailure;

async function hop(url: URL, context: Context): Promise<Hop> {
  const checked = checkUrl(url, context);
  if ('ok' in checked) return checked;
  const target = await resolveAndCheck(url, checked.hostname, context);
  if ('ok' in target) return target;
  const exchanged = await exchange(url, target, context);
  if ('ok' in exchanged) return exchanged;
  const { response } = exchanged;
  const status = response.statusCode ?? 0;
  const header = (name: string) => {
    const value = response.headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  if (redirectStatuses.has(status)) {
    response.destroy();
    const location = header('location');
    if (!location) return failure('upstream', `${status} without location`);
    try {
      return { redirect: new URL(location, url) };
    } catch {
      return failure('scheme', 'redirect to an invalid URL');
    }
  }
  if (status !== 200 && status !== 206) {
    response.destroy();
    return failure('upstream', `status ${status}`, status);
  }
  const contentType = mediaTypeOf(header('content-type'));
  if (!contentType || isScriptable(contentType)) {
    response.destroy();
    return failure('type', header('content-type') ?? 'no content-type');
  }
  const encoding = header('content-encoding')?.trim().toLowerCase();
  if (encoding && encoding !== 'identity' && !encodings.has(encoding)) {
    response.destroy();
    return failure('upstream', `content-encoding ${encoding}`);
  }
  const declared = Number(header('content-length'));
  if (Number.isFinite(declared) && declared > context.limits.maxBytes) {
    response.destroy();
    return failure('size', `content-length ${declared}`);
  }
  const body = await readBody(response, context);
  if ('ok' in body) return body;
  const media: FetchedMedia = { ok: true, status: status === 206 ? 206 : 200, url: url.href, contentType, body };
  const contentRange = header('content-range');
  if (status === 206 && contentRange) media.contentRange = contentRange;
  if (encoding && encoding !== 'identity') media.contentEncoding = encoding;
  return media;
}

/** Fetches `input` under the proxy's rules; see the file comment. */
export async function safeFetch(input: string | URL, options: SafeFetchOptions): Promise<SafeFetchResult> {
  const limits: Required<FetchLimits> = {
    maxRedirects: options.maxRedirects ?? MEDIA_FETCH_DEFAULTS.maxRedirects,
    timeoutMs: options.timeoutMs ?? MEDIA_FETCH_DEFAULTS.timeoutMs,
    connectTimeoutMs: options.connectTimeoutMs ?? MEDIA_FETCH_DEFAULTS.connectTimeoutMs,
    maxBytes: options.maxBytes ?? MEDIA_FETCH_DEFAULTS.maxBytes,
  };
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    return failure('scheme', 'not a URL');
  }
  const allowed = new Set<string>();
  for (const entry of options.allowedHosts) {
    try {
      allowed.add(normalizeAllowedHost(entry));
    } catch {
      // An entry that is not a host allows nothing.
    }
  }
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, limits.timeoutMs);
  const onOuterAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onOuterAbort, { once: true });
  if (options.signal?.aborted) controller.abort();
  const context: Context = {
    allowed,
    limits,
    resolve: options.resolve ?? systemResolve,
    allowAddress: options.allowAddress ?? isAllowedAddress,
    onConnect: options.onConnect,
    range: isByteRange(options.range) ? options.range : undefined,
    signal: controller.signal,
    abortReason: () => (timedOut ? failure('timeout', `over ${limits.timeoutMs} ms`) : failure('upstream', 'aborted')),
  };
  try {
    for (let redirects = 0; ; redirects++) {
      const result = await hop(url, context);
      if (!('redirect' in result)) return result;
      if (redirects >= limits.maxRedirects) return failure('redirects', `more than ${limits.maxRedirects}`);
      url = result.redirect;
    }
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onOuterAbort);
  }
}
