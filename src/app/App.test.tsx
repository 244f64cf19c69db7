// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { memoryLocation } from 'wouter/memory-location';
import { clearAllLocalData, writeLogin } from '../db/login.ts';
import { activateLocale } from '../i18n/index.ts';
import { App } from './App.tsx';
import { resetSessionForTests } from './session.ts';
import { showToast } from './toast.tsx';

/**
 * The first test of a file to open a screen loads its modules (the dashboard: with the header's and its
 * first reads'; vitest transforms each once), which on a loaded 2-core machine takes past Testing
 * Library's 1 s.
 */
const FIRST_LOAD = { timeout: 10_000 };

function renderAt(path: string) {
  const location = memoryLocation({ path, record: true });
  render(<App location={location.hook} />);
  return location;
}

beforeEach(async () => {
  localStorage.clear();
  await clearAllLocalData();
  resetSessionForTests();
});
afterEach(async () => {
  cleanup();
  await activateLocale('en');
});

describe('App', () => {
  it('shows the welcome card at / with a start button to onboarding', async () => {
    renderAt('/');
    const start = await screen.findByRole('link', { name: 'Start analyzing' }, FIRST_LOAD);
    expect(start.getAttribute('href')).toBe('/onboarding');
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toBeTruthy();
    expect(document.title).toBe('Welcome · Followscope');
  });

  it('shows the not-found page with a home button for any other path', async () => {
    renderAt('/does/not/exist');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go home' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('contentinfo')).toBeNull();
  });

  it('speaks the active language', async () => {
    await activateLocale('es');
    renderAt('/');
    expect(await screen.findByRole('link', { name: 'Empezar el análisis' })).toBeTruthy();
  });

  it('sends a visitor from a subscriber page to the welcome card', async () => {
    const location = renderAt('/newfollowers');
    await screen.findByRole('link', { name: 'Start analyzing' });
    expect(location.history?.at(-1)).toBe('/');
  });

  it('shows a subscriber the header with their name on the dashboard', async () => {
    await writeLogin({
      token: 't',
      email: 'a@b.co',
      username: 'ana',
      insta_full_name: 'Ana Lima',
      is_subscribed: true,
    });
    renderAt('/home');
    expect(await screen.findByText('Ana Lima', undefined, FIRST_LOAD)).toBeTruthy();
    expect(screen.getByText('@ana')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Dashboard' }, FIRST_LOAD)).toBeTruthy();
  });

  it('asks a login without a subscription to activate', async () => {
    await writeLogin({ token: 't', email: 'a@b.co', username: 'ana', insta_full_name: 'Ana', is_subscribed: false });
    renderAt('/home');
    expect(await screen.findByRole('link', { name: 'Activate' }, FIRST_LOAD)).toBeTruthy();
  });

  it('shows toasts at the bottom, red, and removes them after 5 s', async () => {
    renderAt('/');
    await screen.findByRole('link', { name: 'Start analyzing' });
    act(() => showToast('Access restricted due to excessive activity.', { durationMs: 50 }));
    const toast = screen.getByText('Access restricted due to excessive activity.');
    expect(toast.className).toContain('toast--error');
    await act(() => new Promise((resolve) => setTimeout(resolve, 80)));
    expect(screen.queryByText('Access restricted due to excessive activity.')).toBeNull();
  });
});
