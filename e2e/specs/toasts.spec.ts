import type { Browser, Page } from '@playwright/test';
import { E2E_BASE_URL } from '../support/env.js';
import { addLicenceKey, signUpWithFreeKeyManagerPlan } from '../support/key-manager.js';
import { expect, test } from '../support/test.js';

/**
 * Toasts lie below the bar and push the page down: none covers a control of the bar (its links, its
 * phone menu button) or of the page (the Key Manager's Add key), on a desktop and on a phone; a burst
 * of them stays a short stack, newest first, and each still hides by itself.
 */

const SCREENS = [
  { name: 'desktop', viewport: { width: 1366, height: 768 }, isMobile: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true },
] as const;

async function newPage(browser: Browser, screen: (typeof SCREENS)[number]): Promise<Page> {
  const context = await browser.newContext({
    baseURL: E2E_BASE_URL,
    viewport: screen.viewport,
    isMobile: screen.isMobile,
    hasTouch: screen.isMobile,
  });
  return context.newPage();
}

interface Cover {
  /** Controls a toast's box overlaps, by name. */
  covered: string[];
  /** A toast reaches up over the bar. */
  overBar: boolean;
  toasts: number;
}

/**
 * What the toasts lie over: every visible control outside them, on the bar or the page (`seen`: only
 * those markSeen marked, wherever they are now).
 */
function whatToastsCover(page: Page, seen = false): Promise<Cover> {
  return page.evaluate((onlySeen): Cover => {
    const barBottom = document.querySelector('header.app-navbar')?.getBoundingClientRect().bottom ?? 0;
    const toasts = Array.from(document.querySelectorAll('.toast')).map((toast) =>
      toast.getBoundingClientRect(),
    );
    const overlaps = (a: DOMRect, b: DOMRect) =>
      a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    const controls = onlySeen
      ? Array.from(document.querySelectorAll('[data-e2e-seen]'))
      : Array.from(
          document.querySelectorAll(
            'button, a[href], input, select, textarea, [role="switch"], [role="tab"]',
          ),
        ).filter((control) => {
          const rect = control.getBoundingClientRect();
          return rect.width > 0 && rect.height > 0 && getComputedStyle(control).visibility !== 'hidden';
        });
    const covered = controls
      .filter((control) => !control.closest('.toast'))
      .filter((control) => toasts.some((toast) => overlaps(toast, control.getBoundingClientRect())))
      .map((control) => {
        const name = (control.getAttribute('aria-label') ?? control.textContent ?? '').trim().slice(0, 30);
        return `${control.tagName.toLowerCase()} "${name}"`;
      });
    return { covered, overBar: toasts.some((toast) => toast.top < barBottom), toasts: toasts.length };
  }, seen);
}

/** Marks the controls wholly on screen below the bar, to find them again after the page moved. */
function markSeen(page: Page): Promise<number> {
  return page.evaluate(() => {
    const barBottom = document.querySelector('header.app-navbar')?.getBoundingClientRect().bottom ?? 0;
    let count = 0;
    for (const control of Array.from(
      document.querySelectorAll('main button, main a[href], main input, main select'),
    )) {
      const rect = control.getBoundingClientRect();
      if (rect.height > 0 && rect.top >= barBottom && rect.bottom <= window.innerHeight) {
        control.setAttribute('data-e2e-seen', '');
        count++;
      }
    }
    return count;
  });
}

for (const screen of SCREENS) {
  test(`toasts cover no control of the bar or the page, and stay a short stack (${screen.name})`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const page = await newPage(browser, screen);
    await signUpWithFreeKeyManagerPlan(page);
    const first = await addLicenceKey(page, 3);
    await expect(page.getByText(`Key ${first} created`)).toBeVisible();
    // The plan's activation may still show its own toast.
    expect(await whatToastsCover(page)).toMatchObject({ covered: [], overBar: false });
    await expect(page.getByRole('button', { name: 'Add key' })).toBeInViewport();

    // The free plan's other two keys, then a switch: four toasts in a row, the newest three show,
    // newest first.
    const keys = [first, await addLicenceKey(page, 4), await addLicenceKey(page, 5)];
    expect(await whatToastsCover(page)).toMatchObject({ covered: [], overBar: false });
    await page.getByRole('switch', { name: `Active: ${first}` }).click();
    await expect(page.locator('.toast-body')).toHaveText([
      'Key disabled',
      `Key ${keys[2]} created`,
      `Key ${keys[1]} created`,
    ]);
    await page.evaluate(() => window.scrollTo(0, 0));
    // The stack's length was just checked (three, newest first); the oldest may autohide (5 s) before
    // this read on a loaded machine, so here only what they cover is asserted, with at most three.
    const covering = await whatToastsCover(page);
    expect(covering).toMatchObject({ covered: [], overBar: false });
    expect(covering.toasts).toBeLessThanOrEqual(3);
    // The room a toast leaves is held by the outlet's resize observer, which runs at the page's next
    // frame: read a position once a frame has passed since the last change (a clean-clone run read it
    // between a shorter toast's swap and that frame, 21 px short).
    const addKeyTop = async () => {
      await page.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
      );
      return (await page.getByRole('button', { name: 'Add key' }).boundingBox())?.y;
    };
    const before = await addKeyTop();

    // Each hides by itself (docs/product-contract.md §Interface: 5 s), and the page does not move up
    // when they go: a click aimed at it meanwhile lands where it was aimed.
    await expect(page.locator('.toast')).toHaveCount(0, { timeout: 20_000 });
    expect(await addKeyTop()).toBe(before);

    // Scrolled down (the phone's page is long enough), a toast lies over nothing that was on screen:
    // what was there moves down.
    if (screen.isMobile) {
      // Scrolled to the third key's switch, wherever the tab's filters and actions put it.
      const toggle = page.getByRole('switch', { name: `Active: ${keys[2]}` });
      await toggle.scrollIntoViewIfNeeded();
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
      await expect(toggle).toBeInViewport({ ratio: 1 });
      expect(await markSeen(page)).toBeGreaterThan(3);
      await toggle.focus();
      await page.keyboard.press('Space');
      await expect(page.locator('.toast-body')).toHaveText(['Key disabled']);
      expect(await whatToastsCover(page, true)).toEqual({ covered: [], overBar: false, toasts: 1 });
    } else {
      // The room the toasts took goes with the page: the next page starts right below the bar.
      await page.getByRole('link', { name: 'Chat room' }).click();
      await expect(page).toHaveURL(/\/chatroom$/);
      await expect
        .poll(() =>
          page.evaluate(() => document.querySelector('.toast-outlet')?.getBoundingClientRect().height),
        )
        .toBe(0);
    }
    await page.context().close();
  });
}
