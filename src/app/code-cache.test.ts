// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isScreenId, type ScreenId, WARM_PATH } from '../../common/routes.ts';
import { isWarmUpFrame, warmCodeCacheOnInstall, warmUp, warmUpUrl } from './code-cache.ts';

/** A service worker container with no controller, which takes control when told to. */
function container(controlled = false) {
  const target = new EventTarget();
  return Object.assign(target, {
    controller: controlled ? ({} as ServiceWorker) : null,
  }) as unknown as ServiceWorkerContainer & { dispatchEvent(event: Event): boolean };
}

const frame = () => document.querySelector('iframe');

describe('the warm-up frame', () => {
  it('is the page at /warm.html, named with the screens to warm once each', () => {
    expect(isWarmUpFrame({ pathname: WARM_PATH })).toBe(true);
    expect(isWarmUpFrame({ pathname: '/home' })).toBe(false);
    expect(warmUpUrl(['stories', 'home', 'home'])).toBe('/warm.html?screens=stories%2Chome');
  });

  it('runs the catalog and the known screens named, then tells the page, though one screen fails', async () => {
    const loaded: ScreenId[] = [];
    const load = vi.fn(async (screen: ScreenId) => {
      loaded.push(screen);
      if (screen === 'stories') throw new Error('chunk missing');
    });
    const activate = vi.fn(async () => undefined);
    const parent = { postMessage: vi.fn() };
    const location = { search: '?screens=home,stories,nothing,__proto__', origin: 'https://app.test' };
    await warmUp(location, load, activate, isScreenId, parent);
    expect(activate).toHaveBeenCalledOnce();
    expect(loaded).toEqual(['home', 'stories']);
    expect(parent.postMessage).toHaveBeenCalledWith({ type: 'followscope:code-cache-warmed' }, 'https://app.test');
  });
});

describe('warming the code cache once a new service worker takes control', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    delete document.documentElement.dataset.codeCache;
  });
  afterEach(() => {
    frame()?.remove();
    vi.useRealTimers();
  });

  /** Takes control and lets ten seconds pass (jsdom has no requestIdleCallback: it runs then). */
  function takeControl(workers: ReturnType<typeof container>) {
    workers.dispatchEvent(new Event('controllerchange'));
    vi.advanceTimersByTime(9_999);
    expect(frame()).toBeNull();
    vi.advanceTimersByTime(1);
  }

  it('does nothing on a page the worker controlled at load: its code came from the cache', () => {
    const workers = container(true);
    warmCodeCacheOnInstall(() => ['home'], workers);
    takeControl(workers);
    expect(frame()).toBeNull();
  });

  it('runs a hidden frame for the screens asked when control changes, and removes it when it answers', () => {
    const workers = container();
    let screens: ScreenId[] = ['welcome'];
    warmCodeCacheOnInstall(() => screens, workers);
    screens = ['stories', 'home'];
    takeControl(workers);
    const warming = frame();
    expect(warming?.getAttribute('src')).toBe('/warm.html?screens=stories%2Chome');
    expect(warming?.hidden).toBe(true);
    expect(warming?.getAttribute('aria-hidden')).toBe('true');
    expect(document.documentElement.dataset.codeCache).toBe('warming');

    // Another window's message, or the wrong one, changes nothing.
    window.dispatchEvent(
      new MessageEvent('message', { data: { type: 'followscope:code-cache-warmed' }, origin: location.origin }),
    );
    window.dispatchEvent(
      new MessageEvent('message', { data: { type: 'other' }, origin: location.origin, source: warming?.contentWindow }),
    );
    expect(frame()).not.toBeNull();

    window.dispatchEvent(
      new MessageEvent('message', {
        data: { type: 'followscope:code-cache-warmed' },
        origin: location.origin,
        source: warming?.contentWindow,
      }),
    );
    expect(frame()).toBeNull();
    expect(document.documentElement.dataset.codeCache).toBe('warm');
    // Once: a later change of worker (an update) reloads the page instead.
    takeControl(workers);
    expect(frame()).toBeNull();
  });

  it('runs no frame when no screen is asked (a visitor)', () => {
    const workers = container();
    warmCodeCacheOnInstall(() => [], workers);
    takeControl(workers);
    expect(frame()).toBeNull();
    expect(document.documentElement.dataset.codeCache).toBeUndefined();
  });

  it('gives a frame that never answers up after a minute', () => {
    const workers = container();
    warmCodeCacheOnInstall(() => ['home'], workers);
    takeControl(workers);
    expect(frame()).not.toBeNull();
    vi.advanceTimersByTime(60_000);
    expect(frame()).toBeNull();
    expect(document.documentElement.dataset.codeCache).toBe('given-up');
  });
});
