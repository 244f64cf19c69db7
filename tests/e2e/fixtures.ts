// The e2e test object: every page fails its test on an uncaught error or a blocked resource (CSP).
import { test as base, expect, type Page } from '@playwright/test';
import { type RunningServer, startServer } from './server.ts';

export { expect };

/** Starts servers of a test's own (to stop, restart or configure them); all are stopped after it. */
export interface OwnServers {
  start(env?: Record<string, string>): Promise<RunningServer>;
}

export const test = base.extend<{ problems: string[]; ownServers: OwnServers }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  ownServers: async ({}, use) => {
    const started: RunningServer[] = [];
    await use({
      async start(env) {
        const server = await startServer(env);
        started.push(server);
        return server;
      },
    });
    await Promise.all(started.map((server) => server.stop()));
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
});
