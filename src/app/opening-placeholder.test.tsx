// @vitest-environment jsdom
// Issue 31: the entry paints a subscriber's screen's placeholder before the app has loaded; the app's own
// placeholder, while the screen waits, must be the same boxes, or the first paint would move.
import { cleanup, render } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { memoryLocation } from 'wouter/memory-location';
import { App, OpeningPlaceholder } from './App.tsx';

// The header's code never arrives here, so the app stays on its placeholder.
vi.mock('./Header.tsx', () => new Promise(() => undefined));

afterEach(cleanup);

/** What the placeholder draws: the shell's class and every box of the header's and the screen's room. */
function drawn(container: HTMLElement) {
  const shell = container.querySelector('.shell');
  return {
    shell: shell?.className,
    header: shell?.querySelector('.header')?.outerHTML,
    main: shell?.querySelector('main')?.outerHTML,
  };
}

it.each(['/home', '/postanalytics', '/mutualfollowing', '/stories'])(
  '%s: the entry’s placeholder is the one the app shows while the screen waits',
  (path) => {
    const opening = drawn(render(<OpeningPlaceholder path={path} />).container);
    cleanup();
    const app = drawn(render(<App location={memoryLocation({ path }).hook} />).container);
    expect(opening.header).toContain('☰');
    expect(opening.main).toContain('aria-busy="true"');
    expect(app).toEqual(opening);
  },
);

it('reel analytics, which has no header (spec §2), draws nothing but the shell', () => {
  const { container } = render(<OpeningPlaceholder path="/reelanalytics" />);
  expect(container.querySelector('.shell')?.childElementCount).toBe(0);
});
