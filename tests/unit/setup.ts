// Unit-test setup: an in-memory IndexedDB and the English catalog, as the app has at start.
import 'fake-indexeddb/auto';
import { activateLocale } from '../../src/i18n/index.ts';

await activateLocale('en');

// jsdom has no matchMedia; uPlot (the dashboard's growth chart) asks it for the pixel ratio on load.
if (typeof window !== 'undefined' && !window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// Testing Library's findBy* give up after 1 s by default: a screen's lazily imported module took longer
// on a loaded 2-core machine (src/app/App.test.tsx failed so with other work running). Wait as long as
// a person would, well inside the test's own time limit.
// Vitest's own vi.waitFor has the same 1 s default and no setting for it: each call passes
// `{ timeout: 15_000 }` (ManageSubscription.test.tsx's deletion missed it at a load average of 20).
if (typeof window !== 'undefined') {
  const { configure } = await import('@testing-library/dom');
  configure({ asyncUtilTimeout: 15_000 });
}

// Issue 49: a call the official API's fake refused as malformed (a code 100 our request caused) fails the
// test that made it, unless the test sends it on purpose (expectDefects()).
{
  const { afterEach } = await import('vitest');
  const { takeDefects } = await import('../support/official/defects.ts');
  afterEach(() => {
    const { defects, allowed } = takeDefects();
    if (defects.length && !allowed) {
      throw new Error(`the official API's fake refused malformed calls: ${JSON.stringify(defects, null, 1)}`);
    }
  });
}
