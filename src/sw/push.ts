// Notifications (issue 33): a push from the server becomes a notification (title, body, icon, badge,
// and one tag per user so a newer digest replaces the last), adds its changes to the app's badge, and
// a click focuses an open window on the screen it names, or opens one.
import type { NotificationPayload } from '../../common/schema/push.ts';
import { genericNotification } from './push-words.ts';
import { addUnseen } from './unseen.ts';

/** The payload when it is one of ours; undefined for an empty or foreign push. */
export function readPayload(text: string | undefined): NotificationPayload | undefined {
  if (!text) return undefined;
  try {
    const payload = JSON.parse(text) as Partial<NotificationPayload>;
    if (payload.v !== 1 || typeof payload.title !== 'string' || typeof payload.tag !== 'string') return undefined;
    return payload as NotificationPayload;
  } catch {
    return undefined;
  }
}

/** Only a path of this app: a payload never sends the user elsewhere. */
export function screenOf(url: unknown): string {
  return typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') ? url : '/home';
}

/** Shows the notification a push carries. */
export async function showPush(scope: ServiceWorkerGlobalScope, text: string | undefined): Promise<void> {
  const payload = readPayload(text);
  const fallback = genericNotification(scope.navigator.languages);
  if (payload && payload.changes > 0) await addUnseen(payload.changes, scope.navigator);
  await scope.registration.showNotification(payload?.title ?? fallback.title, {
    body: payload ? payload.body : fallback.body,
    icon: '/icons/icon-192.png',
    badge: '/icons/badge-96.png',
    tag: payload?.tag ?? 'followscope',
    data: { url: screenOf(payload?.url) },
  });
}

/** Focuses a window of the app on `url`, or opens one there. */
export async function openScreen(scope: ServiceWorkerGlobalScope, url: string): Promise<void> {
  const target = new URL(url, scope.location.origin).href;
  const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === scope.location.origin);
  if (!open) {
    await scope.clients.openWindow(target);
    return;
  }
  const focused = await open.focus();
  if (focused.url !== target) await focused.navigate(target).catch(() => scope.clients.openWindow(target));
}

/** Shows each push, and answers a click on a notification. */
export function showPushedNotifications(scope: ServiceWorkerGlobalScope): void {
  scope.addEventListener('push', (event) => {
    let text: string | undefined;
    try {
      text = event.data?.text();
    } catch {
      text = undefined;
    }
    event.waitUntil(showPush(scope, text));
  });
  scope.addEventListener('notificationclick', (event) => {
    event.notification.close();
    event.waitUntil(openScreen(scope, screenOf((event.notification.data as { url?: unknown } | null)?.url)));
  });
}
