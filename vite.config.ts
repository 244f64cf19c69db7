import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';
import { compressDir } from './scripts/compress.ts';
import { screenChunks } from './scripts/screen-chunks.ts';
import { webManifest } from './src/app/manifest.ts';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };
const apiPort = process.env.API_PORT ?? '8081';
// A build id makes a distinct build of the same version (the update test deploys a "v2" this way).
const buildId = process.env.FOLLOWSCOPE_BUILD_ID;
/**
 * `off` leaves out the compressed copies (the server then sends each file as it is): the update test's
 * second build, whose brotli at quality 11 was most of its 10 s of CPU (issue 37).
 */
const precompressed = process.env.FOLLOWSCOPE_PRECOMPRESS !== 'off';
/** The database code (issue 31): Dexie, the app's tables and reads, and what writes them with room. */
const databaseCode =
  /[\\/]node_modules[\\/]dexie|[\\/]src[\\/]db[\\/](?!first-reads\.ts|name\.ts)|[\\/]src[\\/]app[\\/](storage|sources[\\/]account)\.ts$|[\\/]src[\\/]sw[\\/]media-cache\.ts$/;
/**
 * The wire schemas both sides check data with, and zod (issue 31): a visitor's forms and a subscriber's
 * screens. With them, what they import (the card rules check the payer's name): left in a screen's chunk,
 * that chunk and this one imported each other, and whichever ran first met the other half-made ("On is
 * not a constructor" on /getmyanalysis). `npm run size` fails on any such cycle.
 */
const schemaCode = /[\\/]node_modules[\\/]zod[\\/]|[\\/]common[\\/](?:schema[\\/]|card\.ts$)/;
const screenCode = screenChunks(
  fileURLToPath(new URL('.', import.meta.url)),
  (id) => databaseCode.test(id) || schemaCode.test(id),
);
const appVersion = buildId ? `${version}+${buildId}` : version;

/**
 * Every text file of a build, the service worker included, gets brotli and gzip siblings once the
 * build is written (after the PWA plugin's own closeBundle), so the server sends them as they are.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'followscope:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        compressDir(outDir);
      },
    },
  };
}

export default defineConfig({
  plugins: [
    react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } }),
    lingui(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: webManifest,
      injectManifest: {
        // Every chunk is precached so an old shell never asks the network for a chunk the new
        // deploy removed; the .wasm core is precached so analyses start offline.
        globPatterns: ['**/*.{js,css,html,wasm,png,svg,webmanifest}'],
        // But the human check's widget (29 kB): it asks the server for its challenge, so offline it
        // could not run anyway; the checkout says so where its chunk cannot load.
        globIgnores: ['**/HumanCheck-*'],
      },
    }),
    precompressed && precompress(),
  ],
  define: { __APP_VERSION__: JSON.stringify(appVersion) },
  build: {
    manifest: true,
    // Vite inlines small assets as data URLs; the .wasm must stay a file so it is precached.
    assetsInlineLimit: (file) => (file.endsWith('.wasm') ? false : undefined),
    rolldownOptions: {
      output: {
        // What every page runs before its screen is one file, not fifteen: on a phone's slow connection
        // each request costs a round trip, and only six go at once (issue 25).
        // The entry itself stays its own chunk, so the build manifest still names it.
        codeSplitting: {
          groups: [
            { name: 'shell', tags: ['$initial'], test: (id) => !/[\\/]src[\\/]main\.tsx$|index\.html/.test(id) },
            // The wire schemas with zod, one file (issue 31): five small ones before.
            { name: 'schemas', test: schemaCode, includeDependenciesRecursively: false },
            // The database code, one file (issue 31): Dexie and the app's tables, reads and writes. A
            // subscriber's screen waits for its first reads; the legal pages read their cached text.
            {
              name: 'db',
              test: databaseCode,
              includeDependenciesRecursively: false,
            },
            // What a subscriber's screens share for their first paint, and what they share with a visitor's,
            // one file each (issue 31: scripts/screen-chunks.ts). A module's own imports stay where they are,
            // so no visitor page loads the subscriber's file.
            {
              name: (id, ctx) => screenCode(id, (module) => ctx.getModuleInfo(module)),
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  worker: { format: 'es' },
  // In development the API server answers what the page asks of it besides /api: the sandbox checkout's
  // tokens, 3-D Secure and PayPal pages, and the sample network's pictures.
  server: {
    proxy: Object.fromEntries(['/api', '/sandbox', '/source'].map((path) => [path, `http://127.0.0.1:${apiPort}`])),
  },
  test: {
    setupFiles: ['tests/unit/setup.ts'],
    // Sized for a loaded 2-core machine: with other work beside it (load 11), a server test that takes
    // 4 s alone took over 20 s, and a server's start in a hook over 10 s.
    testTimeout: 60_000,
    hookTimeout: 30_000,
    // Vitest's default (cores - 1) is one file at a time on a 2-core machine; the PostgreSQL-mode files
    // mostly wait on the server, so two at once finish the run about a third sooner there.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // `vitest run` runs both; `--project unit` or `--project server-pg` picks one.
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'src/**/*.test.{ts,tsx}',
            'common/**/*.test.ts',
            'server/**/*.test.ts',
            'wasm/**/*.test.ts',
            'tests/unit/**/*.test.ts',
            'tests/support/**/*.test.ts',
            'bench/*.test.ts',
          ],
          globalSetup: ['tests/support/pglite-setup.ts'],
        },
      },
      {
        // The server's tests again on PostgreSQL 15 (a throwaway cluster, or TEST_DATABASE_URL): each
        // test database is a copy of one migrated template (tests/support/test-server.ts, openTestDatabase).
        extends: true,
        test: {
          name: 'server-pg',
          // tests/scale: the multi-process proof, which needs PostgreSQL (issue 11).
          include: ['server/**/*.test.ts', 'tests/scale/**/*.test.ts'],
          globalSetup: ['tests/support/postgres-setup.ts'],
        },
      },
    ],
  },
});
