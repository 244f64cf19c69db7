// Notifications on this device (issue 33): the server's key, and telling it to notify this device or not.
import { type PushSubscribe, pushKeyResponseSchema, pushSubscribedResponseSchema } from '../../common/schema/push.ts';
import { call } from './client.ts';

/** GET client/push/key/: whether the server notifies, and the key to subscribe with. */
export function fetchPushKey(signal?: AbortSignal) {
  return call('client/push/key/', { auth: true, signal, parse: (raw) => pushKeyResponseSchema.parse(raw) });
}

/** POST client/push/subscription/: notify this device (again); the answer keeps the weekly reminder's state. */
export function sendPushSubscription(body: PushSubscribe) {
  return call('client/push/subscription/', {
    method: 'POST',
    auth: true,
    body,
    parse: (raw) => pushSubscribedResponseSchema.parse(raw),
  });
}
