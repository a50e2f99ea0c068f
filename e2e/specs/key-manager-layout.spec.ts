import { KEY_MANAGER_PATHS, KEY_USAGE_PATHS } from '@app/contract';
import type { Browser, Page } from '@playwright/test';
import { E2E_BASE_URL } from '../support/env.js';
import {
  addLicenceKey,
  callKeyManagerApi,
  generateApiKey,
  signUpWithFreeKeyManagerPlan,
} from '../support/key-manager.js';
import { expect, test } from '../support/test.js';

/** Lighthouse's mobile screen (Moto G Power), where the shifts were first measured. */
const LIGHTHOUSE_MOBILE = { width: 412, height: 823 };
const PHONE = { width: 390, height: 844 };

declare global {
  interface Window {
    layoutShifts: { value: number; sources: string[] }[];
    layoutShiftObserver: PerformanceObserver;
  }
}

interface LayoutShiftEntry extends PerformanceEntry {
  value: number;
  hadRecentInput: boolean;
  sources: { node: Node | null }[];
}

async function phonePage(browser: Browser, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({
    baseURL: E2E_BASE_URL,
    viewport,
    isMobile: true,
    hasTouch: true,
  });
  return context.newPage();
}

/** Records every layout shift the page makes from its first paint on (Chromium's Layout Instability API). */
async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.layoutShifts = [];
    const record = (entries: PerformanceEntryList) => {
      for (const entry of entries as LayoutShiftEntry[]) {
        if (entry.hadRecentInput) continue;
        window.layoutShifts.push({
          value: entry.value,
          sources: entry.sources.map((source) => {
            const node = source.node as Element | null;
            return node
              ? `${node.nodeName.toLowerCase()}.${String(node.className).split(' ').join('.')}`
              : '?';
          }),
        });
      }
    };
    window.layoutShiftObserver = new PerformanceObserver((list) => record(list.getEntries()));
    window.layoutShiftObserver.observe({ type: 'layout-shift', buffered: true });
  });
}

/** The shifts so far, once the frames in flight are painted and their entries delivered. */
async function layoutShifts(page: Page) {
  return page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const pending = window.layoutShiftObserver.takeRecords() as LayoutShiftEntry[];
    const all = [...window.layoutShifts, ...pending.filter((entry) => !entry.hadRecentInput)];
    return { total: all.reduce((sum, shift) => sum + shift.value, 0), shifts: all };
  });
}

/** Holds the page's requests to `path` until released, as a slow network would. */
async function holdRequests(page: Page, path: string): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(`**${path}`, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Resolves once the browser has painted what is on the page now. */
const painted = (page: Page) =>
  page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

test('the signed-in Key Manager dashboard does not shift while its data arrives (CLS < 0.1)', async ({
  browser,
}) => {
  const page = await phonePage(browser, LIGHTHOUSE_MOBILE);
  await signUpWithFreeKeyManagerPlan(page);
  // Some activity, so the chart has bars to draw.
  const licenceKey = await addLicenceKey(page, 2);
  const apiKey = await generateApiKey(page);
  await callKeyManagerApi(apiKey, KEY_MANAGER_PATHS.activateKey, { key: licenceKey });
  await recordLayoutShifts(page);

  // A fresh load on a slow network, as Lighthouse measures it: the page is painted while its data is
  // on the way, then again while the week's calls are.
  const releaseData = await holdRequests(page, KEY_MANAGER_PATHS.data);
  const releaseActivity = await holdRequests(page, KEY_USAGE_PATHS.analytics);
  await page.goto('/store/key-manager');
  await expect(page.getByRole('heading', { name: 'Key Manager', level: 1 })).toBeVisible();
  await painted(page);
  releaseData();
  await expect(page.getByRole('heading', { name: 'Free plan' })).toBeVisible();
  await painted(page);
  releaseActivity();
  // The activation is counted within a flush (a few seconds) and the card asks every 5 s.
  await expect(page.getByTestId('usage-chart-canvas')).toBeVisible({ timeout: 20_000 });
  const measured = await layoutShifts(page);
  console.log(`Key Manager dashboard CLS: ${measured.total.toFixed(4)}`);
  expect(measured.total, JSON.stringify(measured.shifts)).toBeLessThan(0.1);
  await page.context().close();
});

test('the calls card says so when nothing was called, and draws the chart once something was', async ({
  page,
}) => {
  await signUpWithFreeKeyManagerPlan(page);
  const card = page.getByRole('region', { name: 'Calls and refusals, last 7 days' });
  await expect(card.getByTestId('usage-empty')).toHaveText(
    'No calls yet in this period. Your apps’ calls to the Key Manager API appear here within a few seconds.',
  );
  await expect(card.getByTestId('usage-chart-canvas')).toHaveCount(0);

  const licenceKey = await addLicenceKey(page, 2);
  const apiKey = await generateApiKey(page);
  const activated = await callKeyManagerApi(apiKey, KEY_MANAGER_PATHS.activateKey, { key: licenceKey });
  expect(activated.status).toBe(200);
  await page.getByRole('tab', { name: 'Dashboard' }).click();
  await expect(card.getByTestId('usage-chart-canvas')).toBeVisible({ timeout: 20_000 });
  await expect(card.getByTestId('usage-empty')).toHaveCount(0);
  // The figures are also a table for screen readers: one call in the week, none refused.
  const table = card.getByTestId('usage-chart-table');
  await expect(table.locator('caption')).toHaveText('Calls and refusals per hour');
  await expect(table.locator('tbody td:nth-of-type(1)').filter({ hasText: /^1$/ })).toHaveCount(1);
  await expect(table.locator('tbody td:nth-of-type(2)').filter({ hasText: /^[1-9]/ })).toHaveCount(0);
});

test('a new API key is shown on one line at 390 px, never broken inside the token', async ({ browser }) => {
  const page = await phonePage(browser, PHONE);
  await signUpWithFreeKeyManagerPlan(page);
  await page.getByRole('tab', { name: 'API', exact: true }).click();
  await page.getByRole('button', { name: 'Generate API key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Your new secret API key' });
  const secret = dialog.getByTestId('new-api-key');
  await expect(secret).toBeVisible();
  const box = await secret.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return {
      text: element.textContent ?? '',
      // One line box per line of text: a token broken across lines has two or more.
      lines: new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top))).size,
      scrollable: element.scrollWidth > element.clientWidth,
      overflowX: getComputedStyle(element).overflowX,
    };
  });
  expect(box.text).toMatch(/^km_live_\S+$/);
  expect(box.lines).toBe(1);
  // Wider than the phone: the rest is reached by scrolling the field, or copied whole.
  if (box.scrollable) expect(box.overflowX).toBe('auto');
  await expect(dialog.getByRole('button', { name: 'Copy API key' })).toBeVisible();
  await page.context().close();
});
