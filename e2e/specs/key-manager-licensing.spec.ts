import { readFile } from 'node:fs/promises';
import { EXPORT_COLUMNS, PRODUCT_HAS_KEYS_MESSAGE } from '@app/contract';
import type { Download, Page, Response } from '@playwright/test';
import { signUpWithPaidKeyManagerPlan } from '../support/key-manager.js';
import { expect, test } from '../support/test.js';

// Decision 032 on the dashboard: products and policies, keys issued from a policy to a customer, the
// key page, bulk issue, CSV import (checked first) and CSV export.

/** The date a key issued now from a one-year policy expires on, as the Keys tab shows it (UTC). */
function oneYearFromNow(): string {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() + 1);
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(date);
}

async function downloadedText(
  page: Page,
  click: () => Promise<void>,
): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return {
    name: (download as Download).suggestedFilename(),
    text: await readFile(await download.path(), 'utf8'),
  };
}

const csvLines = (text: string) => text.split(/\r?\n/).filter((line) => line !== '');

/** A bulk call's NDJSON reply (issue 26): its lines, the done line without its body. */
async function progressLines(response: Response): Promise<unknown[]> {
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/x-ndjson');
  return csvLines(await response.text()).map((line) => {
    const { body: _body, ...rest } = JSON.parse(line) as Record<string, unknown>;
    return rest;
  });
}

test('products and policies issue keys to customers; a key page suspends; bulk issue, import and export', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();
  await signUpWithPaidKeyManagerPlan(page, 'Pro');

  // A product and a yearly policy with an entitlement and metadata.
  await page.getByRole('tab', { name: 'Products' }).click();
  await page.getByRole('button', { name: 'New product' }).click();
  const newProduct = page.getByRole('dialog', { name: 'New product' });
  await newProduct.getByLabel('Code').fill('Photo Studio');
  await newProduct.getByRole('button', { name: 'Create product' }).click();
  // The contract's own rule, checked before anything is sent.
  await expect(newProduct.getByText(/^Product code uses lowercase letters/)).toBeVisible();
  await newProduct.getByLabel('Code').fill('photo-studio');
  await newProduct.getByLabel('Name').fill('Photo Studio');
  await newProduct.getByRole('button', { name: 'Create product' }).click();
  await expect(newProduct).toBeHidden();
  await expect(page.getByText('Product created')).toBeVisible();
  await expect(page.getByTestId('product-row-photo-studio')).toContainText('Photo Studio');

  const policies = page.getByRole('region', { name: 'Policies of Photo Studio' });
  await policies.getByRole('button', { name: 'New policy' }).click();
  const newPolicy = page.getByRole('dialog', { name: 'New policy for Photo Studio' });
  await newPolicy.getByLabel('Name', { exact: true }).fill('Yearly');
  await newPolicy.getByLabel('Max activations').fill('2');
  await newPolicy.getByLabel('Duration unit').selectOption('year');
  await newPolicy.getByLabel('Duration', { exact: true }).fill('1');
  await newPolicy.getByLabel('Grace days').fill('7');
  await newPolicy.getByRole('button', { name: 'Add entitlement' }).click();
  await newPolicy.getByLabel('Entitlement 1 name').fill('seats');
  await newPolicy.getByLabel('Entitlement 1 type').selectOption('number');
  await newPolicy.getByLabel('Entitlement 1 value').fill('5');
  await newPolicy.getByLabel('Metadata (JSON, optional)').fill('["not", "an object"]');
  await newPolicy.getByRole('button', { name: 'Create policy' }).click();
  await expect(newPolicy.getByText(/^Metadata must be a JSON object/)).toBeVisible();
  await newPolicy.getByLabel('Metadata (JSON, optional)').fill('{"plan": "studio"}');
  await newPolicy.getByRole('button', { name: 'Create policy' }).click();
  await expect(newPolicy).toBeHidden();
  await expect(page.getByText('Policy created')).toBeVisible();
  await expect(policies.getByTestId('policy-row-Yearly')).toContainText('1 year');

  // A key from the policy, to a customer: the policy fills in its activations.
  await page.getByRole('tab', { name: 'Keys' }).click();
  await page.getByRole('button', { name: 'Add key' }).click();
  const add = page.getByRole('dialog', { name: 'Add key' });
  await add.getByLabel('Product').selectOption({ label: 'Photo Studio' });
  await add.getByLabel('Policy').selectOption({ label: 'Yearly' });
  await expect(add.getByLabel('Max activations')).toHaveValue('2');
  await add.getByLabel('Customer name').fill('Grace Hopper');
  await add.getByLabel('Customer email').fill('Grace@Example.com');
  await add.getByLabel('Customer ID').fill(`cust-${stamp}`);
  const expectedExpiry = oneYearFromNow();
  await add.getByRole('button', { name: 'Create key' }).click();
  await expect(add).toBeHidden();

  const customerRow = page.locator('tbody tr').filter({ hasText: 'Grace Hopper' });
  await expect(customerRow).toHaveCount(1);
  await expect(customerRow.getByTestId('key-status')).toHaveText('Active');
  await expect(customerRow).toContainText(expectedExpiry);
  await expect(customerRow).toContainText('grace@example.com');
  await expect(customerRow).toContainText('0 / 2');
  const licenceKey = (await customerRow.getByRole('link').innerText()).trim();

  // The customer filter finds the key by the customer's ID.
  await page.getByLabel('Customer', { exact: true }).fill(`cust-${stamp}`);
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await expect(page.getByTestId(`key-row-${licenceKey}`)).toBeVisible();
  await page.getByLabel('Customer', { exact: true }).fill('');

  // The key page: everything the key carries; suspend it.
  await customerRow.getByRole('link', { name: licenceKey }).click();
  await expect(page).toHaveURL(/\/store\/key-manager\/keys\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(licenceKey);
  const facts = page.getByTestId('key-facts');
  await expect(facts).toContainText('Photo Studio');
  await expect(facts).toContainText('Yearly');
  await expect(facts).toContainText(expectedExpiry);
  await expect(facts).toContainText('after 7 days’ grace');
  await expect(page.getByTestId('key-customer')).toContainText('Grace Hopper');
  await expect(page.getByTestId('key-customer')).toContainText(`cust-${stamp}`);
  await expect(page.getByTestId('key-entitlements')).toContainText('seats');
  await expect(page.getByTestId('key-metadata')).toContainText('"plan": "studio"');
  await expect(page.getByRole('heading', { name: 'Devices' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'History' })).toBeVisible();
  await page.getByRole('button', { name: 'Suspend' }).click();
  await expect(page.getByText('Key suspended')).toBeVisible();
  await expect(page.getByTestId('key-status')).toHaveText('Suspended');
  await expect(page.getByRole('button', { name: 'Reinstate' })).toBeVisible();

  await page.getByRole('link', { name: '← Licence keys' }).click();
  await expect(page.getByTestId(`key-row-${licenceKey}`).getByTestId('key-status')).toHaveText('Suspended');

  // 50 keys from the policy in one go, downloaded as CSV.
  await page.getByRole('button', { name: 'Issue keys' }).click();
  const issue = page.getByRole('dialog', { name: 'Issue keys' });
  await issue.getByLabel('Product').selectOption({ label: 'Photo Studio' });
  await issue.getByLabel('Policy').selectOption({ label: 'Yearly' });
  await issue.getByLabel('Number of keys').fill('50');
  // The dialog asks for the server's progress (issue 26): NDJSON lines, then the reply in the last.
  const issueReply = page.waitForResponse((response) => response.url().endsWith('/issue-keys'));
  await issue.getByRole('button', { name: 'Issue keys' }).click();
  expect(await progressLines(await issueReply)).toEqual([
    { type: 'progress', phase: 'writing', done: 50, total: 50 },
    { type: 'done', httpStatus: 200 },
  ]);
  const issued = page.getByRole('dialog', { name: 'Keys issued' });
  await expect(issued).toContainText('50 keys issued');
  const issuedCsv = await downloadedText(page, () =>
    issued.getByRole('button', { name: 'Download CSV' }).click(),
  );
  expect(issuedCsv.name).toMatch(/\.csv$/);
  const issuedLines = csvLines(issuedCsv.text);
  expect(issuedLines[0]).toBe('id,key');
  expect(issuedLines).toHaveLength(51);
  await issued.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(issued).toBeHidden();

  // An import is checked first: the bad row is reported by its line, and nothing is written.
  const good = `IMP-${stamp}-1`;
  const second = `IMP-${stamp}-2`;
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const importing = page.getByRole('dialog', { name: 'Import keys from CSV' });
  await importing.getByLabel('CSV file').setInputFiles({
    name: 'keys.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      `key,max_activations,customer_email\n${good},3,a@example.com\n${second},lots,b@example.com\n`,
    ),
  });
  const checkReply = page.waitForResponse((response) => response.url().endsWith('/import-keys'));
  await importing.getByRole('button', { name: 'Check file' }).click();
  // The file goes up by XHR (its upload progress) and the check reports the rows checked against
  // existing keys: the one row that is valid alone (line 3 is refused before).
  expect(await progressLines(await checkReply)).toEqual([
    { type: 'progress', phase: 'checking', done: 0, total: 1 },
    { type: 'progress', phase: 'checking', done: 1, total: 1 },
    { type: 'done', httpStatus: 200 },
  ]);
  const problems = importing.getByTestId('import-errors');
  await expect(problems).toContainText('1 of 2 rows cannot be imported');
  // The header is line 1: the bad row is line 3.
  await expect(problems.getByRole('row')).toHaveCount(2);
  await expect(problems.getByRole('row').nth(1).getByRole('cell').first()).toHaveText('3');
  await expect(importing.getByRole('button', { name: 'Check file' })).toBeVisible();
  await importing.getByLabel('CSV file').setInputFiles({
    name: 'keys.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      `key,max_activations,customer_email\n${good},3,a@example.com\n${second},4,b@example.com\n`,
    ),
  });
  await importing.getByRole('button', { name: 'Check file' }).click();
  await expect(importing).toContainText('All 2 rows are valid');
  await importing.getByRole('button', { name: 'Import 2 keys' }).click();
  await expect(importing).toBeHidden();
  await page.getByLabel('Search keys').fill(`IMP-${stamp}`);
  await expect(page.getByTestId(`key-row-${good}`)).toContainText('0 / 3');
  await expect(page.getByTestId(`key-row-${second}`)).toContainText('0 / 4');
  await page.getByLabel('Search keys').fill('');

  // Export with the product filter: the added key and the 50 issued, not the imported ones.
  await page.getByLabel('Product', { exact: true }).selectOption({ label: 'Photo Studio' });
  // The search settles 300 ms after typing and the export takes the settled filters: wait until the
  // list shows the product's first full page (50 rows), not the empty "IMP-" search within it.
  await expect(page.locator('tbody tr')).toHaveCount(50);
  await expect(page.getByTestId(`key-row-${good}`)).toHaveCount(0);
  const exported = await downloadedText(page, () => page.getByRole('button', { name: 'Export CSV' }).click());
  const exportLines = csvLines(exported.text);
  expect(exportLines[0]).toBe(EXPORT_COLUMNS.join(','));
  expect(exportLines).toHaveLength(1 + 51);
  expect(exported.text).toContain(licenceKey);
  expect(exported.text).not.toContain(good);

  // A product with keys cannot be deleted: the server's sentence says why.
  await page.getByRole('tab', { name: 'Products' }).click();
  await page
    .getByTestId('product-row-photo-studio')
    .getByRole('button', { name: 'Delete Photo Studio' })
    .click();
  const confirm = page.getByRole('dialog', { name: 'Delete product' });
  await confirm.getByRole('button', { name: 'Delete product' }).click();
  await expect(confirm.getByText(PRODUCT_HAS_KEYS_MESSAGE)).toBeVisible();
});
