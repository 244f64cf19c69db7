// GET /api/v1/proxy?url=&sig=: pictures and videos from elsewhere, served from our origin the way
// camo and imgproxy do it. Only URLs the server signed are fetched; the sample network's own media
// is served in-process; everything else goes through safeFetch's rules (see fetch.ts).
import type { FastifyInstance, FastifyReply } from 'fastify';
import { addressGate } from '../http/account-gates.ts';
import {
  type FetchFailure,
  type FetchLimits,
  type FetchTestHooks,
  isByteRange,
  mediaTypeOf,
  normalizeAllowedHost,
  safeFetch,
} from './fetch.ts';
import type { MediaSigner } from './sign.ts';

/** The sample network's media host: served in-process, never looked up or fetched. */
export { SAMPLE_MEDIA_HOST } from '../source/sample-stories.ts';

export interface InProcessMedia {
  contentType: string;
  body: Buffer;
}

export interface MediaProxyOptions {
  signer: MediaSigner;
  /** Hosts fetched over the network (MEDIA_HOSTS); exact names, case-insensitive. */
  allowedHosts: readonly string[];
  /** Media the server has itself (the sample network's); undefined sends the URL to the network. */
  inProcess?: (url: URL) => Promise<InProcessMedia | undefined>;
  /** Hosts that only `inProcess` serves: a URL on them that it does not have is a 404, never a fetch. */
  inProcessHosts?: readonly string[];
  limits?: FetchLimits;
  /** Address policy and resolver overrides. For tests only. */
  testing?: FetchTestHooks;
}

const securityHeaders = {
  'x-content-type-options': 'nosniff',
  // A proxied file opened on its own (an SVG, say) cannot run script or load anything.
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
};

const refusals: Record<FetchFailure['reason'], { status: number; message: string }> = {
  scheme: { status: 400, message: 'Only http and https media links can be shown.' },
  host: { status: 403, message: 'Media from this host is not shown.' },
  address: { status: 403, message: 'Media from this address is not shown.' },
  redirects: { status: 502, message: 'The media host redirected too many times.' },
  size: { status: 413, message: 'The media file is too large.' },
  type: { status: 415, message: 'This kind of file is not shown.' },
  timeout: { status: 504, message: 'The media host took too long to answer.' },
  upstream: { status: 502, message: 'The media host did not answer properly.' },
};

function refusalFor(result: FetchFailure): { status: number; message: string } {
  if (result.reason === 'upstream' && (result.status === 404 || result.status === 410)) {
    return { status: 404, message: 'The media file was not found.' };
  }
  if (result.reason === 'upstream' && result.status === 416) {
    return { status: 416, message: 'The requested range is not in the media file.' };
  }
  return refusals[result.reason];
}

function refuse(reply: FastifyReply, status: number, message: string) {
  return reply
    .status(status)
    .headers({ ...securityHeaders, 'cache-control': 'no-store' })
    .type('application/json; charset=utf-8')
    .send({ message });
}

function serve(
  reply: FastifyReply,
  media: { status?: number; contentType: string; body: Buffer; contentRange?: string; contentEncoding?: string },
) {
  reply
    .status(media.status ?? 200)
    .headers({ ...securityHeaders, 'cache-control': 'public, max-age=86400, immutable' })
    .type(media.contentType);
  if (media.contentType.startsWith('video/')) reply.header('accept-ranges', 'bytes');
  if (media.contentRange) reply.header('content-range', media.contentRange);
  if (media.contentEncoding) reply.header('content-encoding', media.contentEncoding);
  return reply.send(media.body);
}

/** The bytes a single-range header asks of a body of `length` bytes; undefined when it is to be ignored. */
export function byteRangeOf(
  length: number,
  range: string,
): { start: number; end: number } | 'unsatisfiable' | undefined {
  const match = /^bytes=(\d*)-(\d*)$/.exec(range);
  if (!match) return undefined;
  const [, first = '', last = ''] = match;
  if (!first) {
    const suffix = Number(last);
    if (!last || suffix === 0 || length === 0) return 'unsatisfiable';
    return { start: Math.max(0, length - suffix), end: length - 1 };
  }
  const start = Number(first);
  if (last && Number(last) < start) return undefined;
  if (start >= length) return 'unsatisfiable';
  return { start, end: last ? Math.min(Number(last), length - 1) : length - 1 };
}

const stripTrailingDot = (host: string) => (host.endsWith('.') ? host.slice(0, -1) : host);

/** MEDIA_HOSTS: comma-separated host names; throws on an entry that is not a bare host name. */
export function parseMediaHosts(value: string | undefined): string[] {
  const hosts = (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map(normalizeAllowedHost);
  return [...new Set(hosts)];
}

/** Registers GET /proxy (mount it under /api/v1). */
export function mediaProxyRoutes(app: FastifyInstance, options: MediaProxyOptions): void {
  if (options.testing && process.env.NODE_ENV === 'production') {
    throw new Error('the media proxy test hooks are not for production');
  }
  const allowedHosts = options.allowedHosts.map(normalizeAllowedHost);
  const inProcessHosts = new Set((options.inProcessHosts ?? []).map(normalizeAllowedHost));

  // Issue 48: no login to count by (its links are signed): its fetches take turns per address.
  app.get('/proxy', { preHandler: addressGate('media') }, async (request, reply) => {
    const { url: target, sig } = request.query as Record<string, unknown>;
    // Before anything else: an unsigned URL causes no lookup and no connection.
    if (typeof target !== 'string' || typeof sig !== 'string' || !options.signer.verify(target, sig)) {
      return refuse(reply, 403, 'This media link is not signed.');
    }
    let url: URL;
    try {
      url = new URL(target);
    } catch {
      return refuse(reply, 400, 'This media link is not a URL.');
    }
    const local = await options.inProcess?.(url);
    if (local) {
      const contentType = mediaTypeOf(local.contentType);
      if (!contentType) return refuse(reply, 415, refusals.type.message);
      // The server has the whole file, so it answers a range itself (players seek with ranges).
      const range = isByteRange(request.headers.range)
        ? byteRangeOf(local.body.length, request.headers.range)
        : undefined;
      if (range === 'unsatisfiable') {
        reply.header('content-range', `bytes */${local.body.length}`);
        return refuse(reply, 416, 'The requested range is not in the media file.');
      }
      if (range) {
        return serve(reply, {
          status: 206,
          contentType,
          body: local.body.subarray(range.start, range.end + 1),
          contentRange: `bytes ${range.start}-${range.end}/${local.body.length}`,
        });
      }
      return serve(reply, { contentType, body: local.body });
    }
    if (inProcessHosts.has(stripTrailingDot(url.hostname))) {
      return refuse(reply, 404, 'The media file was not found.');
    }

    // The client leaving stops the fetch.
    const controller = new AbortController();
    const onClose = () => {
      if (!reply.raw.writableEnded) controller.abort();
    };
    reply.raw.once('close', onClose);
    const range = request.headers.range;
    const result = await safeFetch(url, {
      ...options.limits,
      ...options.testing,
      allowedHosts,
      range: isByteRange(range) ? range : undefined,
      signal: controller.signal,
    });
    reply.raw.off('close', onClose);
    if (!result.ok) {
      const { status, message } = refusalFor(result);
      request.log.info(
        { host: url.hostname, reason: result.reason, detail: result.detail, upstreamStatus: result.status },
        'media proxy refused',
      );
      return refuse(reply, status, message);
    }
    return serve(reply, result);
  });
}
