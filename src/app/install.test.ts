// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { listenForInstallPrompt, promptInstall, useInstallable } from './install.ts';

function installPrompt(outcome: 'accepted' | 'dismissed') {
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: vi.fn(async () => undefined),
    userChoice: Promise.resolve({ outcome }),
  });
  return event;
}

describe('install prompt', () => {
  listenForInstallPrompt(window);

  it('offers installation once the browser does, and uses the prompt once', async () => {
    const { result } = renderHook(() => useInstallable());
    expect(result.current).toBe(false);
    const event = installPrompt('accepted');
    act(() => {
      window.dispatchEvent(event);
    });
    expect(event.defaultPrevented).toBe(true);
    expect(result.current).toBe(true);
    let accepted = false;
    await act(async () => {
      accepted = await promptInstall();
    });
    expect(event.prompt).toHaveBeenCalledOnce();
    expect(accepted).toBe(true);
    expect(result.current).toBe(false);
    expect(await promptInstall()).toBe(false);
  });

  it('stops offering once the app is installed', () => {
    const { result } = renderHook(() => useInstallable());
    act(() => {
      window.dispatchEvent(installPrompt('dismissed'));
    });
    expect(result.current).toBe(true);
    act(() => {
      window.dispatchEvent(new Event('appinstalled'));
    });
    expect(result.current).toBe(false);
  });
});
