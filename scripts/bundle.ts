// Measures the built bundle from Vite's manifest: what `/` needs, and every chunk's gzipped size.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  imports?: string[];
}

export interface ChunkSize {
  file: string;
  gzKb: number;
  /** Needed to render `/` in the default language. */
  initial: boolean;
}

export interface BundleSizes {
  chunks: ChunkSize[];
  initialJsGzKb: number;
  totalJsGzKb: number;
  wasmGzKb: number;
}

/** What rendering `/` needs: the entry, the welcome screen and the English catalog. */
const firstRoute = ['index.html', 'src/views/welcome/Welcome.tsx', 'locales/en/messages.po'];

/** Reads `dist` (built with `build.manifest`) and sizes every chunk gzipped at level 9. */
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
    .map((file) => ({
      file,
      gzKb: gzipSync(readFileSync(join(dist, file)), { level: 9 }).length / 1000,
      initial: initial.has(file),
    }))
    .sort((a, b) => b.gzKb - a.gzKb);
  const sum = (rows: ChunkSize[]) => rows.reduce((total, row) => total + row.gzKb, 0);
  return {
    chunks,
    initialJsGzKb: sum(chunks.filter((chunk) => chunk.initial && chunk.file.endsWith('.js'))),
    totalJsGzKb: sum(chunks.filter((chunk) => chunk.file.endsWith('.js'))),
    wasmGzKb: sum(chunks.filter((chunk) => chunk.file.endsWith('.wasm'))),
  };
}
