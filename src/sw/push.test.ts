// The service worker's notifications (issue 33): what a push shows, what it adds to the badge, and
// where a click goes. The worker's scope is a fake; Cache Storage is in memory.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { NotificationPayload } from '../../common/schema/push.ts';
import { memoryCaches } from '../../tests/support/cache-storage.ts';
import { openScreen, readPayload, screenOf, showPush } from './push.ts';
import { clearUnseen, unseenCount } from './unseen.ts';

const digest: NotificationPayload = {
  v: 1,
  kind: 'digest',
  title: 'Changes on your account',
  body: '3 new followers and 1 follower lost.',
  url: '/newfollowers',
  tag: 'digest-abcdefabcdef',
  changes: 4,
};

function scope(options: { windows?: Array<{ url: string }>; languages?: string[] } = {}) {
  const showNotification = vi.fn(async () => undefined);
  const setAppBadge = vi.fn(async () => undefined);
  const openWindow = vi.fn(async () => null);
  const windows = (options.windows ?? []).map((client) => {
    const focused = { url: client.url, navigate: vi.fn(async () => focused) };
    return { url: client.url, focus: vi.fn(async () => focused), focused };
  });
  const fake = {
    registration: { showNotification },
    navigator: { languages: options.languages ?? ['en-US'], setAppBadge },
    location: { origin: 'https://app.test' },
    clients: { matchAll: vi.fn(async () => windows), openWindow },
  };
  return { fake: fake as unknown as ServiceWorkerGlobalScope, showNotification, setAppBadge, openWindow, windows };
}

beforeEach(() => {
  memoryCaches();
});

describe('a push', () => {
  it('shows the digest with the app’s icon and badge, one tag per user, and counts its changes', async () => {
    const { fake, showNotification, setAppBadge } = scope();
    await showPush(fake, JSON.stringify(digest));
    await showPush(fake, JSON.stringify({ ...digest, changes: 2 }));
    expect(showNotification).toHaveBeenLastCalledWith('Changes on your account', {
      body: '3 new followers and 1 follower lost.',
      icon: '/icons/icon-192.png',
      badge: '/icons/badge-96.png',
      tag: 'digest-abcdefabcdef',
      data: { url: '/newfollowers' },
    });
    expect(setAppBadge).toHaveBeenLastCalledWith(6);
    expect(await unseenCount()).toBe(6);
    await clearUnseen({ clearAppBadge: async () => undefined });
    expect(await unseenCount()).toBe(0);
  });

  it('without its text (the server had to send none), says so in the device’s language', async () => {
    const { fake, showNotification, setAppBadge } = scope({ languages: ['de-AT', 'en'] });
    await showPush(fake, undefined);
    expect(showNotification).toHaveBeenCalledWith(
      'Followscope',
      expect.objectContaining({
        body: 'Neue Zahlen sind da: Öffne die App, um zu sehen, was sich auf deinem Konto geändert hat.',
        tag: 'followscope',
        data: { url: '/home' },
      }),
    );
    expect(setAppBadge).not.toHaveBeenCalled();
    // A payload shortened to its title shows the title alone.
    await showPush(fake, JSON.stringify({ ...digest, body: undefined }));
    expect(showNotification).toHaveBeenLastCalledWith(
      'Changes on your account',
      expect.objectContaining({ body: undefined }),
    );
  });

  it('reads only its own payloads, and opens only the app’s own screens', () => {
    expect(readPayload('not json')).toBeUndefined();
    expect(readPayload(JSON.stringify({ title: 'x' }))).toBeUndefined();
    expect(screenOf('/followerslost')).toBe('/followerslost');
    expect(screenOf('https://evil.example/')).toBe('/home');
    expect(screenOf('//evil.example/')).toBe('/home');
    expect(screenOf(undefined)).toBe('/home');
  });
});

describe('a click', () => {
  it('focuses an open window on the screen the notification names', async () => {
    const { fake, windows, openWindow } = scope({ windows: [{ url: 'https://app.test/home' }] });
    await openScreen(fake, '/newfollowers');
    expect(windows[0]?.focus).toHaveBeenCalled();
    expect(windows[0]?.focused.navigate).toHaveBeenCalledWith('https://app.test/newfollowers');
    expect(openWindow).not.toHaveBeenCalled();
  });

  it('opens the app on that screen when no window is open', async () => {
    const { fake, openWindow } = scope();
    await openScreen(fake, '/import');
    expect(openWindow).toHaveBeenCalledWith('https://app.test/import');
  });
});
