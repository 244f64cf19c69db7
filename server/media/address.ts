// Which IP addresses the media proxy may connect to: public unicast only. Everything a request
// forger could aim at (loopback, private networks, link-local, cloud metadata, translated or
// tunnelled forms of those) is refused, and host names that are IP literals are read in every
// spelling libc and browsers accept (2130706433, 0x7f.1, 0177.0.0.1, [::ffff:7f00:1], ...).
import ipaddr from 'ipaddr.js';

/** An IP literal, in canonical form (dotted quad, or RFC 5952 IPv6 without brackets). */
export interface IpLiteral {
  family: 4 | 6;
  address: string;
  /** The IPv6 zone (scope) id, `eth0` in `fe80::1%eth0`. */
  zone?: string;
}

/** Why an address is refused (for logs and tests). */
export type AddressRefusal =
  | 'invalid'
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'shared'
  | 'link-local'
  | 'metadata'
  | 'multicast'
  | 'broadcast'
  | 'reserved'
  | 'documentation'
  | 'benchmarking'
  | 'tunnel'
  | 'scoped';

export type AddressVerdict = { allowed: true; address: string } | { allowed: false; reason: AddressRefusal };

type Range = [cidr: string, reason: AddressRefusal];

// The first match wins, so the narrow labels (metadata) come before their enclosing blocks.
// IANA IPv4 Special-Purpose Address Registry, plus the cloud metadata endpoints.
const ipv4Refused: Range[] = [
  ['169.254.169.254/32', 'metadata'], // AWS, GCP, Azure, OpenStack, DigitalOcean
  ['169.254.170.2/32', 'metadata'], // AWS ECS task metadata
  ['100.100.100.200/32', 'metadata'], // Alibaba Cloud
  ['192.0.0.192/32', 'metadata'], // Oracle Cloud
  ['0.0.0.0/8', 'unspecified'], // "this network"; 0.0.0.0 reaches the local host on Linux
  ['10.0.0.0/8', 'private'],
  ['100.64.0.0/10', 'shared'], // carrier-grade NAT
  ['127.0.0.0/8', 'loopback'],
  ['169.254.0.0/16', 'link-local'],
  ['172.16.0.0/12', 'private'],
  ['192.0.0.0/24', 'reserved'], // IETF protocol assignments
  ['192.0.2.0/24', 'documentation'],
  ['192.88.99.0/24', 'reserved'], // 6to4 relay anycast (deprecated)
  ['192.168.0.0/16', 'private'],
  ['198.18.0.0/15', 'benchmarking'],
  ['198.51.100.0/24', 'documentation'],
  ['203.0.113.0/24', 'documentation'],
  ['224.0.0.0/4', 'multicast'],
  ['255.255.255.255/32', 'broadcast'],
  ['240.0.0.0/4', 'reserved'],
];

// IPv6: only global unicast (2000::/3) is allowed, minus the blocks below; the prefixes that embed
// an IPv4 address are decided by the embedded address.
const ipv6Refused: Range[] = [
  ['fd00:ec2::254/128', 'metadata'], // AWS IMDS over IPv6
  ['::/128', 'unspecified'],
  ['::1/128', 'loopback'],
  ['64:ff9b:1::/48', 'reserved'], // local-use NAT64: the embedded address is another network's
  ['100::/64', 'reserved'], // discard-only
  ['2001::/32', 'tunnel'], // Teredo: the client's IPv4 address is obfuscated inside
  ['2001:db8::/32', 'documentation'],
  ['2001:2::/48', 'benchmarking'],
  ['2001::/23', 'reserved'], // IETF protocol assignments (ORCHID, AMT, ...)
  ['3fff::/20', 'documentation'],
  ['5f00::/16', 'reserved'], // SRv6 SIDs
  ['fc00::/7', 'private'], // unique local
  ['fe80::/10', 'link-local'],
  ['fec0::/10', 'private'], // site-local (deprecated)
  ['ff00::/8', 'multicast'],
];

const parsedIpv4Refused = ipv4Refused.map(([cidr, reason]) => [ipaddr.IPv4.parseCIDR(cidr), reason] as const);
const parsedIpv6Refused = ipv6Refused.map(([cidr, reason]) => [ipaddr.IPv6.parseCIDR(cidr), reason] as const);
const globalUnicast = ipaddr.IPv6.parseCIDR('2000::/3');
const mapped = ipaddr.IPv6.parseCIDR('::ffff:0:0/96');
const nat64 = ipaddr.IPv6.parseCIDR('64:ff9b::/96');
const sixToFour = ipaddr.IPv6.parseCIDR('2002::/16');

/**
 * Reads an IPv4 address the way inet_aton(3) and the WHATWG URL parser do: one to four parts
 * separated by dots, each decimal, octal (leading 0) or hexadecimal (0x), the last part filling
 * the remaining bytes (127.1 is 127.0.0.1, 2130706433 is 127.0.0.1). One trailing dot is allowed.
 * Returns the address as an unsigned 32-bit number, or undefined when the text is not one.
 */
export function parseIPv4Number(text: string): number | undefined {
  const parts = text.split('.');
  if (parts.length > 1 && parts[parts.length - 1] === '') parts.pop();
  if (parts.length === 0 || parts.length > 4) return undefined;
  const values: number[] = [];
  for (const part of parts) {
    const value = parseIPv4Part(part);
    if (value === undefined) return undefined;
    values.push(value);
  }
  const last = values.pop() ?? 0;
  if (values.some((value) => value > 255)) return undefined;
  if (last >= 256 ** (4 - values.length)) return undefined;
  let address = last;
  values.forEach((value, index) => {
    address += value * 256 ** (3 - index);
  });
  return address;
}

function parseIPv4Part(part: string): number | undefined {
  // Long runs of digits cannot fit in 32 bits; cut them off before Number() loses precision.
  if (part.length === 0 || part.length > 34) return undefined;
  if (/^0x[0-9a-f]*$/i.test(part)) return part.length === 2 ? 0 : Number.parseInt(part.slice(2), 16);
  if (/^0[0-7]*$/.test(part)) return Number.parseInt(part, 8);
  if (/^[1-9][0-9]*$/.test(part)) return Number(part);
  return undefined;
}

function ipv4FromNumber(value: number): string {
  return [value >>> 24, (value >>> 16) & 255, (value >>> 8) & 255, value & 255].join('.');
}

/** Undoes the ways a host can be spelled that still mean the same characters. */
function unescapeHost(host: string): string {
  let text = host.trim();
  if (text.includes('%')) {
    try {
      text = decodeURIComponent(text);
    } catch {
      // A lone % (an IPv6 zone id) is not an escape.
    }
  }
  // Full-width digits and the ideographic full stops are read as ASCII by URL parsers (IDNA).
  return text
    .normalize('NFKC')
    .replace(/[\u3002\uff0e\uff61]/g, '.')
    .toLowerCase();
}

/**
 * `::ffff:127.0.0.1` as `::ffff:7f00:1`. ipaddr.js would read `::1.2.3.4` (IPv4-compatible) as
 * `::ffff:1.2.3.4` (IPv4-mapped), a different address; with hex groups it reads what was written.
 * The embedded IPv4 must be four decimal parts, as RFC 4291 and URL parsers require.
 */
function dottedTailToHex(text: string): string | undefined {
  if (!text.includes('.')) return text;
  const match = /^(.*:)(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (!match) return undefined;
  const bytes = match.slice(2, 6).map(Number);
  if (bytes.some((byte) => byte > 255)) return undefined;
  const [a = 0, b = 0, c = 0, d = 0] = bytes;
  return `${match[1]}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
}

/**
 * The IP address a host name spells, or undefined when it is a name to resolve. Accepts
 * bracketed IPv6 (`[::1]`), zone ids (`fe80::1%eth0`, `%25eth0`), a trailing dot, percent
 * escapes and every inet_aton spelling of IPv4.
 */
export function parseIpLiteral(host: string): IpLiteral | undefined {
  let text = unescapeHost(host);
  if (text.startsWith('[') && text.endsWith(']')) text = text.slice(1, -1);
  if (text.includes(':')) {
    const [written = '', ...zoneParts] = text.split('%');
    const zone = zoneParts.join('%');
    const address = dottedTailToHex(written);
    if (address === undefined || !ipaddr.IPv6.isValid(address)) return undefined;
    const parsed = ipaddr.IPv6.parse(address);
    return zone
      ? { family: 6, address: parsed.toRFC5952String(), zone }
      : { family: 6, address: parsed.toRFC5952String() };
  }
  const value = parseIPv4Number(text);
  return value === undefined ? undefined : { family: 4, address: ipv4FromNumber(value) };
}

function checkIPv4(address: ipaddr.IPv4): AddressVerdict {
  for (const [range, reason] of parsedIpv4Refused) {
    if (address.match(range)) return { allowed: false, reason };
  }
  return { allowed: true, address: address.toString() };
}

function embeddedIPv4(parts: number[], first: number): ipaddr.IPv4 {
  const high = parts[first] ?? 0;
  const low = parts[first + 1] ?? 0;
  return new ipaddr.IPv4([high >> 8, high & 255, low >> 8, low & 255]);
}

function checkIPv6(address: ipaddr.IPv6): AddressVerdict {
  const canonical = address.toRFC5952String();
  for (const [range, reason] of parsedIpv6Refused) {
    if (address.match(range)) return { allowed: false, reason };
  }
  // ::ffff:a.b.c.d (mapped) and 64:ff9b::a.b.c.d (NAT64) reach a.b.c.d; 2002:AABB:CCDD:: (6to4)
  // is routed through a.b.c.d. Each is as safe as that IPv4 address.
  const embedded = address.match(mapped)
    ? embeddedIPv4(address.parts, 6)
    : address.match(nat64)
      ? embeddedIPv4(address.parts, 6)
      : address.match(sixToFour)
        ? embeddedIPv4(address.parts, 1)
        : undefined;
  if (embedded) {
    const inner = checkIPv4(embedded);
    return inner.allowed ? { allowed: true, address: canonical } : inner;
  }
  // Everything else outside 2000::/3: IPv4-compatible (::a.b.c.d), SIIT, reserved blocks.
  if (!address.match(globalUnicast)) return { allowed: false, reason: 'reserved' };
  return { allowed: true, address: canonical };
}

/**
 * Whether the proxy may connect to this address, given as text in any spelling parseIpLiteral
 * accepts. Scoped addresses (with a zone id) are always refused: they only mean something on a
 * local link.
 */
export function checkAddress(address: string | IpLiteral): AddressVerdict {
  const literal = typeof address === 'string' ? parseIpLiteral(address) : address;
  if (!literal) return { allowed: false, reason: 'invalid' };
  if (literal.zone) return { allowed: false, reason: 'scoped' };
  if (literal.family === 4) {
    if (!ipaddr.IPv4.isValidFourPartDecimal(literal.address)) return { allowed: false, reason: 'invalid' };
    return checkIPv4(ipaddr.IPv4.parse(literal.address));
  }
  if (!ipaddr.IPv6.isValid(literal.address)) return { allowed: false, reason: 'invalid' };
  return checkIPv6(ipaddr.IPv6.parse(literal.address));
}

/** The default address policy of the media proxy: public unicast addresses only. */
export function isAllowedAddress(address: string): boolean {
  return checkAddress(address).allowed;
}
