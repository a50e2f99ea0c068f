import { SANDBOX_TEST_CARD } from '@app/contract';
import { expect, type Page } from '@playwright/test';
import { signUp, uniqueUser } from './accounts.js';
import { E2E_BASE_URL } from './env.js';

/** An installed application: plain fetch with the API key as bearer, as the docs show. */
export async function callKeyManagerApi(apiKey: string, path: string, body: unknown) {
  const response = await fetch(`${E2E_BASE_URL}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** A new client on the Key Manager dashboard with the free plan activated. */
export async function signUpWithFreeKeyManagerPlan(page: Page): Promise<void> {
  await signUp(page, uniqueUser());
  await expect(page).toHaveURL(/\/profile$/);
  await page.goto('/store/key-manager');
  await page.getByRole('button', { name: 'Activate Free plan' }).click();
  await expect(page.getByRole('heading', { name: 'Free plan' })).toBeVisible();
  // The toast comes with its own chunk and pushes the page down below the bar when it shows: wait for
  // it, or the next click (the Keys tab) can land while the tabs move.
  await expect(page.getByText('Free plan activated')).toBeVisible();
}

/**
 * A new client on the Key Manager dashboard with a paid plan bought through the sandbox checkout popup
 * (Pro: 100 keys; Business: unlimited), for specs that need more keys than the free plan's three.
 */
export async function signUpWithPaidKeyManagerPlan(
  page: Page,
  plan: 'Pro' | 'Business' = 'Pro',
): Promise<void> {
  await signUp(page, uniqueUser());
  await expect(page).toHaveURL(/\/profile$/);
  await page.goto('/store/key-manager');
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: `Subscribe to ${plan}` }).click();
  const popup = await popupPromise;
  await popup.getByLabel('Card number').fill(SANDBOX_TEST_CARD);
  await popup.getByLabel('Expiry (MM/YY)').fill('12/39');
  await popup.getByLabel('CVC').fill('123');
  await popup.getByLabel('First name').fill('Ada');
  await popup.getByLabel('Last name').fill('Lovelace');
  await popup.getByRole('button', { name: /^Pay / }).click();
  await expect(popup.getByTestId('payment-status')).toHaveText('paid');
  // The click closes the popup; Playwright may see its page go mid-click, so the close event is the check.
  await Promise.all([
    popup.waitForEvent('close'),
    popup
      .getByRole('button', { name: 'Close this window' })
      .click({ noWaitAfter: true })
      .catch(() => undefined),
  ]);
  await expect(page.getByRole('heading', { name: `${plan} plan` })).toBeVisible();
}

/** Adds a key on the Keys tab and returns its value (the new key is the list's first row). */
export async function addLicenceKey(page: Page, maxActivations: number): Promise<string> {
  await page.getByRole('tab', { name: 'Keys' }).click();
  await page.getByRole('button', { name: 'Add key' }).click();
  const add = page.getByRole('dialog', { name: 'Add key' });
  await add.getByLabel('Max activations').fill(String(maxActivations));
  await add.getByRole('button', { name: 'Create key' }).click();
  await expect(add).toBeHidden();
  const row = page.locator('tbody tr').first();
  return (await row.locator('.font-monospace').first().innerText()).trim();
}

/** Generates an API key on the API tab (secret unless told) and returns it as shown once. */
export async function generateApiKey(page: Page, type: 'secret' | 'publishable' = 'secret'): Promise<string> {
  await page.getByRole('tab', { name: 'API', exact: true }).click();
  if (type === 'publishable') await page.getByLabel('Type').selectOption('publishable');
  await page.getByRole('button', { name: 'Generate API key' }).click();
  const apiKey = (await page.getByTestId('new-api-key').innerText()).trim();
  await page.getByRole('button', { name: 'Done' }).click();
  return apiKey;
}
