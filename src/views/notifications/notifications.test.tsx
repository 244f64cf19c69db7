// @vitest-environment jsdom
// Notifications on this device (issue 33): the browser is asked only on a tap; a "no" leaves the switch
// saying how to allow them; a browser that cannot show them says so; the dashboard's invitation stays
// away once answered.
import { I18nProvider } from '@lingui/react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { i18n } from '../../i18n/index.ts';

/** A browser that can receive pushes; `answer` is what its permission prompt says. */
function pushCapableBrowser(answer: NotificationPermission) {
  const requestPermission = vi.fn(async () => {
    Object.assign(Notification, { permission: answer });
    return answer;
  });
  vi.stubGlobal('Notification', { permission: 'default', requestPermission });
  vi.stubGlobal('PushManager', class {});
  Object.defineProperty(window, 'isSecureContext', { configurable: true, value: true });
  const subscribe = vi.fn();
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve({ pushManager: { subscribe } }), getRegistration: async () => undefined },
  });
  return { requestPermission, subscribe };
}

/** The components, fresh: the notifications' state is read once, when their module loads. */
async function show(which: 'card' | 'invitation') {
  vi.resetModules();
  const { NotificationsCard } = await import('./NotificationsCard.tsx');
  const { NotificationsInvitation } = await import('./NotificationsInvitation.tsx');
  const location = memoryLocation({ path: '/home' });
  return render(
    <I18nProvider i18n={i18n}>
      <Router hook={location.hook}>{which === 'card' ? <NotificationsCard /> : <NotificationsInvitation />}</Router>
    </I18nProvider>,
  );
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('the switch', () => {
  it('says when this browser cannot show notifications, and cannot be turned on', async () => {
    await show('card');
    expect(screen.getByTestId('notifications-about').textContent).toMatch(/^This browser cannot show Followscope/);
    expect(
      (screen.getByRole('switch', { name: 'Tell me when my followers change' }) as HTMLInputElement).disabled,
    ).toBe(true);
  });

  it('asks the browser only when tapped, and after a "no" says how to allow them', async () => {
    const browser = pushCapableBrowser('denied');
    await show('card');
    const toggle = screen.getByRole('switch', { name: 'Tell me when my followers change' }) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    expect(browser.requestPermission).not.toHaveBeenCalled();
    fireEvent.click(toggle);
    expect(
      await screen.findByText('Notifications are blocked for Followscope. Allow them in your browser’s site settings.'),
    ).toBeTruthy();
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    expect(browser.subscribe).not.toHaveBeenCalled();
    expect(toggle.disabled).toBe(true);
  });
});

describe('the dashboard’s invitation', () => {
  it('is shown until answered, then stays away', async () => {
    pushCapableBrowser('granted');
    await show('invitation');
    expect(screen.getByRole('heading', { name: 'Know when your followers change' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(screen.queryByTestId('notify-invite')).toBeNull();
    cleanup();
    await show('invitation');
    expect(screen.queryByTestId('notify-invite')).toBeNull();
  });

  it('is not shown where notifications cannot be had', async () => {
    await show('invitation');
    expect(screen.queryByTestId('notify-invite')).toBeNull();
  });
});
