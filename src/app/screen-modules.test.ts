// @vitest-environment jsdom
// The server names each route's code from screen-modules.ts; the app loads it from screens.ts. If the
// two disagree, a page would preload one file and run another: every screen is checked.
import { describe, expect, it } from 'vitest';
import { routes } from '../../common/routes.ts';
import { screenModules } from '../../common/screen-modules.ts';
import { loadScreen, untilReload } from './screens.ts';

describe('the file of each screen', () => {
  it('is the one the app loads, for every screen', async () => {
    const screens = [...new Set([...routes.map((route) => route.screen), 'notFound' as const])];
    for (const screen of screens) {
      const loaded = await loadScreen(screen);
      const named = (await import(/* @vite-ignore */ `../../${screenModules[screen]}`)) as typeof loaded;
      expect(loaded.default, screen).toBe(named.default);
    }
  });
});

describe('untilReload', () => {
  it('hands over a loaded module', async () => {
    const module = { default: 'screen' };
    await expect(untilReload(Promise.resolve(module))).resolves.toBe(module);
  });

  it('waits, without failing, when a stale chunk made Vite resolve the import to nothing and the page reloads', async () => {
    const outcome = await Promise.race([
      untilReload(Promise.resolve(undefined)).then(
        () => 'resolved',
        () => 'rejected',
      ),
      new Promise((resolve) => setTimeout(() => resolve('still waiting'), 50)),
    ]);
    expect(outcome).toBe('still waiting');
  });

  it('passes a failed import on', async () => {
    await expect(untilReload(Promise.reject(new Error('chunk')))).rejects.toThrow('chunk');
  });
});
