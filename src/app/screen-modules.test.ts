// @vitest-environment jsdom
// The server names each route's code from the screens' table (common/screens.ts); the app loads it with
// the import screens.ts keys by that file. If the two disagree, a page would preload one file and run
// another: every screen is checked.
import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { firstReadsModule, screenModules, sessionModule } from '../../common/screen-modules.ts';
import { screenIds } from '../../common/screens.ts';
import { loadFirstReads } from './first-reads.ts';
import { loadScreen, untilReload } from './screens.ts';

describe('the file of each screen', () => {
  it('is the one the app loads, for every screen', async () => {
    for (const screen of screenIds) {
      const loaded = await loadScreen(screen);
      const named = (await import(/* @vite-ignore */ `../../${screenModules[screen]}`)) as typeof loaded;
      expect(loaded.default, screen).toBe(named.default);
    }
  });

  it('names the first reads of a subscriber’s screens as the app loads them', async () => {
    const named = (await import(/* @vite-ignore */ `../../${firstReadsModule}`)) as Awaited<
      ReturnType<typeof loadFirstReads>
    >;
    expect((await loadFirstReads()).readFirst).toBe(named.readFirst);
  });

  it('names the module the session reads the stored login from', async () => {
    // session.ts lives in src/app: its imports are relative to there.
    const source = readFileSync('src/app/session.ts', 'utf8');
    const loaded = [...source.matchAll(/import\('([^']+)'\)/g)].map((match) => match[1]);
    expect(loaded).toContain(sessionModule.replace(/^src\//, '../'));
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

describe('the component of a screen', () => {
  it('is the module’s own once the module has loaded, so its first render does not suspend', async () => {
    vi.resetModules();
    const screens = await import('./screens.ts');
    expect(screens.screenLoaded('stories')).toBe(false);
    const loaded = await screens.loadScreen('stories');
    expect(screens.screenLoaded('stories')).toBe(true);
    expect(screens.screenComponent('stories')).toBe(loaded.default);
  });

  it('is a lazy one when asked before its module, and stays that one, so the screen never remounts', async () => {
    vi.resetModules();
    const screens = await import('./screens.ts');
    const lazyOne = screens.screenComponent('stories');
    const loaded = await screens.loadScreen('stories');
    expect(lazyOne).not.toBe(loaded.default);
    expect(screens.screenComponent('stories')).toBe(lazyOne);
  });
});
