// @vitest-environment jsdom
// The server names each route's code from screen-modules.ts; the app loads it from screens.ts. If the
// two disagree, a page would preload one file and run another: every screen is checked.
import { describe, expect, it } from 'vitest';
import { routes } from './routes.ts';
import { screenModules } from './screen-modules.ts';
import { loadScreen } from './screens.ts';

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
