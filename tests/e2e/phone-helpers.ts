// What a phone does to the installed app (issue 33), as the tests do it: a push service delivering a
// message, the share sheet posting a download, the browser's own push subscription.
import { type BrowserContext, expect, type Page } from '@playwright/test';
import type { DeviceSubscription } from '../support/push-service.ts';

/**
 * In the page, before the app loads: the browser's push subscription comes from the local push service.
 * Chromium's own push service (Firebase Cloud Messaging) is on the internet, which tests cannot reach,
 * and headless Chromium refuses to subscribe; everything after the subscription is the real thing: the
 * app sends it to the server, the server encrypts and posts to the endpoint. Each subscribe() hands out
 * the next of `devices`; the subscription survives reloads, as a browser's does.
 */
export function fakeBrowserPush(devices: DeviceSubscription[]): void {
  const stored = 'followscope.test.push';
  const toBytes = (key: BufferSource | string | null | undefined): ArrayBuffer | null => {
    if (typeof key !== 'string') return (key as ArrayBuffer | null | undefined) ?? null;
    const binary = atob(key.replace(/-/g, '+').replace(/_/g, '/'));
    return Uint8Array.from(binary, (char) => char.charCodeAt(0)).buffer;
  };
  const subscription = (state: { device: DeviceSubscription; key: string | null }) => ({
    endpoint: state.device.endpoint,
    expirationTime: null,
    options: { userVisibleOnly: true, applicationServerKey: toBytes(state.key) },
    toJSON: () => state.device,
    getKey: () => null,
    unsubscribe: async () => {
      localStorage.removeItem(stored);
      return true;
    },
  });
  PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
    const handedOut = Number(localStorage.getItem(`${stored}.count`) ?? 0);
    localStorage.setItem(`${stored}.count`, String(handedOut + 1));
    const device = devices[Math.min(handedOut, devices.length - 1)] as DeviceSubscription;
    const key = options?.applicationServerKey;
    const state = { device, key: typeof key === 'string' ? key : null };
    localStorage.setItem(stored, JSON.stringify(state));
    return subscription(state) as unknown as PushSubscription;
  };
  PushManager.prototype.getSubscription = async () => {
    const state = localStorage.getItem(stored);
    return state ? (subscription(JSON.parse(state)) as unknown as PushSubscription) : null;
  };
}

/** The app's service worker registration, as DevTools names it (the events come as soon as it listens). */
async function registrationId(context: BrowserContext, page: Page): Promise<{ id: string; send: CdpSend }> {
  const cdp = await context.newCDPSession(page);
  const scope = `${new URL(page.url()).origin}/`;
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => {
      const registration = event.registrations.find((entry) => entry.scopeURL === scope && !entry.isDeleted);
      if (registration) resolve(registration.registrationId);
    });
  });
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await cdp.send('ServiceWorker.enable');
  return { id: await found, send: cdp.send.bind(cdp) as CdpSend };
}

type CdpSend = (method: string, params: Record<string, unknown>) => Promise<unknown>;

/** Hands `data` to the service worker as a push message, as DevTools' Push button does. */
export async function deliverPush(context: BrowserContext, page: Page, data: string): Promise<void> {
  const { id, send } = await registrationId(context, page);
  await send('ServiceWorker.deliverPushMessage', { origin: new URL(page.url()).origin, registrationId: id, data });
}

/** Wakes the service worker for a Periodic Background Sync, as DevTools does. */
export async function dispatchPeriodicSync(context: BrowserContext, page: Page, tag: string): Promise<void> {
  const { id, send } = await registrationId(context, page);
  await send('ServiceWorker.dispatchPeriodicSyncEvent', {
    origin: new URL(page.url()).origin,
    registrationId: id,
    tag,
    lastChance: false,
  });
}

/** The notifications the app shows now. */
export function shownNotifications(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map((shown) => ({
      title: shown.title,
      body: shown.body,
      tag: shown.tag,
      icon: new URL(shown.icon).pathname,
      badge: new URL(shown.badge).pathname,
      url: (shown.data as { url?: string } | null)?.url,
    }));
  });
}

/** Followers who came or went that the user has not seen (the app's badge count). */
export function unseenChanges(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const cache = await caches.open('followscope-device');
    return Number((await (await cache.match('/__device/unseen'))?.text()) ?? 0);
  });
}

/**
 * What the phone's share sheet does with the manifest's share_target: a navigation that POSTs the file
 * as multipart/form-data to its action, which the service worker answers. Posted from the app's own
 * page, since a test cannot open the phone's share sheet: the worker takes both (src/sw/share-origin.ts),
 * and neither shows it another site.
 */
export async function shareDownload(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  await page.evaluate(() => {
    const form = document.createElement('form');
    form.id = 'share-sheet';
    form.method = 'post';
    form.action = '/share-target';
    form.enctype = 'multipart/form-data';
    const input = document.createElement('input');
    input.type = 'file';
    input.name = 'download';
    form.append(input);
    document.body.append(form);
  });
  await page.locator('#share-sheet input').setInputFiles(file);
  await page.evaluate(() => (document.getElementById('share-sheet') as HTMLFormElement).submit());
}

/** The user's answer to the import screen's "Import this download?" about a shared or opened file. */
export async function answerSharedDownload(page: Page, answer: 'Import' | 'Discard') {
  await expect(page.getByRole('heading', { name: 'Import this download?' })).toBeVisible();
  await page.getByRole('button', { name: answer, exact: true }).click();
}

/** How tall the logged-in header may be on a phone, in any language (issue 51: 220 px in German). */
export const HEADER_LIMIT = 72;

/**
 * Run in the page: what does not fit on the screen as it is now (issue 51), each named with its text.
 * An element fails when its content runs out of its own box (wider than it, and neither scrolled nor
 * ended with an ellipsis), or when it lies outside its parent's box on the left or the right; the
 * page fails when it scrolls sideways, the header when it is taller than `headerLimit`. A box placed
 * out of the flow on purpose (absolute and fixed ones: badges, popovers, dialogs) is not held to its
 * parent's box, though its content is to its own; what a slider moves out of view is not the layout's.
 */
export function findMisfits(headerLimit: number): string[] {
  const found: string[] = [];
  const describe = (element: Element) => {
    const classes = typeof element.className === 'string' ? element.className.trim().split(/\s+/).join('.') : '';
    const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
    return `${element.tagName.toLowerCase()}${classes ? `.${classes}` : ''} "${text}"`;
  };
  const root = document.documentElement;
  if (root.scrollWidth > root.clientWidth) found.push(`the page is ${root.scrollWidth} px wide`);
  const header = document.querySelector('header.header');
  const headerHeight = header?.getBoundingClientRect().height ?? 0;
  if (headerHeight > headerLimit + 0.5) found.push(`the header is ${Math.round(headerHeight)} px tall`);

  const shown = (element: Element, style: CSSStyleDeclaration) => {
    if (style.display === 'none' || style.display === 'contents' || style.visibility === 'hidden') return false;
    const box = element.getBoundingClientRect();
    // The visually hidden texts for assistive technology are 1 px boxes.
    return box.width > 1 && box.height > 1;
  };
  // A slider's slides lie beside its view on purpose.
  const slid = (element: Element) => element.closest('.keen-slider') !== null;
  const overflowing: Element[] = [];
  const positioned = [...document.querySelectorAll('body *')].filter((element) =>
    ['absolute', 'fixed'].includes(getComputedStyle(element).position),
  );
  for (const element of document.querySelectorAll('body *')) {
    if (!(element instanceof HTMLElement) || element.closest('svg')) continue;
    const style = getComputedStyle(element);
    if (!shown(element, style) || slid(element)) continue;
    // A field scrolls its own text.
    const field =
      element instanceof HTMLInputElement ||
      element instanceof HTMLTextAreaElement ||
      element instanceof HTMLSelectElement;
    const scrolls = field || style.overflowX === 'auto' || style.overflowX === 'scroll';
    const ellipsised = style.textOverflow === 'ellipsis';
    // An open popover widens what holds it (its scroll width) without running out of the screen's layout;
    // what is in the flow inside such a box is held to it by the parent check below.
    const holdsPopover = positioned.some((inner) => inner !== element && element.contains(inner));
    if (
      style.display !== 'inline' &&
      !scrolls &&
      !ellipsised &&
      !holdsPopover &&
      element.scrollWidth > element.clientWidth + 1
    )
      overflowing.push(element);
    const parent = element.parentElement;
    if (!parent || parent === document.body || style.position === 'absolute' || style.position === 'fixed') continue;
    const parentStyle = getComputedStyle(parent);
    if (parentStyle.display === 'inline' || parentStyle.overflowX === 'auto' || parentStyle.overflowX === 'scroll')
      continue;
    const box = element.getBoundingClientRect();
    const around = parent.getBoundingClientRect();
    if (box.left < around.left - 1 || box.right > around.right + 1)
      found.push(`${describe(element)} lies outside ${describe(parent)}`);
  }
  // Of the elements something runs out of, the innermost: the one whose own content is too wide.
  for (const element of overflowing)
    if (!overflowing.some((other) => other !== element && element.contains(other)))
      found.push(`${describe(element)} is ${element.scrollWidth} px wide inside ${element.clientWidth} px`);
  return found.slice(0, 6);
}
