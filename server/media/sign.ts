// Signed media links, as camo and imgproxy make them: the server signs every URL it hands out,
// and the proxy fetches only URLs it signed, so it cannot be used as an open proxy.
import { createHmac, timingSafeEqual } from 'node:crypto';

/** Where the proxy route answers (mounted under /api/v1). */
export const MEDIA_PROXY_PATH = '/api/v1/proxy';

export interface MediaSigner {
  /** The proxy path for `target`: `/api/v1/proxy?url=<target>&sig=<HMAC-SHA256, base64url>`. */
  proxyUrl(target: string): string;
  /** Whether `signature` is the signature of `target` (constant time). */
  verify(target: string, signature: string): boolean;
}

/** A signer with a server secret; use a key of its own (32 random bytes), not one shared with other uses. */
export function createMediaSigner(key: Buffer): MediaSigner {
  if (key.length < 16) throw new Error('the media signing key must be at least 16 bytes');
  const secret = Buffer.from(key);
  const sign = (target: string) => createHmac('sha256', secret).update(target, 'utf8').digest('base64url');
  return {
    proxyUrl: (target) => `${MEDIA_PROXY_PATH}?url=${encodeURIComponent(target)}&sig=${sign(target)}`,
    verify: (target, signature) => {
      // Compares the canonical encoding, so no second spelling of a signature is accepted.
      const expected = Buffer.from(sign(target), 'utf8');
      const given = Buffer.from(signature, 'utf8');
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
