// Notifications on this device (issue 33): turned on by the user only (a switch on Manage subscription,
// an invitation on the dashboard), never by a permission prompt on load. The browser subscribes with the
// server's VAPID key and the server keeps the subscription; what the switch shows is known from the
// first frame (a hint in local storage), then checked against the browser's own subscription.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { fetchPushKey, sendPushSubscription } from '../api/push.ts';
import { i18n } from '../i18n/index.ts';
import { createStore } from './store.ts';
import { showToast } from './toast.tsx';

/**
 * unsupported: this browser cannot (iPhone before the app is on the home screen); unavailable: the server
 * sends none; blocked: the user said no in the browser; off; on.
 */
export type NotificationStatus = 'unsupported' | 'unavailable' | 'blocked' | 'off' | 'on';

export interface NotificationsState {
  status: NotificationStatus;
  weeklyReminder: boolean;
  /** A change is on its way (the switch waits). */
  busy: boolean;
  /** The dashboard's invitation was answered or put away. */
  invited: boolean;
  /** Issue 51: why the last try to turn them on did not, until the next try (the switch says it). */
  problem?: MessageDescriptor;
}

const HINT = 'followscope.notifications';
/** How long the page waits for the service worker before saying notifications cannot start. */
const WORKER_WAIT_MS = 5000;
/**
 * Issue 51: how long the browser's push service may take to give a subscription. A reachable one answers
 * in a second or two; an unreachable one (a private window, a browser without its maker's service) left
 * the switch waiting 27 s, or for ever.
 */
export const SUBSCRIBE_WAIT_MS = 6000;

/** Why turning notifications on did not, by what the browser did (issue 51). */
const problems = {
  blocked: msg`Notifications are blocked for Followscope. Allow them in your browser’s site settings.`,
  /** Said no just now: the user, or a private window, which says no by itself. */
  refused: msg`Notifications were not allowed for Followscope. To have them, allow them in your browser’s site settings; a private window never allows them.`,
  notAnswered: msg`The browser’s question was closed unanswered, so notifications stay off. Turn the switch on to be asked again.`,
  noWorker: msg`This window does not let Followscope run in the background, which notifications need. A private window does not: open Followscope in a normal one.`,
  pushService: msg`This browser’s push service did not answer, so notifications cannot be turned on here. A private window never has one; in a normal window, try again later.`,
};

class TimedOut extends Error {}

/** The promise, or TimedOut after `ms`. */
function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimedOut()), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

interface Hint {
  on?: boolean;
  reminder?: boolean;
  unavailable?: boolean;
  invited?: boolean;
}

function readHint(): Hint {
  try {
    return JSON.parse(globalThis.localStorage?.getItem(HINT) ?? '{}') as Hint;
  } catch {
    return {};
  }
}

function writeHint(change: Hint): void {
  try {
    localStorage.setItem(HINT, JSON.stringify({ ...readHint(), ...change }));
  } catch {
    // Blocked storage: the switch is checked against the browser on every visit anyway.
  }
}

/** Whether this browser can receive Web Push at all. */
export function canNotify(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.isSecureContext &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

function statusNow(hint: Hint): NotificationStatus {
  if (!canNotify()) return 'unsupported';
  if (hint.unavailable) return 'unavailable';
  if (Notification.permission === 'denied') return 'blocked';
  return hint.on && Notification.permission === 'granted' ? 'on' : 'off';
}

function initialState(): NotificationsState {
  const hint = readHint();
  return {
    status: statusNow(hint),
    weeklyReminder: hint.reminder ?? false,
    busy: false,
    invited: hint.invited ?? false,
  };
}

const notifications = createStore<NotificationsState>(initialState());

function update(change: Partial<NotificationsState>): void {
  notifications.set({ ...notifications.get(), ...change });
}

/** The state, live, for the switch and the invitation. */
export function useNotifications(): NotificationsState {
  return notifications.use();
}

async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  const timeout = new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), WORKER_WAIT_MS));
  return Promise.race([navigator.serviceWorker.ready, timeout]);
}

const base64url = (key: ArrayBuffer | null | undefined) =>
  key
    ? btoa(String.fromCharCode(...new Uint8Array(key)))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '')
    : '';

/**
 * Checks the switch against the browser, and tells the server this device still listens (in the
 * language the app speaks now). A subscription made with another key (the server's keys changed) is
 * made again. Runs once the app has started, for a logged-in user.
 */
export async function checkNotifications(): Promise<void> {
  if (!canNotify()) return;
  const found = await navigator.serviceWorker.getRegistration();
  let subscription = await found?.pushManager.getSubscription();
  if (!subscription || Notification.permission !== 'granted') {
    writeHint({ on: false });
    update({ status: statusNow(readHint()) });
    return;
  }
  const key = await fetchPushKey();
  if (!key.ok) return;
  if (!key.data.enabled || !key.data.public_key) {
    writeHint({ on: false, unavailable: true });
    update({ status: 'unavailable' });
    return;
  }
  if (base64url(subscription.options.applicationServerKey) !== key.data.public_key && found) {
    await subscription.unsubscribe();
    subscription = await found.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: key.data.public_key,
    });
  }
  const told = await sendPushSubscription(subscription.toJSON() as Parameters<typeof sendPushSubscription>[0]);
  if (told.ok) {
    writeHint({ on: true, unavailable: false, reminder: told.data.weekly_reminder });
    update({ status: 'on', weeklyReminder: told.data.weekly_reminder });
  }
}

/** The switch stays off, saying why (on the switch's card, the invitation and in a toast). */
function notTurnedOn(problem: MessageDescriptor, status: NotificationStatus = 'off'): false {
  update({ status, problem });
  showToast(i18n._(problem));
  return false;
}

/** Turns notifications on for this device, asking the browser's permission first (from a tap). */
export async function turnOnNotifications(weeklyReminder = notifications.get().weeklyReminder): Promise<boolean> {
  if (!canNotify()) return false;
  update({ busy: true, problem: undefined });
  try {
    // First, while the tap still counts: browsers prompt only in answer to one.
    const permission =
      Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission;
    if (permission === 'denied') return notTurnedOn(problems.refused, 'blocked');
    if (permission !== 'granted') return notTurnedOn(problems.notAnswered);
    const key = await fetchPushKey();
    if (!key.ok) {
      showToast(key.error.message);
      return false;
    }
    if (!key.data.enabled || !key.data.public_key) {
      writeHint({ unavailable: true });
      update({ status: 'unavailable' });
      showToast(i18n._(msg`Notifications are not set up on this server.`));
      return false;
    }
    const worker = await registration();
    if (!worker) return notTurnedOn(problems.noWorker);
    let subscription: PushSubscription;
    try {
      // The key just came from our server, so the connection is fine: what fails here is the browser's
      // push service, which a private window or a browser without one never reaches. It is not waited on
      // for ever.
      const subscribing = worker.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: key.data.public_key,
      });
      // One that comes after the switch gave up is given back: the server never heard of it.
      subscribing.catch(() => undefined);
      subscription = await within(subscribing, SUBSCRIBE_WAIT_MS).catch((error: unknown) => {
        if (error instanceof TimedOut) void subscribing.then((late) => late.unsubscribe()).catch(() => undefined);
        throw error;
      });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'NotAllowedError' && Notification.permission === 'denied')
        return notTurnedOn(problems.blocked, 'blocked');
      return notTurnedOn(problems.pushService);
    }
    const saved = await sendPushSubscription({
      ...(subscription.toJSON() as Parameters<typeof sendPushSubscription>[0]),
      weekly_reminder: weeklyReminder,
    });
    if (!saved.ok) {
      // The server would not take it (a push service it may not post to): the browser forgets it too.
      await subscription.unsubscribe().catch(() => undefined);
      showToast(saved.error.message);
      return false;
    }
    writeHint({ on: true, unavailable: false, invited: true, reminder: saved.data.weekly_reminder });
    update({ status: 'on', weeklyReminder: saved.data.weekly_reminder, invited: true });
    showToast(saved.data.message, { kind: 'info' });
    return true;
  } finally {
    update({ busy: false });
  }
}

/** Turns notifications off for this device; the server hears of it now or when the connection returns. */
export async function turnOffNotifications(): Promise<void> {
  update({ busy: true });
  try {
    const subscription = await (await navigator.serviceWorker.getRegistration())?.pushManager.getSubscription();
    writeHint({ on: false });
    update({ status: statusNow(readHint()) });
    if (!subscription) return;
    const { endpoint } = subscription;
    await subscription.unsubscribe().catch(() => undefined);
    const { sendOrQueue } = await import('./outbox.ts');
    const outcome = await sendOrQueue({ method: 'POST', path: 'client/push/unsubscribe/', body: { endpoint } });
    if (outcome.kind === 'sent') showToast(outcome.message, { kind: 'info' });
  } finally {
    update({ busy: false });
  }
}

/** The weekly reminder to ask for a fresh download, for this device. */
export async function setWeeklyReminder(on: boolean): Promise<void> {
  const subscription = await (await navigator.serviceWorker.getRegistration())?.pushManager.getSubscription();
  if (!subscription) return;
  update({ busy: true });
  try {
    const saved = await sendPushSubscription({
      ...(subscription.toJSON() as Parameters<typeof sendPushSubscription>[0]),
      weekly_reminder: on,
    });
    if (!saved.ok) return showToast(saved.error.message);
    writeHint({ reminder: saved.data.weekly_reminder });
    update({ weeklyReminder: saved.data.weekly_reminder });
  } finally {
    update({ busy: false });
  }
}

/** The dashboard's invitation is put away ("Not now"); the switch stays on Manage subscription. */
export function dismissInvitation(): void {
  writeHint({ invited: true });
  update({ invited: true });
}

/**
 * This device stops listening: the user logged out (the server forgot the session's devices itself) or
 * deleted the account (the server forgot them all).
 */
export async function forgetNotifications(): Promise<void> {
  try {
    localStorage.removeItem(HINT);
  } catch {
    // Nothing stored.
  }
  notifications.set({ ...initialState(), status: canNotify() ? statusNow({}) : 'unsupported' });
  if (!canNotify()) return;
  const subscription = await (await navigator.serviceWorker.getRegistration())?.pushManager.getSubscription();
  // Telling the push service may wait on the network: logging out does not.
  void subscription?.unsubscribe().catch(() => undefined);
}
