// The device key (issue 48): a random key the server gives each browser that asks for a login code, in
// an HttpOnly cookie sent only to the login routes. It is the "device cookie" of OWASP's "Slow Down
// Online Guessing Attacks with Device Cookies": a code belongs to the device that asked for it, and a
// device the account has logged in on is counted apart from strangers. It proves nothing on its own and
// opens nothing: a login still needs the code or the mailed link. Kept apart from the app's storage, so
// logging out (which clears that storage, spec §4) does not make the owner's phone a stranger.
import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Asker, deviceHashOf } from './codes.ts';

export const DEVICE_COOKIE = 'fs_device';
/** The routes the browser sends it to: sendotp, validateotp, loginlink (and nothing else). */
export const DEVICE_COOKIE_PATH = '/api/v1/client/insta/';
const KEY_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** A year: a device is remembered as long as it keeps logging in. */
const MAX_AGE_S = 365 * 24 * 3600;

/** The device key the request's cookie carries, when it is one the server could have made. */
export function deviceKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === DEVICE_COOKIE) {
      const key = value.join('=');
      return KEY_PATTERN.test(key) ? key : undefined;
    }
  }
  return undefined;
}

/**
 * The request's device key, giving the browser one when it has none (its `Set-Cookie` goes with the
 * answer). `secure` marks the cookie https-only (production serves nothing else).
 */
export function ensureDeviceKey(request: FastifyRequest, reply: FastifyReply, secure: boolean): string {
  const existing = deviceKeyOf(request);
  if (existing) return existing;
  const key = randomBytes(32).toString('base64url');
  void reply.header(
    'set-cookie',
    `${DEVICE_COOKIE}=${key}; Path=${DEVICE_COOKIE_PATH}; Max-Age=${MAX_AGE_S}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`,
  );
  return key;
}

/** The asker of a request, not yet knowing whether its device is trusted. */
export function askerOf(request: FastifyRequest, deviceKey: string | undefined): Asker {
  return { ip: request.ip, deviceHash: deviceKey ? deviceHashOf(deviceKey) : undefined, trusted: false };
}
