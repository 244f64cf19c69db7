// Builds the server into one ES module (`dist-server/main.mjs`) that `npm run serve` and every test and
// benchmark server runs with plain Node: our TypeScript is bundled, the packages stay imports of
// node_modules. A start through the TypeScript loader compiled and resolved about 300 files first: 2.5 s
// to the start line on a quiet 2-core machine, against 1.6 s from the bundle (issue 37: about 20 servers
// start in an e2e run).
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Where the bundle goes: beside `dist/` (the web app, served to anyone), never inside it. */
export const SERVER_BUNDLE = join(root, 'dist-server', 'main.mjs');

/**
 * Each file keeps its own `import.meta.url`, so what it finds beside itself (the migrations, the legal
 * pages, the collector's `.wasm`, the sample video) is found where it lies in the source tree.
 */
const ownImportMetaUrl: Plugin = {
  name: 'own-import-meta-url',
  setup(builder) {
    builder.onLoad({ filter: /\.ts$/ }, (file) => ({
      contents: readFileSync(file.path, 'utf8').replaceAll(
        'import.meta.url',
        JSON.stringify(pathToFileURL(file.path).href),
      ),
      loader: 'ts',
    }));
  },
};

/**
 * Bundles `server/main.ts` into `SERVER_BUNDLE` (about 0.3 s). The file is replaced whole (written
 * beside it, then renamed), so a process starting from it meanwhile reads the old one or the new one.
 */
export async function buildServer(): Promise<string> {
  const result = await build({
    entryPoints: [join(root, 'server', 'main.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    write: false,
    outfile: SERVER_BUNDLE,
    plugins: [ownImportMetaUrl],
    logLevel: 'warning',
  });
  const [output] = result.outputFiles;
  if (!output) throw new Error('build-server: esbuild wrote nothing');
  mkdirSync(dirname(SERVER_BUNDLE), { recursive: true });
  const next = `${SERVER_BUNDLE}.${process.pid}.tmp`;
  writeFileSync(next, output.contents);
  renameSync(next, SERVER_BUNDLE);
  return SERVER_BUNDLE;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await buildServer();
