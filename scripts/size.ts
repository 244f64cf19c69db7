// `npm run size`: prints every built chunk's size as sent (brotli, as the server sends it) and fails
// when the JavaScript a visitor downloads to render `/`, or what the service worker downloads at
// install, exceeds its budget, or when two chunks import each other (one would run before the other is made).
import { measureBundle } from './bundle.ts';

/** The budget for the first route's JavaScript, in kB (1000 bytes) on the wire. */
const INITIAL_JS_BUDGET_KB = 100;
/**
 * What a phone downloads when the app installs (issue 25), in kB on the wire. 450 until issues 33, 34
 * and 36 (notifications, the share target, the offer's charges and receipts, the PayPal window) took
 * it to 464; issue 31's grouping of the shared code brought it back to 450.4, so 460 leaves room for
 * one screen's words in six languages, no more.
 */
const PRECACHE_BUDGET_KB = 460;

const sizes = measureBundle(process.argv[2] ?? 'dist');
for (const chunk of sizes.chunks) {
  console.log(`${chunk.initial ? '*' : ' '} ${chunk.kb.toFixed(2).padStart(8)} kB  ${chunk.file}`);
}
console.log(
  `\n* initial JavaScript for /: ${sizes.initialJsKb.toFixed(2)} kB on the wire (budget ${INITIAL_JS_BUDGET_KB} kB)`,
);
console.log(`  all JavaScript: ${sizes.totalJsKb.toFixed(2)} kB; collector core: ${sizes.wasmKb.toFixed(2)} kB`);
console.log(
  `  precache: ${sizes.precache.entries} files, ${sizes.precache.kb.toFixed(2)} kB on the wire (budget ${PRECACHE_BUDGET_KB} kB)`,
);
for (const cycle of sizes.cycles) console.log(`  chunks that import each other: ${cycle.join(' → ')}`);
const over = [
  sizes.initialJsKb > INITIAL_JS_BUDGET_KB &&
    `initial JavaScript by ${(sizes.initialJsKb - INITIAL_JS_BUDGET_KB).toFixed(2)} kB`,
  sizes.precache.kb > PRECACHE_BUDGET_KB && `precache by ${(sizes.precache.kb - PRECACHE_BUDGET_KB).toFixed(2)} kB`,
].filter(Boolean);
if (over.length > 0) console.error(`size: over budget: ${over.join('; ')}`);
if (sizes.cycles.length > 0) console.error(`size: ${sizes.cycles.length} loops of chunks importing each other`);
if (over.length > 0 || sizes.cycles.length > 0) process.exit(1);
