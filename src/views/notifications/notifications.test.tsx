// @vitest-environment jsdom
// Notifications on this device (issue 33): the browser is asked only on a tap; a "no" leaves the switch
// saying how to allow them; a browser that cannot show them says so; the dashboard's invitation stays
// away once answered.
import { I18nProvider } from '@lingui/react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { i18n } from '../../i18n/index.ts';

// The server's key (issue 51's tests get as far as subscribing).
vi.mock('../../api/push.ts', () => ({
  fetchPushKey: vi.fn(async () => ({ ok: true, data: { enabled: true, public_key: 'BPublicKey' } })),
  sendPushSubscription: vi.fn(),
}));

/**
 * A browser that can receive pushes; `answer` is what its permission prompt says, `subscribe` what its
 * push service does, and `worker` whether its service worker starts.
 */
function pushCapableBrowser(
  answer: NotificationPermission,
  subscribe = vi.fn(),
  worker: 'starts' | 'never' = 'starts',
) {
  const requestPermission = vi.fn(async () => {
    Object.assign(Notification, { permission: answer });
    return answer;
  });
  vi.stubGlobal('Notification', { permission: 'default', requestPermission });
  vi.stubGlobal('PushManager', class {});
  Object.defineProperty(window, 'isSecureContext', { configurable: true, value: true });
  const ready = worker === 'starts' ? Promise.resolve({ pushManager: { subscribe } }) : new Promise(() => undefined);
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready, getRegistration: async () => undefined },
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
  vi.useRealTimers();
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
      await screen.findByText(
        'Notifications were not allowed for Followscope. To have them, allow them in your browser’s site settings; a private window never allows them.',
      ),
    ).toBeTruthy();
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    expect(browser.subscribe).not.toHaveBeenCalled();
    expect(toggle.disabled).toBe(true);
  });
});

describe('where the browser cannot subscribe (issue 51)', () => {
  const pushService =
    'This browser’s push service did not answer, so notifications cannot be turned on here. A private window never has one; in a normal window, try again later.';

  /** Taps the switch, lets `ms` pass, and gives the switch. */
  async function tapAndWait(ms: number) {
    vi.useFakeTimers();
    await show('card');
    const toggle = screen.getByRole('switch', { name: 'Tell me when my followers change' }) as HTMLInputElement;
    fireEvent.click(toggle);
    await act(() => vi.advanceTimersByTimeAsync(ms));
    return toggle;
  }

  it('gives up on a push service that never answers within a few seconds, and says why', async () => {
    const { SUBSCRIBE_WAIT_MS } = await import('../../app/notifications.ts');
    expect(SUBSCRIBE_WAIT_MS).toBeLessThanOrEqual(8000);
    const browser = pushCapableBrowser(
      'granted',
      vi.fn(() => new Promise<never>(() => undefined)),
    );
    const toggle = await tapAndWait(SUBSCRIBE_WAIT_MS);
    expect(browser.subscribe).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('notifications-about').textContent).toBe(pushService);
    expect(toggle.checked).toBe(false);
    expect(toggle.disabled).toBe(false);
  });

  it('says the push service failed, not the connection, when it refuses', async () => {
    const refuse = vi.fn(async () => {
      throw new DOMException('Registration failed - push service not available', 'AbortError');
    });
    pushCapableBrowser('granted', refuse);
    const toggle = await tapAndWait(0);
    expect(screen.getByTestId('notifications-about').textContent).toBe(pushService);
    expect(screen.getByTestId('notifications-about').textContent).not.toMatch(/connection/);
    expect(toggle.disabled).toBe(false);
  });

  it('says why when the service worker never starts', async () => {
    pushCapableBrowser('granted', vi.fn(), 'never');
    const toggle = await tapAndWait(6000);
    expect(screen.getByTestId('notifications-about').textContent).toMatch(
      /^This window does not let Followscope run in the background/,
    );
    expect(toggle.disabled).toBe(false);
  });

  it('says the question was closed when it had no answer', async () => {
    pushCapableBrowser('default');
    const toggle = await tapAndWait(0);
    expect(screen.getByTestId('notifications-about').textContent).toMatch(/^The browser’s question was closed/);
    expect(toggle.disabled).toBe(false);
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
