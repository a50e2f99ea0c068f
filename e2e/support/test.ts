import { test as base } from '@playwright/test';

/**
 * Playwright's `test`, plus one rule: browser contexts a test opens itself (`browser.newContext()`,
 * a second person's browser) are closed when it ends. Playwright closes only the `page` fixture's
 * context; the others stayed open for the worker's whole life, their pages still polling and holding
 * sockets while later specs ran, and a failed test's page snapshot (which Playwright takes from the
 * first context still open) showed an earlier test's page. Closed in the order they were opened, so
 * a failed test's snapshot is its own first page. Every spec imports `test` from here.
 */
export const test = base.extend<{ closeOwnContexts: undefined }>({
  closeOwnContexts: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use(undefined);
      for (const context of browser.contexts()) {
        if (!before.has(context)) await context.close().catch(() => undefined);
      }
    },
    { auto: true },
  ],
});

export { expect } from '@playwright/test';
