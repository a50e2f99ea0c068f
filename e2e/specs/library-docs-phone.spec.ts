import { DATABASE_INDEPENDENT } from '../support/tags.js';
import { expect, test } from '../support/test.js';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/**
 * At 390 px the library guide's exceptions table is read whole: each exception becomes a card with
 * its name and when it is thrown, nothing cut off at the right edge or hidden behind sideways scrolling.
 */
test('the library docs exceptions table fits a 390 px phone', DATABASE_INDEPENDENT, async ({ page }) => {
  await page.goto('/developer-resources/libraries/key-manager-lib-documentation');
  const table = page.getByRole('table', { name: 'Exceptions' });
  await expect(table).toBeVisible();
  const fit = await table.evaluate((element) => {
    const width = document.documentElement.clientWidth;
    const scroller = element.parentElement as HTMLElement;
    const cells = Array.from(element.querySelectorAll('td')).filter(
      (cell) => cell.getBoundingClientRect().width > 0,
    );
    return {
      width,
      sideways: scroller.scrollWidth - scroller.clientWidth,
      pageSideways: document.documentElement.scrollWidth - width,
      cutOff: cells
        .filter((cell) => {
          const rect = cell.getBoundingClientRect();
          return rect.left < 0 || rect.right > width || cell.scrollWidth > cell.clientWidth + 1;
        })
        .map((cell) => cell.textContent?.slice(0, 40)),
    };
  });
  expect(fit.sideways, 'the table scrolls sideways').toBeLessThanOrEqual(0);
  expect(fit.pageSideways, 'the page scrolls sideways').toBeLessThanOrEqual(0);
  expect(fit.cutOff).toEqual([]);
  // Each cell says which column it belongs to, already in the prerendered HTML (the page is painted
  // before its script runs, and labels added later would push the cards down).
  await expect(table.locator('td[data-label="When"]').first()).toBeVisible();
  const html = await (
    await page.request.get('/developer-resources/libraries/key-manager-lib-documentation')
  ).text();
  expect(html).toContain('<td data-label="When">');
});
