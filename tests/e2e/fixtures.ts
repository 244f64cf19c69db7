// The e2e test object: every page fails its test on an uncaught error or a blocked resource (CSP).
import { test as base, expect, type Page } from '@playwright/test';

export { expect };

export const test = base.extend<{ problems: string[] }>({
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
