// Request ids a deployment can follow (issue 54): unique across every process of it (a UUID each, where
// they once restarted at `req-1` in every process), or the id a trusted proxy sent in X-Request-Id, so
// one id names a request in the proxy's log and ours. A header from anyone else is not taken: a client
// could otherwise make its requests' log lines look like another's.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import ipaddr from 'ipaddr.js';

/** What an incoming id may look like: short, printable, nothing a log line could be confused by. */
const ID_PATTERN = /^[\w.:-]{1,64}$/;

/** Whether `address` is one of `trusted` (TRUST_PROXY's addresses and networks, or every one). */
export function isTrustedHop(address: string | undefined, trusted: boolean | string[]): boolean {
  if (trusted === true) return true;
  if (!trusted || !address || !ipaddr.isValid(address)) return false;
  const peer = ipaddr.process(address);
  return trusted.some((entry) => {
    const [network, bits] = entry.includes('/')
      ? ipaddr.parseCIDR(entry)
      : ([ipaddr.process(entry), ipaddr.process(entry).kind() === 'ipv4' ? 32 : 128] as const);
    return peer.kind() === network.kind() && peer.match(network, bits);
  });
}

/** Fastify's genReqId: the trusted proxy's X-Request-Id, else a new UUID. */
export function requestIdOf(trusted: boolean | string[]) {
  return (request: IncomingMessage): string => {
    const sent = request.headers['x-request-id'];
    if (typeof sent === 'string' && ID_PATTERN.test(sent) && isTrustedHop(request.socket?.remoteAddress, trusted)) {
      return sent;
    }
    return randomUUID();
  };
}
