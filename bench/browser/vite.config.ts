// Builds the benchmark page from the app's own modules (the WASM core, the reference, Dexie).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  build: {
    outDir: fileURLToPath(new URL('../tmp/browser', import.meta.url)),
    emptyOutDir: true,
    assetsInlineLimit: (file) => (file.endsWith('.wasm') ? false : undefined),
  },
  worker: { format: 'es' },
  logLevel: 'warn',
});
