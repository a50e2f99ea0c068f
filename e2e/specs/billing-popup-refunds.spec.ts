import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { SANDBOX_DECLINED_CARD, SANDBOX_TEST_CARD } from '@app/contract';
import type { Page } from '@playwright/test';
import { signUp, type TestUser, uniqueUser } from '../support/accounts.js';
import { adminSignIn } from '../support/chat.js';
import { expect, test } from '../support/test.js';

const run = promisify(execFile);

async function fillCard(popup: Page, card = SANDBOX_TEST_CARD) {
  await popup.getByLabel('Card number').fill(card);
  await popup.getByLabel('Expiry (MM/YY)').fill('12/39');
  await popup.getByLabel('CVC').fill('123');
  await popup.getByLabel('First name').fill('Ada');
  await popup.getByLabel('Last name').fill('Lovelace');
}

/** Opens the Pro checkout popup from the Key Manager store page. */
async function openProCheckout(page: Page): Promise<Page> {
  await page.goto('/store/key-manager');
  await expect(page.getByText('No Key Manager plan is activated.')).toBeVisible();
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Subscribe to Pro' }).click();
  const popup = await popupPromise;
  await expect(popup.getByRole('heading', { name: 'Test payment' })).toBeVisible();
  return popup;
}

/** Marks the main window's document, so a test can tell it was never reloaded. */
async function markDocument(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { unreloaded: boolean }).unreloaded = true;
  });
}
const stillSameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { unreloaded?: boolean }).unreloaded === true);

async function newClient(page: Page): Promise<TestUser> {
  const user = uniqueUser();
  await signUp(page, user);
  await expect(page).toHaveURL(/\/profile$/);
  return user;
}

test('bought in the popup, the plan shows in the main window at once, with a confirmation; the receipt downloads as a PDF', async ({
  page,
}) => {
  const user = await newClient(page);
  const popup = await openProCheckout(page);
  await markDocument(page);
  await fillCard(popup);
  await popup.getByRole('button', { name: 'Pay $9.00' }).click();
  await expect(popup.getByTestId('payment-status')).toHaveText('paid');

  // The popup is still open: the main window heard from it and shows the result without a reload.
  expect(popup.isClosed()).toBe(false);
  await expect(page.getByText('Payment received: Key Manager — Pro (monthly)')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Pro plan' })).toBeVisible();
  expect(await stillSameDocument(page)).toBe(true);
  await popup.close();

  // The receipt, as a PDF a person can keep: its text has the receipt's fields.
  await page.goto('/profile?tab=payment-history');
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: /^Download PDF of receipt R-\d{6}$/ }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^receipt-R-\d{6}\.pdf$/);
  const file = await download.path();
  expect((await readFile(file)).subarray(0, 5).toString()).toBe('%PDF-');
  const { stdout } = await run('pdftotext', ['-layout', file, '-']);
  expect(stdout).toContain('Receipt number: R-');
  expect(stdout).toContain('Ada Lovelace');
  expect(stdout).toContain(user.email);
  expect(stdout).toContain('Key Manager — Pro (monthly)');
  // Money as on the site, and the order by what was bought, with a short reference.
  expect(stdout).toMatch(/Amount paid\s+\$9\.00/);
  expect(stdout).not.toContain('USD');
  expect(stdout).toMatch(/Order\s+Key Manager — Pro \(monthly\) · ref\. [0-9A-F]{8}/);
});

test('a declined card: the popup offers another card, and paying with it confirms in the main window', async ({
  page,
}) => {
  await newClient(page);
  const popup = await openProCheckout(page);
  await markDocument(page);
  await fillCard(popup, SANDBOX_DECLINED_CARD);
  await popup.getByRole('button', { name: 'Pay $9.00' }).click();
  await expect(popup.getByText('Your card was declined.')).toBeVisible();
  await expect(
    page.getByText('The card was declined. You can try another card in the payment window.'),
  ).toBeVisible();
  await expect(page.getByText('No Key Manager plan is activated.')).toBeVisible();

  await popup.getByRole('button', { name: 'Try another card' }).click();
  await expect(popup.getByLabel('Card number')).toHaveValue('');
  await fillCard(popup);
  await popup.getByRole('button', { name: 'Pay $9.00' }).click();
  await expect(popup.getByTestId('payment-status')).toHaveText('paid');
  await expect(page.getByText('Payment received: Key Manager — Pro (monthly)')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Pro plan' })).toBeVisible();
  expect(await stillSameDocument(page)).toBe(true);
});

test('an admin refunds part, then the rest of a payment: the refund ends the client’s plan', async ({
  page,
  browser,
}) => {
  // Two signed-in browsers and two refunds on a shared, small machine.
  test.setTimeout(120_000);
  const user = await newClient(page);
  const popup = await openProCheckout(page);
  await fillCard(popup);
  await popup.getByRole('button', { name: 'Pay $9.00' }).click();
  await expect(popup.getByTestId('payment-status')).toHaveText('paid');
  await popup.close();
  await expect(page.getByRole('heading', { name: 'Pro plan' })).toBeVisible();

  const admin = await (await browser.newContext()).newPage();
  await adminSignIn(admin);
  await admin.getByRole('tab', { name: 'Payments', exact: true }).click();
  await admin.getByLabel('Client email').fill(user.email);
  const row = admin.getByRole('row').filter({ hasText: user.email });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('paid', { exact: true })).toBeVisible();

  await row.getByRole('button', { name: /^Refund/ }).click();
  let dialog = admin.getByRole('dialog', { name: 'Refund payment' });
  await dialog.getByLabel('Part of it (access continues)').check();
  await dialog.getByLabel('Amount to refund').fill('20');
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(dialog.getByText('At most $9.00 can be refunded')).toBeVisible();
  await dialog.getByLabel('Amount to refund').fill('2.50');
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(admin.getByText('Refund made')).toBeVisible();
  await expect(row.getByTestId('refunded-amount')).toHaveText('$2.50 refunded');

  await page.goto('/profile?tab=payment-history');
  await expect(page.getByTestId('receipt-status')).toHaveText('partially refunded');
  await expect(page.getByText('$2.50 refunded')).toBeVisible();
  await page.goto('/store/key-manager');
  await expect(page.getByRole('heading', { name: 'Pro plan' })).toBeVisible();

  await row.getByRole('button', { name: /^Refund/ }).click();
  dialog = admin.getByRole('dialog', { name: 'Refund payment' });
  await expect(dialog.getByLabel(/All that is left: \$6\.50/)).toBeChecked();
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByText('refunded', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: /^Refund/ })).toHaveCount(0);

  // The client's plan ended with the refund.
  await page.goto('/store/key-manager');
  await expect(page.getByText('No Key Manager plan is activated.')).toBeVisible();
  await page.goto('/profile?tab=payment-history');
  await expect(page.getByTestId('receipt-status')).toHaveText('refunded');
});
