// What the request log writes of a request (issue 48): its method, its address with every secret in the
// query replaced, and where it came from; never a header's secret, never a body. The development key
// travels as `?key=` in the outbox link printed at start, and login links, codes and tokens could come as
// query parameters from a client that puts them there: none of them reaches a log.
import type { FastifyRequest } from 'fastify';

/** Query parameters whose values are secrets. */
const SECRET_PARAMS = new Set(['key', 'token', 'code', 'otp']);
const REDACTED = '[redacted]';

/** `url` with the value of every secret query parameter replaced. */
export function redactedUrl(url: string): string {
  const mark = url.indexOf('?');
  if (mark < 0) return url;
  const query = url
    .slice(mark + 1)
    .split('&')
    .map((pair) => {
      const name = pair.split('=')[0] ?? '';
      let decoded = name;
      try {
        decoded = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        // A malformed escape: judged as written.
      }
      return SECRET_PARAMS.has(decoded.toLowerCase()) ? `${name}=${REDACTED}` : pair;
    });
  return `${url.slice(0, mark)}?${query.join('&')}`;
}

/** Fastify's request serializer with the address redacted (its default writes the address whole). */
export function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactedUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
