// @vitest-environment jsdom
// The daily figures refresh (issue 33) is asked for where the browser grants Periodic Background Sync,
// and nowhere else; logging out stops it.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIGURES_SYNC_TAG } from '../sw/figures-tag.ts';
import { refreshFiguresDaily, stopDailyRefresh } from './daily-refresh.ts';

function browser(permission: PermissionState | undefined) {
  const periodicSync = { register: vi.fn(async () => undefined), unregister: vi.fn(async () => undefined) };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => (permission ? { periodicSync } : {}) },
  });
  Object.defineProperty(navigator, 'permissions', {
    configurable: true,
    value: { query: async () => ({ state: permission }) },
  });
  return periodicSync;
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
  Reflect.deleteProperty(navigator, 'permissions');
});

describe('the daily refresh', () => {
  it('is asked for once a day where the browser grants it', async () => {
    const sync = browser('granted');
    expect(await refreshFiguresDaily()).toBe(true);
    expect(sync.register).toHaveBeenCalledWith(FIGURES_SYNC_TAG, { minInterval: 24 * 3_600_000 });
    await stopDailyRefresh();
    expect(sync.unregister).toHaveBeenCalledWith(FIGURES_SYNC_TAG);
  });

  it('is not asked for where the browser does not grant it or has none', async () => {
    const sync = browser('denied');
    expect(await refreshFiguresDaily()).toBe(false);
    expect(sync.register).not.toHaveBeenCalled();
    browser(undefined);
    expect(await refreshFiguresDaily()).toBe(false);
  });
});
