// @vitest-environment jsdom
// The header (spec §2 Header) on a phone (issue 51): the install button only where the browser offers
// installation, the name and username whole in the button's name and on a tap.
import { I18nProvider } from '@lingui/react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { activateLocale, i18n } from '../i18n/index.ts';
import Header from './Header.tsx';
import { listenForInstallPrompt } from './install.ts';
import { resetSessionForTests, saveLogin } from './session.ts';

beforeAll(async () => {
  await activateLocale('en');
  listenForInstallPrompt(window);
});
afterEach(cleanup);

function renderHeader() {
  render(
    <I18nProvider i18n={i18n}>
      <Router hook={memoryLocation({ path: '/home' }).hook}>
        <Header />
      </Router>
    </I18nProvider>,
  );
}

describe('the header', () => {
  it('has no install button, and keeps no room for one, until the browser offers installation', () => {
    renderHeader();
    expect(screen.queryByText('Install')).toBeNull();
    act(() => {
      window.dispatchEvent(
        Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
          prompt: vi.fn(async () => undefined),
          userChoice: Promise.resolve({ outcome: 'dismissed' as const }),
        }),
      );
    });
    expect(screen.getByText('Install').closest('button')?.disabled).toBe(false);
  });

  it('names the account whole in its button, shows it whole on a tap, and has "Log out" only when the menu has not', async () => {
    resetSessionForTests();
    await saveLogin({
      token: 't',
      email: 'a@b.co',
      username: 'maria.silva.fotos',
      insta_full_name: 'Maria Aparecida da Silva Fotografia',
      is_subscribed: false,
    });
    renderHeader();
    const who = await screen.findByRole('button', { name: 'Maria Aparecida da Silva Fotografia @maria.silva.fotos' });
    expect(who.getAttribute('title')).toBe('Maria Aparecida da Silva Fotografia @maria.silva.fotos');
    expect(who.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(who);
    expect(who.getAttribute('aria-expanded')).toBe('true');
    expect(document.getElementById('header-whole-name')?.textContent).toBe(
      'Maria Aparecida da Silva Fotografia@maria.silva.fotos',
    );
    // Not subscribed: the menu hides Logout (spec §4), so the header has it, once.
    expect(screen.getAllByText('Log out')).toHaveLength(1);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(who.getAttribute('aria-expanded')).toBe('false');
  });
});
