// A route's page names the code its screen and its language need, beyond what the entry names already.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { preloadLinks, shellPages } from './shell.ts';

const manifest = {
  'index.html': { file: 'assets/index-1.js', imports: ['_react-1.js'], css: ['assets/index-1.css'] },
  '_react-1.js': { file: 'assets/react-1.js' },
  '_forms-1.js': { file: 'assets/forms-1.js', imports: ['_react-1.js'] },
  'src/views/payment-plan/PaymentPlan.tsx': {
    file: 'assets/PaymentPlan-1.js',
    imports: ['_react-1.js', '_forms-1.js'],
    css: ['assets/PaymentPlan-1.css'],
  },
  'src/views/welcome/Welcome.tsx': { file: 'assets/Welcome-1.js', imports: ['_react-1.js'] },
  'src/views/not-found/NotFound.tsx': { file: 'assets/NotFound-1.js' },
  '_db-1.js': { file: 'assets/db-1.js' },
  'src/views/home/Home.tsx': { file: 'assets/Home-1.js', imports: ['_react-1.js', '_db-1.js'] },
  'src/db/first-reads.ts': { file: 'assets/first-reads-1.js', imports: ['_db-1.js'] },
  'src/db/login.ts': { file: 'assets/login-1.js', imports: ['_db-1.js'] },
  'src/app/Header.tsx': { file: 'assets/Header-1.js', imports: ['_react-1.js', '_db-1.js'] },
  'locales/en/messages.po': { file: 'assets/messages-en.js' },
  'locales/fr/messages.po': { file: 'assets/messages-fr.js' },
};

describe('preloads for a route', () => {
  it('names the screen, its imports and the catalog, and nothing the entry already names', () => {
    expect(preloadLinks(manifest, '/paymentplan', 'fr')).toEqual([
      '<link rel="stylesheet" href="/assets/PaymentPlan-1.css">',
      '<link rel="modulepreload" crossorigin href="/assets/PaymentPlan-1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/forms-1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/messages-fr.js">',
    ]);
    expect(preloadLinks(manifest, '/', 'en')).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/Welcome-1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/messages-en.js">',
    ]);
    // An unknown path shows the not-found screen.
    expect(preloadLinks(manifest, '/nothing/here', 'en')[0]).toContain('NotFound-1.js');
  });

  it('names, for a screen behind a login, the code of its stored login, its first reads from IndexedDB and the header (issue 31)', () => {
    expect(preloadLinks(manifest, '/home', 'en')).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/Home-1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/db-1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/messages-en.js">',
      '<link rel="modulepreload" crossorigin href="/assets/login-1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/first-reads-1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/Header-1.js">',
    ]);
    expect(preloadLinks(manifest, '/paymentplan', 'en').join()).not.toMatch(/login|first-reads|Header/);
  });

  it('puts them in the head of the built page, and sends the plain page without a manifest', () => {
    const dir = mkdtempSync(join(tmpdir(), 'followscope-shell-'));
    const html = '<!doctype html><html><head><title>shell</title></head><body></body></html>';
    writeFileSync(join(dir, 'index.html'), html);
    expect(shellPages(dir)('/', 'en')).toBe(html);
    mkdirSync(join(dir, '.vite'));
    writeFileSync(join(dir, '.vite/manifest.json'), JSON.stringify(manifest));
    const page = shellPages(dir)('/', 'en');
    expect(page).toContain('  <link rel="modulepreload" crossorigin href="/assets/Welcome-1.js">\n');
    expect(page).toContain('href="/assets/messages-en.js">\n</head>');
    expect(page.startsWith('<!doctype html><html><head><title>shell</title>')).toBe(true);
  });
});
