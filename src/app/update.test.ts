// @vitest-environment jsdom
import { afterEach, expect, it, vi } from 'vitest';

vi.mock('workbox-window', () => ({
  Workbox: class {
    addEventListener() {}
    register() {
      return Promise.reject(new DOMException('Operation has been aborted', 'AbortError'));
    }
  },
}));

afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

it('a registration the browser gives up on is no error of the page: it says so and resolves', async () => {
  vi.stubEnv('DEV', false);
  vi.stubGlobal('navigator', { ...navigator, serviceWorker: {} });
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  const { registerServiceWorker } = await import('./update.ts');
  await expect(registerServiceWorker()).resolves.toBeUndefined();
  expect(warn).toHaveBeenCalledWith(
    'The service worker could not be registered; the next visit tries again.',
    expect.any(DOMException),
  );
});
