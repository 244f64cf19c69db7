// `npm run size`: prints every built chunk's gzipped size and fails when the JavaScript a visitor
// downloads to render `/` exceeds the budget (issue: at most 120 kB gzipped).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** The budget for the first route's JavaScript, in kB (1000 bytes) gzipped. */
export const INITIAL_JS_BUDGET_KB = 120;

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}

const dist = process.argv[2] ?? 'dist';
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
const gzKb = (file: string) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length / 1000;

/** A chunk and everything it imports statically: what the browser must fetch before running it. */
function closure(key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const dep of chunk.imports ?? []) closure(dep, into);
  return into;
}

// Rendering `/` needs the entry, the welcome screen and the English catalog (the default language).
const initial = new Set<string>();
for (const key of ['index.html', 'src/views/welcome/Welcome.tsx', 'locales/en/messages.po']) {
  if (!manifest[key]) throw new Error(`size: ${key} is not in the build manifest; update scripts/size.ts`);
  closure(key, initial);
}

const jsFiles = readdirSync(join(dist, 'assets'))
  .filter((name) => name.endsWith('.js') || name.endsWith('.wasm') || name.endsWith('.css'))
  .map((name) => `assets/${name}`)
  .concat('sw.js');
const rows = jsFiles.map((file) => ({ file, kb: gzKb(file), initial: initial.has(file) })).sort((a, b) => b.kb - a.kb);

for (const row of rows) console.log(`${row.initial ? '*' : ' '} ${row.kb.toFixed(2).padStart(8)} kB  ${row.file}`);
const initialKb = rows.filter((row) => row.initial).reduce((sum, row) => sum + row.kb, 0);
const totalJsKb = rows.filter((row) => row.file.endsWith('.js')).reduce((sum, row) => sum + row.kb, 0);
console.log(`\n* initial JavaScript for /: ${initialKb.toFixed(2)} kB gzipped (budget ${INITIAL_JS_BUDGET_KB} kB)`);
console.log(`  all JavaScript: ${totalJsKb.toFixed(2)} kB gzipped`);
if (initialKb > INITIAL_JS_BUDGET_KB) {
  console.error(`size: over budget by ${(initialKb - INITIAL_JS_BUDGET_KB).toFixed(2)} kB`);
  process.exit(1);
}
