// Compresses the built app once, at build time, so the server never spends a request's time on it:
// every text file (and the .wasm core) gets a .br and a .gz sibling, which the static handler sends to
// a browser that accepts them (server/http/static.ts). Images are already compressed and left alone.
// `tsx scripts/compress.ts [dir]` (the build runs it on dist/).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Files worth compressing: text, and the WebAssembly core. */
export const COMPRESSIBLE = /\.(?:js|mjs|css|html|json|svg|webmanifest|wasm|txt)$/;
/** Below this a compressed copy saves less than its own headers cost. */
const MIN_BYTES = 1024;

export interface Compressed {
  file: string;
  bytes: number;
  br: number;
  gz: number;
}

function* files(dir: string, prefix = ''): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path, `${prefix}${name}/`);
    else yield `${prefix}${name}`;
  }
}

/** Writes `file.br` (quality 11) and `file.gz` (level 9) beside every compressible file of `dir`. */
export function compressDir(dir: string): Compressed[] {
  const done: Compressed[] = [];
  for (const file of files(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const bytes = readFileSync(join(dir, file));
    if (bytes.length < MIN_BYTES) continue;
    const br = brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        [constants.BROTLI_PARAM_MODE]: file.endsWith('.wasm')
          ? constants.BROTLI_MODE_GENERIC
          : constants.BROTLI_MODE_TEXT,
      },
    });
    const gz = gzipSync(bytes, { level: 9 });
    writeFileSync(join(dir, `${file}.br`), br);
    writeFileSync(join(dir, `${file}.gz`), gz);
    done.push({ file, bytes: bytes.length, br: br.length, gz: gz.length });
  }
  return done;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2] ?? 'dist';
  const done = compressDir(dir);
  const sum = (key: 'bytes' | 'br') => done.reduce((total, entry) => total + entry[key], 0);
  console.log(
    `compress: ${done.length} files in ${dir}, ${(sum('bytes') / 1000).toFixed(1)} kB → ${(sum('br') / 1000).toFixed(1)} kB as brotli`,
  );
}
