import type { Page } from '@playwright/test';

/**
 * Runs `steps` on a page of a context of the test's own (a second person's browser); if they fail,
 * the error carries that page's address and accessibility snapshot. Playwright's error context shows
 * only the test's `page`, and CI keeps nothing but the log.
 */
export async function onPage<T>(page: Page, steps: () => Promise<T>): Promise<T> {
  try {
    return await steps();
  } catch (error) {
    const snapshot = await page
      .locator('body')
      .ariaSnapshot({ timeout: 5_000 })
      .catch((reason: unknown) => `(no snapshot: ${String(reason)})`);
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`${message}\n\nThe other page (${page.url()}) at the failure:\n${snapshot}`, {
      cause: error,
    });
  }
}
