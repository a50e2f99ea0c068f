import { API_INFO_SET_MESSAGE, PAYMENT_CANCELED_MESSAGE, SANDBOX_TEST_CARD } from '@app/contract';
import type { Page } from '@playwright/test';
import { signUp, uniqueUser } from '../support/accounts.js';
import { adminSignIn } from '../support/chat.js';
import { expect, test } from '../support/test.js';

async function fillCard(popup: Page) {
  await popup.getByLabel('Card number').fill(SANDBOX_TEST_CARD);
  await popup.getByLabel('Expiry (MM/YY)').fill('12/39');
  await popup.getByLabel('CVC').fill('123');
  await popup.getByLabel('First name').fill('Ada');
  await popup.getByLabel('Last name').fill('Lovelace');
  await popup.getByLabel('City (optional)').fill('London');
}

test('a user subscribes to a paid Key Manager plan through the sandbox popup and gets a receipt', async ({
  page,
}) => {
  await signUp(page, uniqueUser());
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByTestId('pending-payment')).toHaveText('None');

  await page.goto('/store/key-manager');
  await expect(page.getByText('No Key Manager plan is activated.')).toBeVisible();
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Subscribe to Pro' }).click();
  const popup = await popupPromise;
  await expect(popup.getByRole('heading', { name: 'Test payment' })).toBeVisible();
  await expect(popup.getByText('Test mode — no real charge')).toBeVisible();
  await expect(popup.getByTestId('checkout-amount')).toHaveText('$9.00');
  // The main window waits: nothing is granted by opening the checkout.
  await expect(page.getByRole('status').filter({ hasText: 'Complete the payment' })).toBeVisible();

  await fillCard(popup);
  await popup.getByRole('button', { name: 'Pay $9.00' }).click();
  await expect(popup.getByText('Payment Status:')).toBeVisible();
  await expect(popup.getByTestId('payment-status')).toHaveText('paid');
  // The click closes the popup; Playwright may see its page go mid-click, so the close event is the check.
  await Promise.all([
    popup.waitForEvent('close'),
    popup
      .getByRole('button', { name: 'Close this window' })
      .click({ noWaitAfter: true })
      .catch(() => undefined),
  ]);

  // The opener learns the result from the server and shows the plan with its higher key limit.
  await expect(page.getByRole('heading', { name: 'Pro plan' })).toBeVisible();
  await expect(page.getByText('0 / 100')).toBeVisible();

  await page.goto('/profile?tab=subscriptions');
  await expect(page.getByRole('heading', { name: 'Subscriptions' })).toBeVisible();
  await expect(page.getByText('Active', { exact: true })).toBeVisible();
  await page.goto('/profile?tab=apis');
  await expect(page.getByRole('cell', { name: '300' })).toBeVisible();
  await page.goto('/profile?tab=payment-history');
  await expect(page.getByRole('cell', { name: 'Key Manager — Pro (monthly)' })).toBeVisible();
  await page.getByRole('button', { name: /View receipt/ }).click();
  const receipt = page.getByRole('dialog', { name: /Receipt #/ });
  await expect(receipt.getByText('Card (sandbox) •••• 4242')).toBeVisible();
  await expect(receipt.getByText('$9.00')).toBeVisible();
  await expect(receipt.getByText('Ada Lovelace')).toBeVisible();
  await expect(receipt.getByRole('button', { name: 'Print' })).toBeVisible();
});

test('canceling in the sandbox popup shows Payment Canceled! and grants nothing', async ({ page }) => {
  await signUp(page, uniqueUser());
  await expect(page).toHaveURL(/\/profile$/);
  await page.goto('/store/key-manager');
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Subscribe to Business' }).click();
  const popup = await popupPromise;
  await popup.getByRole('button', { name: 'Cancel' }).click();
  await expect(popup.getByRole('heading', { name: PAYMENT_CANCELED_MESSAGE })).toBeVisible();
  await popup.close();
  await expect(page.getByText('No Key Manager plan is activated.')).toBeVisible();
});

test('an admin creates a SaaS product and a plan, sets its calls per minute, and a client buys it from the Store', async ({
  page,
  browser,
}) => {
  // Two people's sessions, the admin's forms, and the client's sign-up with its mailed verification link.
  test.setTimeout(120_000);
  const name = `Geo API ${Date.now()}`;
  await adminSignIn(page);
  await page.getByRole('tab', { name: 'Products', exact: true }).click();
  await page.getByRole('button', { name: 'Add SaaS product' }).click();
  const productDialog = page.getByRole('dialog', { name: 'Add a SaaS product' });
  await productDialog.getByLabel('Name').fill(name);
  await productDialog.getByLabel('Description').fill('Geocoding for everyone');
  await productDialog.getByRole('button', { name: 'Add SaaS product' }).click();
  await expect(productDialog).toBeHidden();

  await page.getByRole('button', { name: `Add plan to ${name}` }).click();
  const planDialog = page.getByRole('dialog', { name: `Add a plan to ${name}` });
  await planDialog.getByLabel('Plan name').fill('Monthly');
  await planDialog.getByLabel('Price (USD)').fill('15');
  await planDialog.getByLabel('Features').fill('10,000 lookups');
  await planDialog.getByRole('button', { name: 'Add feature' }).click();
  await planDialog.getByRole('button', { name: 'Add plan' }).click();
  await expect(planDialog).toBeHidden();
  const card = page.locator('.card').filter({ has: page.getByRole('heading', { name }) });
  await expect(card.getByRole('cell', { name: '$15.00 / month' })).toBeVisible();

  await page.getByRole('tab', { name: 'APIs', exact: true }).click();
  const row = page.getByRole('row').filter({ hasText: name });
  await row.getByRole('spinbutton').fill('9');
  await row.getByRole('button', { name: /Save/ }).click();
  await expect(row.getByText('At least 10')).toBeVisible();
  await row.getByRole('spinbutton').fill('120');
  await row.getByRole('button', { name: /Save/ }).click();
  await expect(page.getByText(API_INFO_SET_MESSAGE)).toBeVisible();

  // A client finds it on the Products page's Store tab and subscribes through the sandbox popup.
  const client = await (await browser.newContext()).newPage();
  await signUp(client, uniqueUser());
  await expect(client).toHaveURL(/\/profile$/);
  await client.goto('/products');
  await client.getByRole('tab', { name: 'Store' }).click();
  await expect(client.getByRole('heading', { name })).toBeVisible();
  const popupPromise = client.waitForEvent('popup');
  await client.getByRole('button', { name: `Subscribe to ${name} Monthly` }).click();
  const popup = await popupPromise;
  await fillCard(popup);
  await popup.getByRole('button', { name: 'Pay $15.00' }).click();
  await expect(popup.getByTestId('payment-status')).toHaveText('paid');
  await client.goto('/profile?tab=subscriptions');
  await expect(client.getByRole('heading', { name })).toBeVisible();
  await client.goto('/profile?tab=apis');
  await expect(client.getByRole('cell', { name: '120' })).toBeVisible();
});

test('a client changes plan: asks, the admin approves, the client pays the prorated difference', async ({
  page,
  browser,
}) => {
  await signUp(page, uniqueUser());
  await expect(page).toHaveURL(/\/profile$/);
  await page.goto('/store/key-manager');
  let popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Subscribe to Pro' }).click();
  let popup = await popupPromise;
  await fillCard(popup);
  await popup.getByRole('button', { name: 'Pay $9.00' }).click();
  await expect(popup.getByTestId('payment-status')).toHaveText('paid');
  await popup.close();

  await page.goto('/profile?tab=subscriptions');
  await page.getByRole('button', { name: 'Change plan' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change Key Manager plan' });
  await dialog.getByLabel(/^Business/).check();
  await expect(dialog.getByTestId('upgrade-quote')).toContainText('An admin reviews plan changes');
  await dialog.getByRole('button', { name: 'Ask for this plan' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('waiting for approval')).toBeVisible();

  const admin = await (await browser.newContext()).newPage();
  await adminSignIn(admin);
  await admin.getByRole('tab', { name: 'Plan Upgrade Requests' }).click();
  const row = admin.getByRole('row').filter({ hasText: 'Business' }).filter({ hasText: 'pending' }).first();
  await row.getByRole('button', { name: /Approve/ }).click();
  await expect(admin.getByText('Request marked as approved')).toBeVisible();

  await page.goto('/profile');
  await expect(page.getByTestId('pending-payment')).not.toHaveText('None');
  popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Pay now' }).click();
  popup = await popupPromise;
  await fillCard(popup);
  await popup.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(popup.getByTestId('payment-status')).toHaveText('paid');
  await popup.close();
  await expect(page.getByTestId('pending-payment')).toHaveText('None');
  await expect(page.getByText(/Key Manager\s*— Business\s*renews/)).toBeVisible();
});
