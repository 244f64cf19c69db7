// The page a navigation gets: the built index.html, naming up front the code its route needs. The entry
// alone names only itself; the route's screen and the language catalog are found when the entry runs,
// one round trip later, which on a slow phone connection is most of the wait for the first paint
// (issue 25). From the build's manifest this adds a modulepreload for each of those chunks, and the
// catalog is the one the browser's languages pick (the client picks by the same rule).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locale } from '../../common/locales.ts';
import { routeFor } from '../../common/routes.ts';
import {
  firstReadsModule,
  headerModule,
  readsFirst,
  screenModules,
  sessionModule,
} from '../../common/screen-modules.ts';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The chunks a manifest key needs: its file and every static import's, with their stylesheets. */
function closure(manifest: Manifest, key: string, into = { js: new Set<string>(), css: new Set<string>() }) {
  const chunk = manifest[key];
  if (!chunk || into.js.has(chunk.file)) return into;
  into.js.add(chunk.file);
  for (const css of chunk.css ?? []) into.css.add(css);
  for (const dependency of chunk.imports ?? []) closure(manifest, dependency, into);
  return into;
}

/**
 * The `<link>` lines a route's page adds: what its screen and catalog need beyond the entry, and for a
 * subscriber's screen the code of its stored login and first reads from IndexedDB, which it waits for too,
 * and of the header (issue 31).
 */
export function preloadLinks(manifest: Manifest, path: string, locale: Locale): string[] {
  const entry = closure(manifest, 'index.html');
  const route = routeFor(path);
  const wanted = closure(manifest, screenModules[route.screen]);
  closure(manifest, `locales/${locale}/messages.po`, wanted);
  if (readsFirst(route.guard)) {
    closure(manifest, sessionModule, wanted);
    closure(manifest, firstReadsModule, wanted);
    closure(manifest, headerModule, wanted);
  }
  return [
    ...[...wanted.css].filter((file) => !entry.css.has(file)).map((file) => `<link rel="stylesheet" href="/${file}">`),
    ...[...wanted.js]
      .filter((file) => !entry.js.has(file))
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
  ];
}

/**
 * The shell for each route and language, built once per pair; without a build manifest (an old build)
 * the plain index.html.
 */
export function shellPages(dir: string): (path: string, locale: Locale) => string {
  const html = readFileSync(join(dir, 'index.html'), 'utf8');
  const manifestPath = join(dir, '.vite/manifest.json');
  if (!existsSync(manifestPath) || !html.includes('</head>')) return () => html;
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  const pages = new Map<string, string>();
  return (path, locale) => {
    const screen = routeFor(path).screen;
    const key = `${screen}:${locale}`;
    let page = pages.get(key);
    if (page === undefined) {
      const links = preloadLinks(manifest, path, locale);
      page = html.replace('</head>', `${links.map((link) => `  ${link}\n`).join('')}</head>`);
      pages.set(key, page);
    }
    return page;
  };
}
