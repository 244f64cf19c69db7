// The size script's arithmetic (issue 25): a file counts as the brotli copy the server sends, and the
// precache as the distinct files the service worker's manifest names.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { precacheUrls, sentBytes } from '../../scripts/bundle.ts';
import { compressDir } from '../../scripts/compress.ts';

describe('what the build sends', () => {
  it('counts a compressed file as its brotli copy, and a picture or a small file as it is', () => {
    const dist = mkdtempSync(join(tmpdir(), 'followscope-bundle-'));
    mkdirSync(join(dist, 'assets'));
    const text = 'const who = "followed"; '.repeat(400);
    writeFileSync(join(dist, 'assets', 'a.js'), text);
    writeFileSync(join(dist, 'assets', 'tiny.js'), 'x()');
    writeFileSync(join(dist, 'assets', 'p.png'), Buffer.alloc(3000, 1));
    const done = compressDir(dist);
    expect(done.map((entry) => entry.file)).toEqual(['assets/a.js']);
    expect(sentBytes(dist, 'assets/a.js')).toBe(done[0]?.br);
    expect(sentBytes(dist, 'assets/a.js')).toBeLessThan(text.length / 10);
    expect(sentBytes(dist, 'assets/tiny.js')).toBe(3);
    expect(sentBytes(dist, 'assets/p.png')).toBe(3000);
  });

  it('reads the distinct URLs of the injected precache manifest', () => {
    const sw =
      'import x;const m=[{"revision":"1","url":"index.html"},{"revision":null,"url":"assets/a.js"},' +
      '{"revision":"2","url":"icons/i.png"},{"revision":"2","url":"icons/i.png"}];precacheAndRoute(m);';
    expect(precacheUrls(sw)).toEqual(['index.html', 'assets/a.js', 'icons/i.png']);
    expect(() => precacheUrls('self.skipWaiting()')).toThrow(/no precache manifest/);
  });
});
