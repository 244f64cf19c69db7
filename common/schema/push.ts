// Notifications on a device (issue 33): the calls that turn them on and off, and the notification a
// push carries, shared by the server, the page and the service worker.
import * as z from 'zod/mini';
import { TEXT_MAX, text } from './text.ts';

/** base64url of `bytes` bytes (padding allowed, as some browsers send it). */
const base64url = (bytes: number) => {
  const length = Math.ceil((bytes * 4) / 3);
  return z.string().check(z.regex(new RegExp(`^[A-Za-z0-9_-]{${length}}={0,2}$`)));
};

/** A device's PushSubscription.toJSON(), with the owner's wish for a weekly download reminder. */
export const pushSubscribeSchema = z.object({
  endpoint: text(TEXT_MAX.url).check(z.minLength(1)),
  /** The device's P-256 public key (65 bytes uncompressed) and its 16-byte auth secret (RFC 8291). */
  keys: z.object({ p256dh: base64url(65), auth: base64url(16) }),
  /** Unset, the stored wish stays (an app that only tells the server its subscription still stands). */
  weekly_reminder: z.optional(z.boolean()),
  /** The endpoint this one replaces (the service worker's pushsubscriptionchange). */
  replaces: z.optional(text(TEXT_MAX.url)),
});
export type PushSubscribe = z.infer<typeof pushSubscribeSchema>;

export const pushUnsubscribeSchema = z.object({ endpoint: text(TEXT_MAX.url).check(z.minLength(1)) });

/** GET client/push/key/: whether the server sends notifications, and the key to subscribe with. */
export const pushKeyResponseSchema = z.object({ enabled: z.boolean(), public_key: z.nullable(z.string()) });
export type PushKeyResponse = z.infer<typeof pushKeyResponseSchema>;

/** POST client/push/subscription/: what the server keeps for this device (never the subscription itself). */
export const pushSubscribedResponseSchema = z.object({ message: z.string(), weekly_reminder: z.boolean() });

/** The notification a push carries (server/push/payload.ts writes it, src/sw/push.ts shows it). */
export interface NotificationPayload {
  v: 1;
  kind: 'digest' | 'reminder';
  title: string;
  /** Left out when a push service found the payload too large. */
  body?: string;
  /** The screen a click opens. */
  url: string;
  /** One per user and kind: a newer notification replaces the older one. */
  tag: string;
  /** Followers who came or went: what the app's badge adds. */
  changes: number;
}
