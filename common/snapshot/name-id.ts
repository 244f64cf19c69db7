// A person of a download is known by name only; their id is a 64-bit hash of the lowercase name's
// UTF-8 bytes (issue 9), so the same name is the same id in every import and the WASM core's
// sorted-id diff works on downloads as on the network's numeric ids. Shared by the collector worker,
// which hashes each name as it arrives, and the server, which recomputes every id from its name.

/**
 * Hashes bytes [from, to) of `bytes` (cyrb53's mixing, both 32-bit halves kept) into `hi[index]` and
 * `lo[index]`: written into columns, so a million names make no million little arrays.
 */
export function hashInto(
  bytes: Uint8Array,
  from: number,
  to: number,
  hi: Uint32Array,
  lo: Uint32Array,
  index: number,
): void {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = from; i < to; i++) {
    const byte = bytes[i] as number;
    h1 = Math.imul(h1 ^ byte, 2654435761);
    h2 = Math.imul(h2 ^ byte, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  hi[index] = h1 >>> 0;
  lo[index] = h2 >>> 0;
}

const one = { hi: new Uint32Array(1), lo: new Uint32Array(1) };

/** A 64-bit hash of a name's UTF-8 bytes as two 32-bit halves. */
export function nameHash(bytes: Uint8Array): [hi: number, lo: number] {
  hashInto(bytes, 0, bytes.length, one.hi, one.lo, 0);
  return [one.hi[0] as number, one.lo[0] as number];
}

const encoder = new TextEncoder();

/** The id of a (lowercase) name. */
export function nameId(name: string): bigint {
  const [hi, lo] = nameHash(encoder.encode(name));
  return (BigInt(hi) << 32n) | BigInt(lo);
}
