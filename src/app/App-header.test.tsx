// @vitest-environment jsdom
// Issue 31: a subscriber's screen never shows below the header's placeholder, which the real header (a
// name on two lines) would then push down. The header's code is made slow to arrive here: until the
// screen's heading shows, or 2 s have passed.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { memoryLocation } from 'wouter/memory-location';
import { clearAllLocalData, writeLogin } from '../db/login.ts';
import { App } from './App.tsx';
import { resetSessionForTests } from './session.ts';

vi.mock('./Header.tsx', async (original) => {
  const deadline = Date.now() + 2000;
  while (!document.querySelector('main h1') && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 20));
  return original();
});

// The screen's own code loads before the test, so what it measures is the order, not how fast vitest
// transforms the dashboard's modules on a loaded machine.
beforeAll(async () => {
  // The badge's code too, which the dashboard loads after its paint: none is left loading at teardown.
  await Promise.all([import('../views/home/Home.tsx'), import('../db/first-reads.ts'), import('./badge.ts')]);
}, 60_000);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

it('shows a subscriber’s screen only with its header', { timeout: 30_000 }, async () => {
  localStorage.clear();
  await clearAllLocalData();
  resetSessionForTests();
  // The dashboard's refresh is not this test's: it never answers, so nothing of it outlives the test.
  vi.stubGlobal('fetch', () => new Promise(() => undefined));
  await writeLogin({ token: 't', email: 'a@b.co', username: 'ana', insta_full_name: 'Ana Lima', is_subscribed: true });
  let screenBeforeHeader = false;
  const watch = new MutationObserver(() => {
    const header = document.querySelector('header.header:not(.header--placeholder)');
    if (document.querySelector('main h1') && !header) screenBeforeHeader = true;
  });
  watch.observe(document.body, { childList: true, subtree: true });
  render(<App location={memoryLocation({ path: '/home' }).hook} />);
  expect(await screen.findByRole('heading', { name: 'Dashboard' }, { timeout: 20_000 })).toBeTruthy();
  expect(screen.getByText('Ana Lima')).toBeTruthy();
  watch.disconnect();
  expect(screenBeforeHeader).toBe(false);
});
