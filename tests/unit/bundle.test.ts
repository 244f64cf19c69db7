// The size script's arithmetic (issue 25): a file counts as the brotli copy the server sends, and the
// precache as the distinct files the service worker's manifest names.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCycles, precachedUrls, sentBytes } from '../../scripts/bundle.ts';
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

  it('reads the distinct URLs of the injected manifest out of minified code around it', () => {
    const sw =
      'var e=self;const t="__WB_REVISION__";s([{"revision":"dbb9","url":"manifest.webmanifest"},' +
      '{"revision":null,"url":"assets/index-BroBMPNn.js"},{"url":"index.html","revision":"95af"},' +
      '{"revision":"95af","url":"index.html"}]);o([1,2]);';
    expect(precachedUrls(sw)).toEqual(['manifest.webmanifest', 'assets/index-BroBMPNn.js', 'index.html']);
    expect(() => precachedUrls('self.addEventListener("fetch",()=>{})')).toThrow(/no precache manifest/);
  });

  it('finds chunks that import each other, however far round, and none in a tree with shared leaves', () => {
    const chunk = (file: string, ...imports: string[]) => ({ file: `assets/${file}.js`, imports });
    const tree = {
      'index.html': chunk('index', 'shell', 'schemas'),
      shell: chunk('shell'),
      schemas: chunk('schemas'),
      'src/Checkout.tsx': chunk('Checkout', 'shell', 'schemas'),
    };
    expect(importCycles(tree)).toEqual([]);
    // As the build of issue 31 was: the schemas' chunk imported the card rules from a screen's chunk.
    const looped = { ...tree, schemas: chunk('schemas', 'billing'), billing: chunk('billing', 'shell', 'schemas') };
    expect(importCycles(looped)).toEqual([['assets/schemas.js', 'assets/billing.js', 'assets/schemas.js']]);
  });
});
