import { readFile } from 'node:fs/promises';
import { KEY_MANAGER_PATHS } from '@app/contract';
import type { Download, Locator, Page } from '@playwright/test';
import {
  addLicenceKey,
  callKeyManagerApi,
  generateApiKey,
  signUpWithFreeKeyManagerPlan,
} from '../support/key-manager.js';
import { expectFits } from '../support/phone-layout.js';
import { expect, test } from '../support/test.js';

// Decision 037 on the dashboard: a developer's real public API calls, counted in the Analytics tab,
// filtered by product, found in the request log, downloaded as CSV; the weekly mail switch.

async function downloadedText(page: Page, click: () => Promise<void>): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return readFile(await (download as Download).path(), 'utf8');
}

const csvLines = (text: string) => text.split(/\r?\n/).filter((line) => line !== '');

/** A product made on the Products tab. */
async function createProduct(page: Page, code: string, name: string): Promise<void> {
  await page.getByRole('tab', { name: 'Products' }).click();
  await page.getByRole('button', { name: 'New product' }).click();
  const dialog = page.getByRole('dialog', { name: 'New product' });
  await dialog.getByLabel('Code').fill(code);
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Create product' }).click();
  await expect(dialog).toBeHidden();
}

/** A key of `product` added on the Keys tab; returns its value. */
async function addProductKey(page: Page, product: string): Promise<string> {
  await page.getByRole('tab', { name: 'Keys' }).click();
  await page.getByRole('button', { name: 'Add key' }).click();
  const add = page.getByRole('dialog', { name: 'Add key' });
  await add.getByLabel('Product').selectOption({ label: product });
  await add.getByLabel('Max activations').fill('2');
  await add.getByRole('button', { name: 'Create key' }).click();
  await expect(add).toBeHidden();
  const row = page.locator('tbody tr').first();
  return (await row.locator('.font-monospace').first().innerText()).trim();
}

const total = (page: Page, name: string) => page.getByTestId(`usage-total-${name}`);

/** A top list's row (its first cell starts with `name`) and its calls. */
async function expectRank(list: Locator, name: string, calls: number): Promise<void> {
  const row = list
    .locator('tbody tr')
    .filter({ has: list.page().locator('td:first-child', { hasText: name }) });
  await expect(row).toHaveCount(1);
  await expect(row.locator('td').nth(1)).toHaveText(String(calls));
}

test('a developer sees their calls counted, refused ones with their code, by product, in CSV too', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signUpWithFreeKeyManagerPlan(page);
  await createProduct(page, 'notes-app', 'Notes App');
  const defaultKey = await addLicenceKey(page, 2);
  const notesKey = await addProductKey(page, 'Notes App');
  const apiKey = await generateApiKey(page);

  // Five calls as installed apps make them: three on the default product, two on Notes App, one of
  // which is refused (it asks for an entitlement the key lacks).
  const windows = { platform: 'windows', appVersion: '2.1.0' };
  const mac = { platform: 'macos', appVersion: '2.0.0' };
  const device = 'e2e-analytics-device-1';
  const activated = await callKeyManagerApi(apiKey, KEY_MANAGER_PATHS.activateKey, {
    key: defaultKey,
    fingerprint: device,
    ...windows,
  });
  expect(activated.status).toBe(200);
  for (let i = 0; i < 2; i++) {
    const valid = await callKeyManagerApi(apiKey, KEY_MANAGER_PATHS.validateKey, {
      key: defaultKey,
      fingerprint: device,
      ...windows,
    });
    expect(valid.body.code).toBe('VALID');
  }
  expect(
    (await callKeyManagerApi(apiKey, KEY_MANAGER_PATHS.validateKey, { key: notesKey, ...mac })).body.code,
  ).toBe('VALID');
  const refused = await callKeyManagerApi(apiKey, KEY_MANAGER_PATHS.validateKey, {
    key: notesKey,
    entitlements: ['pro-export'],
    ...mac,
  });
  expect(refused.body.code).toBe('ENTITLEMENTS_MISSING');

  // Analytics: the exact counts, the refusal reason, the platforms and versions.
  await page.getByRole('tab', { name: 'Analytics' }).click();
  await expect(total(page, 'calls')).toHaveText('5');
  await expect(total(page, 'validations')).toHaveText('4');
  await expect(total(page, 'refusals')).toHaveText('1');
  await expect(total(page, 'unique-devices')).toHaveText('1');
  await expect(page.getByTestId('usage-chart-canvas')).toBeVisible();
  const chartTable = page.getByTestId('usage-chart-table');
  await expect(chartTable.locator('caption')).toHaveText('Calls per hour by operation, and refusals');
  const reasons = page.getByRole('region', { name: 'Top refusal reasons' });
  await expectRank(reasons, 'The key lacks an entitlement the app asked for.', 1);
  await expect(reasons).toContainText('ENTITLEMENTS_MISSING');
  const platforms = page.getByRole('region', { name: 'Platforms' });
  await expectRank(platforms, 'windows', 3);
  await expectRank(platforms, 'macos', 2);
  const versions = page.getByRole('region', { name: 'App versions' });
  await expectRank(versions, '2.1.0', 3);
  await expectRank(versions, '2.0.0', 2);
  await expect(page.getByRole('region', { name: 'Top keys' }).locator('tbody tr')).toHaveCount(2);

  // One product: its own counts, kept in the address over a reload.
  await page.getByLabel('Product', { exact: true }).selectOption({ label: 'Notes App' });
  await expect(page).toHaveURL(/[?&]product=[0-9a-f-]{36}/);
  await expect(total(page, 'calls')).toHaveText('2');
  await expect(total(page, 'refusals')).toHaveText('1');
  await page.reload();
  await expect(page.getByLabel('Product', { exact: true }).locator('option:checked')).toHaveText('Notes App');
  await expect(total(page, 'calls')).toHaveText('2');
  await expect(total(page, 'validations')).toHaveText('2');

  // The view's CSV holds the same figures.
  const series = csvLines(
    await downloadedText(page, () =>
      page.getByRole('button', { name: 'CSV of the calls over time' }).click(),
    ),
  );
  const header = (series[0] ?? '').split(',');
  expect(header[0]).toBe('at');
  const validations = header.indexOf('validations');
  const refusals = header.indexOf('refusals');
  const sum = (column: number) =>
    series.slice(1).reduce((count, line) => count + Number(line.split(',')[column] ?? 0), 0);
  expect(sum(validations)).toBe(2);
  expect(sum(refusals)).toBe(1);
  const reasonsCsv = await downloadedText(page, () =>
    reasons.getByRole('button', { name: 'CSV of the refusal reasons' }).click(),
  );
  expect(csvLines(reasonsCsv)).toEqual([
    'value,label,calls,refusals',
    'ENTITLEMENTS_MISSING,The key lacks an entitlement the app asked for.,1,1',
  ]);

  // The refusal reason opens the request log, filtered to it: the refused call with its code.
  await reasons.getByRole('button', { name: /The key lacks an entitlement/ }).click();
  await expect(page).toHaveURL(/view=requests/);
  const log = page.getByTestId('request-log');
  await expect(log.locator('tbody tr')).toHaveCount(1);
  const row = log.locator('tbody tr').first();
  await expect(row.getByTestId('request-outcome')).toHaveText('Refused: ENTITLEMENTS_MISSING');
  await expect(row).toContainText('validateKey');
  await expect(row).toContainText('macos');
  await expect(row).toContainText('2.0.0');
  // Successes only: the product's other validation.
  await page.getByLabel('Outcome', { exact: true }).selectOption('success');
  await page.getByLabel('Outcome code').fill('');
  await expect(log.locator('tbody tr')).toHaveCount(1);
  await expect(log.locator('tbody tr').first().getByTestId('request-outcome')).toHaveText('Success: VALID');
  await page.getByLabel('Outcome', { exact: true }).selectOption('');
  await expect(log.locator('tbody tr')).toHaveCount(2);
  const logCsv = csvLines(
    await downloadedText(page, () => page.getByRole('button', { name: 'CSV of the request log' }).click()),
  );
  expect(logCsv).toHaveLength(3);
  expect(logCsv.filter((line) => line.includes('ENTITLEMENTS_MISSING'))).toHaveLength(1);

  // The weekly mail, opted into and kept.
  const weekly = page.getByLabel('Weekly usage mail');
  await expect(weekly).not.toBeChecked();
  await weekly.check();
  await expect(page.getByText('Weekly usage mail on: the first arrives next Monday.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Weekly usage mail')).toBeChecked();

  // A phone: nothing scrolls sideways, the log's rows become cards.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(log.locator('tbody tr')).toHaveCount(2);
  await expectFits(page, 'Analytics › Requests');
  await page.getByRole('button', { name: 'Overview' }).click();
  await expect(total(page, 'calls')).toHaveText('2');
  await expect(page.getByTestId('usage-chart-canvas')).toBeVisible();
  await expectFits(page, 'Analytics › Overview');

  // A key in the log leads to its page, which shows its own calls.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('button', { name: 'Requests' }).click();
  await log.locator('tbody tr').first().getByRole('link').click();
  await expect(page).toHaveURL(/\/store\/key-manager\/keys\//);
  const keyUsage = page.getByRole('region', { name: 'Calls to the API' });
  await expect(keyUsage.getByTestId('usage-chart-canvas')).toBeVisible();
});
