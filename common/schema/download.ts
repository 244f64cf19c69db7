// The downloader's input (spec §2 Downloader, §7 download/stories/reel): a post or reel link, or a
// username. Shared by the form and the server, so both accept and refuse the same links.

const NETWORK_HOSTS = ['instagram.com', 'www.instagram.com', 'm.instagram.com', 'instagr.am', 'www.instagr.am'];
const CODE = /^[A-Za-z0-9_-]{5,40}$/;
const KINDS = new Set(['p', 'reel', 'reels', 'tv']);

/**
 * The short code in a link to a post or reel, in any common form: with or without scheme, www or
 * m., a username before /p/ or /reel/, /reels/ and /tv/, the instagr.am short host, a query string
 * or fragment (?igsh=…, ?utm_source=…) and a trailing slash. Undefined for anything else.
 */
export function postCodeOf(input: string, extraHosts: readonly string[] = []): string | undefined {
  const text = input.trim();
  if (!text || /\s/.test(text)) return undefined;
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  if (url.username || url.password) return undefined;
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  if (!NETWORK_HOSTS.includes(host) && !extraHosts.includes(host)) return undefined;
  const parts = url.pathname.split('/').filter(Boolean);
  // /p/CODE, /reel/CODE, /NAME/p/CODE, /NAME/reel/CODE
  const at = KINDS.has(parts[0] ?? '') ? 0 : KINDS.has(parts[1] ?? '') ? 1 : -1;
  const code = at >= 0 ? parts[at + 1] : undefined;
  if (!code || !CODE.test(code) || parts.length > at + 2) return undefined;
  return code;
}

/** A username as people type it: an @ and spaces are dropped, case folded (spec §5 strips spaces). */
export function usernameOf(input: string): string | undefined {
  const name = input.replace(/\s+/g, '').replace(/^@/, '').toLowerCase();
  return /^[a-z0-9._]{1,30}$/.test(name) ? name : undefined;
}
