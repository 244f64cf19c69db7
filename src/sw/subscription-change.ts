// When the browser renews or drops a push subscription (issue 33, `pushsubscriptionchange`: Firefox
// does, after a push service's keys rotate), the worker subscribes again with the server's key and
// tells the server, naming the old endpoint so it goes. No page needs to be open.
import { callAsUser } from './api.ts';

async function serverKey(): Promise<string | undefined> {
  const answer = await callAsUser('client/push/key/');
  if (!answer?.ok) return undefined;
  const body = (await answer.json()) as { enabled?: boolean; public_key?: string | null };
  return body.enabled && body.public_key ? body.public_key : undefined;
}

/** Subscribes again (unless the browser already did) and tells the server, which drops the old endpoint. */
export async function resubscribe(scope: ServiceWorkerGlobalScope, event: PushSubscriptionChangeEvent): Promise<void> {
  const old = event.oldSubscription;
  let renewed = event.newSubscription;
  if (!renewed) {
    const key = old?.options.applicationServerKey ?? (await serverKey());
    if (!key) return;
    renewed = await scope.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  }
  await callAsUser('client/push/subscription/', {
    method: 'POST',
    body: { ...renewed.toJSON(), ...(old && old.endpoint !== renewed.endpoint && { replaces: old.endpoint }) },
  });
}

/** Answers the browser's pushsubscriptionchange. */
export function renewPushSubscriptions(scope: ServiceWorkerGlobalScope): void {
  scope.addEventListener('pushsubscriptionchange', (event) => {
    event.waitUntil(resubscribe(scope, event).catch(() => undefined));
  });
}
