import path from 'node:path';
import { type Browser, expect, type Page } from '@playwright/test';
import { E2E_BASE_URL } from './env.js';

/**
 * At 390 px (docs/architecture.md, stacked tables) nothing scrolls sideways on any signed-in screen,
 * and no control is cut off at the edge: the phone sweep (specs/phone-layout.spec.ts) and the specs of
 * newer screens check it with these.
 */
export const PHONE = { width: 390, height: 844 };
export async function phonePage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    baseURL: E2E_BASE_URL,
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
  });
  return context.newPage();
}

interface Overflow {
  scrollWidth: number;
  clientWidth: number;
  /** Elements reaching past the right edge, innermost last, for the failure message. */
  wide: string[];
  /** Buttons, links and inputs not wholly on screen horizontally. */
  cutOff: string[];
}

/** With E2E_SCREENSHOT_DIR set (e.g. docs/screenshots), named screens are saved as phone-<name>.png. */
const SCREENSHOT_DIR = process.env.E2E_SCREENSHOT_DIR;

/** The page at rest: no sideways scrolling, and every visible control wholly on screen. */
export async function expectFits(page: Page, screen: string, shot?: string): Promise<void> {
  if (SCREENSHOT_DIR && shot) {
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `phone-${shot}.png`), fullPage: true });
  }
  const overflow = await page.evaluate((): Overflow => {
    const root = document.documentElement;
    const width = root.clientWidth;
    const describe = (element: Element) => {
      const rect = element.getBoundingClientRect();
      const name = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 30);
      return `${element.tagName.toLowerCase()}${element.className ? `.${String(element.className).split(' ').join('.')}` : ''} "${name}" [${Math.round(rect.left)}–${Math.round(rect.right)}]`;
    };
    const visible = (element: Element) => {
      const rect = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      return (
        rect.width > 0 &&
        rect.height > 0 &&
        style.visibility !== 'hidden' &&
        !element.closest('[aria-hidden="true"]')
      );
    };
    // Inside a container that scrolls sideways on purpose: a code block, or a row of section tabs
    // (.scroll-tabs, docs/architecture.md) — nothing else should.
    const inScroller = (element: Element) => {
      for (
        let parent = element.parentElement;
        parent && parent !== document.body;
        parent = parent.parentElement
      ) {
        const style = getComputedStyle(parent);
        const scrolls = style.overflowX === 'auto' || style.overflowX === 'scroll';
        if (scrolls && (parent.tagName === 'PRE' || parent.classList.contains('scroll-tabs'))) return true;
      }
      return false;
    };
    const wide = Array.from(document.querySelectorAll('body *'))
      .filter((element) => visible(element) && element.getBoundingClientRect().right > width + 1)
      .slice(-6)
      .map(describe);
    const cutOff = Array.from(
      document.querySelectorAll('button, a[href], input, select, textarea, [role="switch"]'),
    )
      .filter((element) => visible(element) && !inScroller(element))
      .filter((element) => {
        const rect = element.getBoundingClientRect();
        return rect.left < -1 || rect.right > width + 1;
      })
      .map(describe);
    return { scrollWidth: root.scrollWidth, clientWidth: width, wide, cutOff };
  });
  expect
    .soft(overflow.scrollWidth, `${screen} scrolls sideways: ${overflow.wide.join(' | ')}`)
    .toBeLessThanOrEqual(overflow.clientWidth);
  expect.soft(overflow.cutOff, `${screen}: controls cut off at the edge`).toEqual([]);
}
