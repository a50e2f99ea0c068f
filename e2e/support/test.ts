import { test as base } from '@playwright/test';

/** Names the attachments scripts/test.mjs prints for a failed test, beside Playwright's own snapshot. */
export const OWN_PAGE_ATTACHMENT = 'own page at the failure';

/**
 * Playwright's `test`, plus one rule: browser contexts a test opens itself (`browser.newContext()`,
 * a second person's browser) are closed when it ends. Playwright closes only the `page` fixture's
 * context; the others stayed open for the worker's whole life, their pages still polling and holding
 * sockets while later specs ran, and a failed test's page snapshot (which Playwright takes from the
 * first context still open) showed an earlier test's page. When the test failed, each of those pages
 * is attached first (address and accessibility snapshot): CI keeps only the log, and the step that
 * failed may have been the second person's. Every spec imports `test` from here.
 */
export const test = base.extend<{ closeOwnContexts: undefined }>({
  closeOwnContexts: [
    async ({ browser }, use, testInfo) => {
      const before = new Set(browser.contexts());
      await use(undefined);
      const own = browser.contexts().filter((context) => !before.has(context));
      if (testInfo.status !== testInfo.expectedStatus) {
        for (const page of own.flatMap((context) => context.pages())) {
          const snapshot = await page
            .locator('body')
            .ariaSnapshot({ timeout: 5_000 })
            .catch((reason: unknown) => `(no snapshot: ${String(reason)})`);
          await testInfo.attach(OWN_PAGE_ATTACHMENT, {
            body: `${page.url()}\n${snapshot}`,
            contentType: 'text/plain',
          });
        }
      }
      for (const context of own) await context.close().catch(() => undefined);
    },
    { auto: true },
  ],
});

export { expect } from '@playwright/test';
