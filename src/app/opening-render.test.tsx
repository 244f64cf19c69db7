// @vitest-environment jsdom
// The app's first render, once the entry has what it needs (the header's code, the screen's code and the
// opening reads), commits the screen at once (issue 31). When it suspended instead, React committed the
// placeholder and then held the screen back until 300 ms after it (its fallback throttle): half of a cached
// dashboard's time offline. This file's modules are fresh, so the header has never rendered before.
import { cleanup, render } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { memoryLocation } from 'wouter/memory-location';
import { clearAllLocalData, writeLogin } from '../db/login.ts';
import { App, loadHeader } from './App.tsx';
import { startOpeningReads } from './first-reads.ts';
import { loadScreen } from './screens.ts';
import { loadSession, resetSessionForTests } from './session.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

it('renders the screen and its header in its first commit, never the placeholder', async () => {
  vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
  localStorage.clear();
  await clearAllLocalData();
  resetSessionForTests();
  await writeLogin({
    token: 't',
    email: 'demo@example.com',
    username: 'followscope.demo',
    insta_full_name: 'Demo',
    is_subscribed: true,
  });
  // What the entry starts and waits for (src/main.tsx).
  const reads = startOpeningReads('/home', 'home', '');
  await Promise.all([reads, loadScreen('home'), loadHeader(), loadSession()]);

  const location = memoryLocation({ path: '/home' });
  render(<App location={location.hook} search={location.searchHook} />);

  expect(document.querySelector('.screen--waiting')).toBeNull();
  expect(document.querySelector('main h1')?.textContent).toBe('Dashboard');
  expect(document.querySelector('header')).not.toBeNull();
});
