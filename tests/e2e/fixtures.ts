// The e2e test object: every page fails its test on an uncaught error or a blocked resource (CSP).
import { test as base, expect, type Page } from '@playwright/test';
import { type RunningServer, startServer } from './server.ts';

export { expect };

/** Starts servers of a test's own (to stop, restart or configure them); all are stopped after it. */
export interface OwnServers {
  start(env?: Record<string, string>): Promise<RunningServer>;
}

/**
 * One server per Playwright worker, started on first use and stopped when the worker ends, for tests
 * that need a server other than the suite's only because they move its clock or set a limit low (issue
 * 37: each start is seconds of CPU, and about 20 were made a run). The tests of one worker run one after
 * another, so no two use it at once; each isolates itself by accounts of its own (a fresh email, and a
 * username or a date computed from the server's clock), never by assuming a fresh server. A test that
 * stops, kills or restarts its server, or needs other settings, starts its own with `ownServers`.
 */
export interface SharedServer {
  start(): Promise<RunningServer>;
}

/**
 * The shared server's settings: the suite's (as `ownServers.start()` gives) with an import quota of 1 MB,
 * which import.spec.ts's quota test passes part way; no other test that shares it imports anything.
 */
export const SHARED_SERVER_ENV = { IMPORT_QUOTA_MB: '1' };

/** Console lines kept per page for a failure's report. */
const CONSOLE_TAIL = 40;

export const test = base.extend<
  { problems: string[]; ownServers: OwnServers; failureReport: undefined },
  { sharedServer: SharedServer; stoppingServers: Array<Promise<void>> }
>({
  // A test's own servers are stopped after it, and the worker waits for the last of them before it ends:
  // a graceful stop (the embedded database's close, the process's exit) takes a second or two that the
  // next test need not wait for. Each server has its own port and data folder, so nothing the next test
  // uses is still shutting down.
  stoppingServers: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      const stopping: Array<Promise<void>> = [];
      await use(stopping);
      await Promise.all(stopping);
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  // Started inside the first test that asks (its time and its time limit count the start); the
  // fixture's own limit covers the stop at the worker's end.
  sharedServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      let started: Promise<RunningServer> | undefined;
      await use({
        start() {
          started ??= startServer(SHARED_SERVER_ENV);
          return started;
        },
      });
      if (started) await (await started.catch(() => undefined))?.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  ownServers: async ({ stoppingServers }, use) => {
    const started: RunningServer[] = [];
    await use({
      async start(env) {
        const server = await startServer(env);
        started.push(server);
        return server;
      },
    });
    // Told to stop now (SIGTERM); the worker waits for their exit (stoppingServers).
    for (const server of started) stoppingServers.push(server.stop());
  },
  problems: [
    async ({ context }, use) => {
      const problems: string[] = [];
      const watch = (page: Page) => {
        page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
        page.on('console', (message) => {
          if (message.type() === 'error' && /Content Security Policy|Refused to/i.test(message.text())) {
            problems.push(`console: ${message.text()}`);
          }
        });
      };
      context.pages().forEach(watch);
      context.on('page', watch);
      await use(problems);
      expect(problems, 'the app logged errors').toEqual([]);
    },
    { auto: true },
  ],
  // A test that fails only now and then on CI must say what the user saw: the list reporter prints only
  // the failed expectation, and CI keeps no trace. On failure this prints each page's address, its
  // accessibility tree and its last console lines into the log.
  failureReport: [
    async ({ context }, use, testInfo) => {
      const lines = new Map<Page, string[]>();
      const watch = (page: Page) => {
        const kept: string[] = [];
        lines.set(page, kept);
        const keep = (line: string) => {
          kept.push(`${new Date().toISOString().slice(11, 23)} ${line}`);
          if (kept.length > CONSOLE_TAIL) kept.shift();
        };
        page.on('console', (message) => keep(`console.${message.type()}: ${message.text()}`));
        page.on('pageerror', (error) => keep(`page error: ${error.message}`));
        page.on('framenavigated', (frame) => frame === page.mainFrame() && keep(`navigated to ${frame.url()}`));
        page.on('requestfailed', (request) => keep(`request failed: ${request.url()} ${request.failure()?.errorText}`));
      };
      context.pages().forEach(watch);
      context.on('page', watch);
      await use(undefined);
      if (testInfo.status === testInfo.expectedStatus) return;
      for (const [page, kept] of lines) {
        if (page.isClosed()) continue;
        const tree = await page
          .locator('body')
          .ariaSnapshot({ timeout: 2_000 })
          .catch((error: unknown) => `(no snapshot: ${String(error)})`);
        console.log(`\n--- ${testInfo.title}: ${page.url()}\n${tree}\n--- last console lines\n${kept.join('\n')}\n---`);
      }
    },
    { auto: true },
  ],
});
