// Layout shift as the page itself records it (issue 31): a PerformanceObserver of `layout-shift` entries
// without recent input, on a page slowed as a phone is (the CPU 4x through CDP, slow 4G), read once the
// screen has its data and nothing it asked for is still on its way.
import type { BrowserContext, CDPSession, Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** One shift: its score and what moved (a short name of each node, and its top edge before and after). */
export interface Shift {
  value: number;
  at: number;
  moved: string[];
}

declare global {
  interface Window {
    __layoutShifts?: Shift[];
  }
}

/**
 * Installed before any of the page's scripts in every document: keeps each shift the user did not cause.
 * Runs in the browser, so it uses nothing from outside its own body.
 */
export function recordLayoutShifts(): void {
  const shifts: Shift[] = [];
  window.__layoutShifts = shifts;
  const name = (node: Node | null) => {
    if (!(node instanceof Element)) return node?.nodeName ?? '?';
    const testId = node.getAttribute('data-testid');
    const classes = [...node.classList].slice(0, 2).join('.');
    return `${node.localName}${testId ? `[${testId}]` : ''}${classes ? `.${classes}` : ''}`;
  };
  interface ShiftSource {
    node: Node | null;
    previousRect: DOMRectReadOnly;
    currentRect: DOMRectReadOnly;
  }
  interface ShiftEntry extends PerformanceEntry {
    value: number;
    hadRecentInput: boolean;
    sources: ShiftSource[];
  }
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as ShiftEntry[]) {
      if (entry.hadRecentInput) continue;
      shifts.push({
        value: entry.value,
        at: Math.round(entry.startTime),
        moved: entry.sources.map(
          (source) =>
            `${name(source.node)} ${Math.round(source.previousRect.top)}→${Math.round(source.currentRect.top)}`,
        ),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

/** The DevTools protocol's slow 4G, as Lighthouse's mobile preset applies it: 562.5 ms, 1.47/0.68 Mbit/s. */
export const SLOW_4G = {
  offline: false,
  latency: 562.5,
  downloadThroughput: (1.6384 * 0.9 * 1024 * 1024) / 8,
  uploadThroughput: (0.75 * 0.9 * 1024 * 1024) / 8,
};

/** The network as it is (the offline pass leaves the rest to the browser context's offline switch). */
export const NO_THROTTLING = { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 };

/** A page slowed as a mid-range phone: its CPU 4x and its network slow 4G. */
export async function throttle(page: Page, context: BrowserContext): Promise<CDPSession> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  return cdp;
}

/** Counts the API requests of a page still on their way (media through the proxy included). */
export function trackApiRequests(page: Page): () => number {
  const open = new Set<unknown>();
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) open.add(request);
  });
  const done = (request: unknown) => open.delete(request);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return () => open.size;
}

/**
 * In the page: whether every picture in view has loaded (or failed), two frames after the check, so a
 * layout caused by the last answer has been painted. Runs in the browser.
 */
export async function picturesSettled(): Promise<boolean> {
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  return [...document.images].every((image) => {
    const box = image.getBoundingClientRect();
    const inView = box.bottom > 0 && box.top < innerHeight && box.width > 0;
    return !inView || image.complete;
  });
}

/**
 * In the page: waits, each frame, until the first element matching `ready` is visible (a box with a size,
 * not `visibility: hidden`, as Playwright's `toBeVisible` sees it) and then until the pictures in view
 * have loaded (as `picturesSettled` checks); throws after `timeoutMs` saying which was missing. Runs in
 * the browser, so it uses nothing from outside its own body.
 */
async function readyInPage({ ready, timeoutMs }: { ready: string; timeoutMs: number }): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  const frame = () => new Promise((done) => requestAnimationFrame(done));
  for (;;) {
    const element = document.querySelector(ready);
    const box = element?.getBoundingClientRect();
    if (element && box && box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden') break;
    if (performance.now() > deadline)
      throw new Error(`${location.pathname}: no visible ${ready} after ${timeoutMs} ms`);
    await frame();
  }
  for (;;) {
    await frame();
    await frame();
    const inViewLoaded = [...document.images].every((image) => {
      const box = image.getBoundingClientRect();
      return !(box.bottom > 0 && box.top < innerHeight && box.width > 0) || image.complete;
    });
    if (inViewLoaded) return;
    if (performance.now() > deadline) throw new Error(`${location.pathname}: pictures in view still loading`);
  }
}

/**
 * Opens a path, waits until the screen shows `ready`, every API request it made has answered and the
 * pictures in view have loaded, and returns the shifts of the visit. The screen's own wait is one round
 * trip (`readyInPage`): on a page whose CPU is slowed 4x each call into it is slow, and Playwright's
 * `toBeVisible` looks again only every half second once it has waited a while (issue 37).
 */
export async function shiftsOfVisit(
  page: Page,
  openRequests: () => number,
  path: string,
  ready: string,
): Promise<Shift[]> {
  await page.goto(path);
  await page.evaluate(readyInPage, { ready, timeoutMs: 30_000 });
  await expect
    .poll(async () => openRequests() === 0 && (await page.evaluate(picturesSettled)) && openRequests() === 0, {
      timeout: 30_000,
      // A look every 100 ms: a poll's default backs off to a second between looks, which 45 visits paid.
      intervals: [100],
    })
    .toBe(true);
  return page.evaluate(() => window.__layoutShifts ?? []);
}

/** The sum of the shifts' scores: at least web.dev's CLS (its largest window of shifts). */
export const cumulative = (shifts: Shift[]) =>
  Math.round(shifts.reduce((sum, shift) => sum + shift.value, 0) * 1000) / 1000;
