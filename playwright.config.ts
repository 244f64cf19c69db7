import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './tests/e2e/browser.ts';
import { devKeyHeaders, TEST_DEV_SECRET } from './tests/support/dev-key.ts';

const port = Number(process.env.E2E_PORT ?? 8191);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: 'tests/e2e',
  // One created and migrated database that servers a test starts are copies of.
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: 'list',
  timeout: 60_000,
  // Sized for a 2-core machine running other work, as CI's does (issue 16): a step the user waits a
  // moment for (an import, an item that starts) can take past the default 5 s there.
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    // The development endpoints answer only with the server's key (issue 32); the app ignores it.
    extraHTTPHeaders: devKeyHeaders,
    launchOptions: chromiumLaunchOptions,
    serviceWorkers: 'allow',
    // No trace by default (issue 37): recording one for every test (its screencast and a DOM snapshot at
    // each step, thrown away when the test passed) was a quarter of the suite's CPU on a 2-core machine
    // (23 tests: 251 → 186 CPU seconds, 240 → 185 s of test time). A failure prints what the user saw
    // (tests/e2e/fixtures.ts); the stress run keeps each failure's trace, and `--trace on` records one.
    trace: 'off',
  },
  // The real server on embedded defaults, serving the built app (npm test builds it first), bundled from
  // the source as it is now and run with the memory settings `npm run serve` ships (issue 19).
  webServer: {
    command: 'npx tsx scripts/build-server.ts && exec node --max-semi-space-size=4 dist-server/main.mjs',
    url: `${baseURL}/api/v1/health`,
    reuseExistingServer: false,
    // A start reads every migration into a fresh database: 20 s on a quiet machine, 68 s measured on a
    // loaded one, so a minute was a coin toss there.
    timeout: 180_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DEV_SECRET: TEST_DEV_SECRET,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'followscope-e2e-')),
      LOG_LEVEL: 'warn',
      // Every test browses from 127.0.0.1, so per-IP limits are raised here; unit tests cover them.
      LIMIT_CODE_SENDS_PER_IP: '1000',
      LIMIT_CODE_CHECKS_PER_IP: '1000',
      // Payments share 127.0.0.1 too; payments.spec.ts starts its own servers to test these limits.
      PAYMENT_ATTEMPTS_PER_IP: '1000',
      CAPTCHA: 'never',
      MALLOC_ARENA_MAX: '2',
      MALLOC_MMAP_THRESHOLD_: '1048576',
    },
  },
});
