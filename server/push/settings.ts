// How the server sends Web Push (issue 33, docs/offline-and-phone.md "Notifications"): the keys it signs with and where
// it may post.
import { createECDH } from 'node:crypto';
import type { PushServiceHost } from './hosts.ts';

/** The application server's VAPID identity (RFC 8292): base64url keys and a contact (`mailto:` or `https:`). */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

export interface PushSettings {
  /** From VAPID_*; unset outside production, a pair made once and kept in the database is used. */
  vapid: VapidKeys | undefined;
  /** The browsers' push services and PUSH_SERVICE_HOSTS. */
  serviceHosts: PushServiceHost[];
}

/** The VAPID settings, all three or none. */
export const VAPID_SETTINGS = ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT'] as const;

/** The P-256 public key (uncompressed, base64url) of a private key (base64url); undefined when it is not one. */
export function vapidPublicKeyOf(privateKey: string): string | undefined {
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
    return ecdh.getPublicKey().toString('base64url');
  } catch {
    return undefined;
  }
}
