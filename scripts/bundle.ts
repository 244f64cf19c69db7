// Measures the built bundle as a browser receives it: every file's size on the wire (its brotli copy
// when the build made one, which the server sends to every current browser; else the file as it is),
// what `/` needs, and what the service worker downloads at install.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/** The budget for the first route's JavaScript, in kB (1000 bytes) on the wire. */
export const INITIAL_JS_BUDGET_KB = 100;
/**
 * What a phone downloads when the app installs (issue 25), in kB on the wire. 450 until issues 33, 34
 * and 36 (notifications, the share target, the offer's charges and receipts, the PayPal window) took
 * it to 464; issue 31's grouping of the shared code brought it back to 450.4, so 460 leaves room for
 * one screen's words in six languages, no more.
 */
export const PRECACHE_BUDGET_KB = 460;

export interface ChunkSize {
  file: string;
  /** kB (1000 bytes) as sent. */
  kb: number;
  /** Needed to render `/` in the default language. */
  initial: boolean;
}

export interface BundleSizes {
  chunks: ChunkSize[];
  /** Chunks that import each other, however indirectly: each a loop of files, the first repeated last. */
  cycles: string[][];
  initialJsKb: number;
  totalJsKb: number;
  wasmKb: number;
  precache: { entries: number; kb: number };
}

/** What rendering `/` needs: the entry, the welcome screen and the English catalog. */
const firstRoute = ['index.html', 'src/views/welcome/Welcome.tsx', 'locales/en/messages.po'];

/** The bytes a browser that accepts brotli receives for `file` of `dist`. */
export function sentBytes(dist: string, file: string): number {
  const path = join(dist, file);
  return statSync(existsSync(`${path}.br`) ? `${path}.br` : path).size;
}

/** Workbox's manifest entry, as injectManifest writes it into the built sw.js (vite.config.ts). */
const precacheManifest = z.array(z.object({ url: z.string().min(1), revision: z.string().nullable() }));

/** The distinct URLs the built service worker precaches (each is downloaded once), in the manifest's order. */
export function precachedUrls(swSource: string): string[] {
  // Workbox replaces `self.__WB_MANIFEST` with the manifest's JSON: an array of objects whose keys are
  // `revision` and `url`. No URL holds a `]` (Vite's file names), so the array ends at the first one.
  const start = swSource.search(/\[\{"(?:revision|url)":/);
  const end = swSource.indexOf(']', start);
  if (start < 0 || end < 0) throw new Error('no precache manifest in the service worker');
  const entries = precacheManifest.parse(JSON.parse(swSource.slice(start, end + 1)));
  return [...new Set(entries.map((entry) => entry.url))];
}

/**
 * The loops among chunks' static imports. A chunk that imports one that imports it back runs first with
 * the other's bindings unset: the page fails at load with an error far from its cause.
 */
export function importCycles(manifest: Record<string, ManifestChunk>): string[][] {
  const cycles: string[][] = [];
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (key: string) => {
    const at = path.indexOf(key);
    if (at >= 0) {
      cycles.push([...path.slice(at), key].map((name) => manifest[name]?.file ?? name));
      return;
    }
    if (done.has(key)) return;
    path.push(key);
    for (const dep of manifest[key]?.imports ?? []) visit(dep);
    path.pop();
    done.add(key);
  };
  for (const key of Object.keys(manifest)) visit(key);
  return cycles;
}

/** Reads `dist` (built with `build.manifest`) and sizes every chunk as sent. */
export function measureBundle(dist = 'dist'): BundleSizes {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const initial = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`bundle: ${key} is not in the build manifest; update scripts/bundle.ts`);
    if (initial.has(chunk.file)) return;
    initial.add(chunk.file);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  for (const key of firstRoute) visit(key);

  const files = readdirSync(join(dist, 'assets'))
    .filter((name) => /\.(js|wasm|css)$/.test(name))
    .map((name) => `assets/${name}`)
    .concat('sw.js');
  const chunks = files
    .map((file) => ({ file, kb: sentBytes(dist, file) / 1000, initial: initial.has(file) }))
    .sort((a, b) => b.kb - a.kb);
  const sum = (rows: ChunkSize[]) => rows.reduce((total, row) => total + row.kb, 0);
  const precached = precachedUrls(readFileSync(join(dist, 'sw.js'), 'utf8'));
  return {
    chunks,
    cycles: importCycles(manifest),
    initialJsKb: sum(chunks.filter((chunk) => chunk.initial && chunk.file.endsWith('.js'))),
    totalJsKb: sum(chunks.filter((chunk) => chunk.file.endsWith('.js'))),
    wasmKb: sum(chunks.filter((chunk) => chunk.file.endsWith('.wasm'))),
    precache: {
      entries: precached.length,
      kb: precached.reduce((total, url) => total + sentBytes(dist, url), 0) / 1000,
    },
  };
}
