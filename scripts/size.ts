// `npm run size`: prints every built chunk's gzipped size and fails when the JavaScript a visitor
// downloads to render `/` exceeds the budget (at most 120 kB gzipped).
import { measureBundle } from './bundle.ts';

/** The budget for the first route's JavaScript, in kB (1000 bytes) gzipped. */
const INITIAL_JS_BUDGET_KB = 120;

const sizes = measureBundle(process.argv[2] ?? 'dist');
for (const chunk of sizes.chunks) {
  console.log(`${chunk.initial ? '*' : ' '} ${chunk.gzKb.toFixed(2).padStart(8)} kB  ${chunk.file}`);
}
console.log(
  `\n* initial JavaScript for /: ${sizes.initialJsGzKb.toFixed(2)} kB gzipped (budget ${INITIAL_JS_BUDGET_KB} kB)`,
);
console.log(
  `  all JavaScript: ${sizes.totalJsGzKb.toFixed(2)} kB gzipped; collector core: ${sizes.wasmGzKb.toFixed(2)} kB`,
);
if (sizes.initialJsGzKb > INITIAL_JS_BUDGET_KB) {
  console.error(`size: over budget by ${(sizes.initialJsGzKb - INITIAL_JS_BUDGET_KB).toFixed(2)} kB`);
  process.exit(1);
}
