// @vitest-environment jsdom
// The header's install button (spec §2 Header) keeps its room before the browser offers installation, so
// the name beside it does not wrap anew and move the screen when the offer comes (issue 31).
import { I18nProvider } from '@lingui/react';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { activateLocale, i18n } from '../i18n/index.ts';
import Header from './Header.tsx';
import { listenForInstallPrompt } from './install.ts';

beforeAll(async () => {
  await activateLocale('en');
  listenForInstallPrompt(window);
});
afterEach(cleanup);

describe('the header', () => {
  it('keeps the install button’s room, unseen and unusable, until the browser offers installation', () => {
    render(
      <I18nProvider i18n={i18n}>
        <Router hook={memoryLocation({ path: '/home' }).hook}>
          <Header />
        </Router>
      </I18nProvider>,
    );
    const install = screen.getByText('Install').closest('button');
    expect(install?.className).toContain('header__install--waiting');
    expect(install?.disabled).toBe(true);
    act(() => {
      window.dispatchEvent(
        Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
          prompt: vi.fn(async () => undefined),
          userChoice: Promise.resolve({ outcome: 'dismissed' as const }),
        }),
      );
    });
    expect(install?.className).not.toContain('header__install--waiting');
    expect(install?.disabled).toBe(false);
  });
});
