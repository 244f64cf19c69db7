// `npm run size`: prints every built chunk's size as sent (brotli, as the server sends it) and fails
// when the JavaScript a visitor downloads to render `/`, everything a first visit to `/` fetches until
// the network is idle (issue 52, measured in Chromium), or what the service worker downloads at install,
// exceeds its budget, or when two chunks import each other (one would run before the other is made).
import { INITIAL_JS_BUDGET_KB, measureBundle, PRECACHE_BUDGET_KB } from './bundle.ts';
import { FIRST_VISIT_JS_BUDGET_KB, measureFirstVisit } from './first-visit.ts';

const dist = process.argv[2] ?? 'dist';
const sizes = measureBundle(dist);
const firstVisit = await measureFirstVisit(dist);
for (const chunk of sizes.chunks) {
  console.log(`${chunk.initial ? '*' : ' '} ${chunk.kb.toFixed(2).padStart(8)} kB  ${chunk.file}`);
}
console.log(
  `\n* initial JavaScript for /: ${sizes.initialJsKb.toFixed(2)} kB on the wire (budget ${INITIAL_JS_BUDGET_KB} kB)`,
);
console.log(
  `* a first visit to / fetches ${firstVisit.kb.toFixed(2)} kB of JavaScript, gzip, until the network is idle (budget ${FIRST_VISIT_JS_BUDGET_KB} kB): ${firstVisit.files.map(({ file, kb }) => `${file} ${kb.toFixed(1)}`).join(', ')}`,
);
console.log(`  all JavaScript: ${sizes.totalJsKb.toFixed(2)} kB; collector core: ${sizes.wasmKb.toFixed(2)} kB`);
console.log(
  `  precache: ${sizes.precache.entries} files, ${sizes.precache.kb.toFixed(2)} kB on the wire (budget ${PRECACHE_BUDGET_KB} kB)`,
);
for (const cycle of sizes.cycles) console.log(`  chunks that import each other: ${cycle.join(' → ')}`);
const over = [
  sizes.initialJsKb > INITIAL_JS_BUDGET_KB &&
    `initial JavaScript by ${(sizes.initialJsKb - INITIAL_JS_BUDGET_KB).toFixed(2)} kB`,
  firstVisit.kb > FIRST_VISIT_JS_BUDGET_KB &&
    `a first visit's JavaScript by ${(firstVisit.kb - FIRST_VISIT_JS_BUDGET_KB).toFixed(2)} kB`,
  sizes.precache.kb > PRECACHE_BUDGET_KB && `precache by ${(sizes.precache.kb - PRECACHE_BUDGET_KB).toFixed(2)} kB`,
].filter(Boolean);
if (over.length > 0) console.error(`size: over budget: ${over.join('; ')}`);
if (sizes.cycles.length > 0) console.error(`size: ${sizes.cycles.length} loops of chunks importing each other`);
if (over.length > 0 || sizes.cycles.length > 0) process.exit(1);
