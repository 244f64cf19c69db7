// Where push messages may go (issue 33). A push endpoint is a URL a client hands over, so the server
// posts only over https to the browsers' own push services and to hosts the operator names in
// PUSH_SERVICE_HOSTS (a self-hosted push service, or the tests' local one), checked when a device
// subscribes and again before every send. Like the media proxy's allowlist (server/media/fetch.ts), a
// host is matched by name before any DNS lookup; unlike it, the names are the operator's, not the
// client's, so a push service on a private network is allowed when named.

/** An allowed push service: an exact host name or every host under `.suffix`, on one port. */
export interface PushServiceHost {
  /** `fcm.googleapis.com`, or `.notify.windows.com` for every host under that name. */
  host: string;
  port: number;
}

/** The push services of Chromium, Firefox, Edge and Safari (their endpoints' hosts). */
export const BROWSER_PUSH_SERVICES = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  '*.notify.windows.com',
  '*.push.apple.com',
];

/** Why an endpoint is refused, or undefined when the server may post to it. */
export type EndpointRefusal = 'invalid' | 'scheme' | 'credentials' | 'host';

const stripTrailingDot = (host: string) => (host.endsWith('.') ? host.slice(0, -1) : host);

/** One entry, `host`, `host:port`, `*.suffix` or `[v6]:port`, as the URL parser spells it; throws on anything else. */
export function parsePushServiceHost(entry: string): PushServiceHost {
  const trimmed = entry.trim();
  const wildcard = trimmed.startsWith('*.');
  let url: URL;
  try {
    url = new URL(`https://${wildcard ? trimmed.slice(2) : trimmed}`);
  } catch {
    throw new Error(`not a host or host:port: ${entry}`);
  }
  const bare = !url.username && !url.password && url.pathname === '/' && !url.search && !url.hash;
  if (!bare || !url.hostname) throw new Error(`not a host or host:port: ${entry}`);
  const host = stripTrailingDot(url.hostname);
  return { host: wildcard ? `.${host}` : host, port: url.port ? Number(url.port) : 443 };
}

/** PUSH_SERVICE_HOSTS (comma-separated) after the browsers' services; throws on an entry that is not a host. */
export function pushServiceHosts(extra: string | undefined): PushServiceHost[] {
  const entries = [...BROWSER_PUSH_SERVICES, ...(extra ?? '').split(',')].filter((entry) => entry.trim());
  return entries.map(parsePushServiceHost);
}

/** Whether the server may post to `endpoint`: https, no credentials, an allowed host on its port. */
export function endpointRefusal(endpoint: string, allowed: readonly PushServiceHost[]): EndpointRefusal | undefined {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'invalid';
  }
  if (url.protocol !== 'https:') return 'scheme';
  if (url.username || url.password) return 'credentials';
  const host = stripTrailingDot(url.hostname);
  const port = url.port ? Number(url.port) : 443;
  const listed = allowed.some(
    (entry) => entry.port === port && (entry.host.startsWith('.') ? host.endsWith(entry.host) : entry.host === host),
  );
  return listed ? undefined : 'host';
}
