// How a download names a person, whatever the format: usernames are compared lowercase and trimmed,
// and a profile link (https://www.instagram.com/NAME, or …/_u/NAME) names its last path segment.

/** A name as lists compare it: trimmed and lowercase (the network's usernames ignore case). */
export function normalName(text: string): string {
  return text.trim().toLowerCase();
}

/** Whether every byte of [from, to) is ASCII, so trimming and lowercasing can work on bytes. */
export function isAscii(bytes: Uint8Array, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if ((bytes[i] as number) >= 0x80) return false;
  return true;
}

/** JavaScript's trim() on ASCII: tab, line feed, vertical tab, form feed, carriage return, space. */
const isSpace = (byte: number) => byte === 0x20 || (byte >= 0x09 && byte <= 0x0d);

/**
 * `normalName` on ASCII bytes, in place and without making a string: lowercases [from, to) and
 * returns where the trimmed name starts; `trimmedEnd` gives where it ends.
 */
export function lowerAsciiTrimmed(bytes: Uint8Array, from: number, to: number): number {
  for (let i = from; i < to; i++) {
    const byte = bytes[i] as number;
    if (byte >= 0x41 && byte <= 0x5a) bytes[i] = byte + 0x20;
  }
  let start = from;
  while (start < to && isSpace(bytes[start] as number)) start++;
  return start;
}

/** Where ASCII bytes [from, to) end once trailing whitespace is cut. */
export function trimmedEnd(bytes: Uint8Array, from: number, to: number): number {
  let end = to;
  while (end > from && isSpace(bytes[end - 1] as number)) end--;
  return end;
}

/** The last path segment of a link, skipping the `_u/` that some downloads put before the name. */
export function nameFromHref(href: string): string {
  try {
    const parts = new URL(href).pathname.split('/').filter((part) => part && part !== '_u');
    return normalName(parts.at(-1) ?? '');
  } catch {
    return '';
  }
}

/** The network's hosts: a link elsewhere names nobody on it. */
const NETWORK_HOST = /(^|\.)instagram\.com$/;

/**
 * The username a profile link names (https://www.instagram.com/NAME or …/_u/NAME, with or without a
 * final slash), or '' for any other link: a post (/p/CODE/), a story, another site, a relative path.
 */
export function profileName(href: string): string {
  try {
    const url = new URL(href);
    if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !NETWORK_HOST.test(url.hostname)) return '';
    const parts = url.pathname.split('/').filter(Boolean);
    if (parts[0] === '_u') parts.shift();
    return parts.length === 1 ? normalName(parts[0] as string) : '';
  } catch {
    return '';
  }
}
