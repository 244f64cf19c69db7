// Reading the precache manifest Workbox injects into the built service worker.
import { describe, expect, it } from 'vitest';
import { precachedUrls } from './precache.ts';

describe('precachedUrls', () => {
  it('reads the injected manifest out of minified code around it', () => {
    const sw =
      'var e=self;const t="__WB_REVISION__";s([{"revision":"dbb9","url":"manifest.webmanifest"},' +
      '{"revision":null,"url":"assets/index-BroBMPNn.js"},{"url":"index.html","revision":"95af"}]);o([1,2]);';
    expect(precachedUrls(sw)).toEqual(['manifest.webmanifest', 'assets/index-BroBMPNn.js', 'index.html']);
  });

  it('refuses a service worker without a manifest', () => {
    expect(() => precachedUrls('self.addEventListener("fetch",()=>{})')).toThrow(/no precache manifest/);
  });
});
