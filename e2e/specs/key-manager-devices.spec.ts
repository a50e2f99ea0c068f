import { KEY_MANAGER_PATHS } from '@app/contract';
import { expect, test } from '@playwright/test';
import { signUp, uniqueUser } from '../support/accounts.js';
import { E2E_BASE_URL } from '../support/env.js';

/** The installed app: plain fetch with the API key as bearer. */
async function callApi(apiKey: string, path: string, body: unknown) {
  const response = await fetch(`${E2E_BASE_URL}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

test('the dashboard lists a key’s devices and releases one; the key’s lease is set there too', async ({
  page,
}) => {
  await signUp(page, uniqueUser());
  await expect(page).toHaveURL(/\/profile$/);
  await page.goto('/store/key-manager');
  await page.getByRole('button', { name: 'Activate Free plan' }).click();
  await expect(page.getByRole('heading', { name: 'Free plan' })).toBeVisible();

  await page.getByRole('tab', { name: 'Keys' }).click();
  await page.getByRole('button', { name: 'Add key' }).click();
  const add = page.getByRole('dialog', { name: 'Add key' });
  await add.getByLabel('Max activations').fill('2');
  await add.getByRole('button', { name: 'Create key' }).click();
  await expect(add).toBeHidden();
  const licenceKey = (
    await page.locator('tbody tr').first().locator('.font-monospace').first().innerText()
  ).trim();

  await page.getByRole('tab', { name: 'API', exact: true }).click();
  await page.getByRole('button', { name: 'Generate API key' }).click();
  const apiKey = (await page.getByTestId('new-api-key').innerText()).trim();
  await page.getByRole('button', { name: 'Done' }).click();

  // Two installs of the app activate with their fingerprints and details.
  for (const [fingerprint, deviceName] of [
    ['e2e-laptop', 'Work laptop'],
    ['e2e-desktop', 'Home desktop'],
  ]) {
    const activated = await callApi(apiKey, KEY_MANAGER_PATHS.activateKey, {
      key: licenceKey,
      fingerprint,
      deviceName,
      platform: 'linux',
    });
    expect(activated.status, JSON.stringify(activated.body)).toBe(200);
  }

  await page.getByRole('tab', { name: 'Keys' }).click();
  const keyRow = page.getByTestId(`key-row-${licenceKey}`);
  await expect(keyRow).toContainText('2 / 2', { timeout: 3500 });
  await keyRow.getByRole('button', { name: `Devices of ${licenceKey}` }).click();
  const devices = page.getByRole('dialog', { name: `Devices of ${licenceKey}` });
  await expect(devices.getByTestId('device-row-e2e-laptop')).toContainText('Work laptop');
  await expect(devices.getByTestId('device-row-e2e-desktop')).toContainText('Home desktop');
  await expect(devices.getByTestId('device-rules-summary')).toContainText('Lease: permanent');

  // Release the laptop: confirmed, toasted, gone from the list; the app's slot is free again.
  await devices
    .getByTestId('device-row-e2e-laptop')
    .getByRole('button', { name: 'Release Work laptop' })
    .click();
  const confirm = page.getByRole('dialog', { name: 'Release device' });
  await confirm.getByRole('button', { name: 'Release device' }).click();
  await expect(page.getByText('Device released')).toBeVisible();
  await expect(devices.getByTestId('device-row-e2e-laptop')).toHaveCount(0);
  await expect(devices.getByTestId('device-row-e2e-desktop')).toBeVisible();
  const info = await callApi(apiKey, KEY_MANAGER_PATHS.getKeyInformation, { key: licenceKey });
  expect(info.body).toMatchObject({ currentActivations: 1 });
  const beat = await callApi(apiKey, KEY_MANAGER_PATHS.heartbeat, {
    key: licenceKey,
    fingerprint: 'e2e-laptop',
  });
  expect(beat.status).toBe(409);

  // The key's own lease: a too-short one is refused on the field, ten minutes is saved and shown.
  const lease = devices.getByLabel('Lease (seconds)');
  await lease.fill('30');
  await devices.getByRole('button', { name: 'Save key rules' }).click();
  await expect(devices.getByText('Lease seconds must be 0 (permanent) or at least 60')).toBeVisible();
  await expect(lease).toHaveAttribute('aria-invalid', 'true');
  await lease.fill('600');
  await devices.getByRole('button', { name: 'Save key rules' }).click();
  await expect(page.getByText('Device rules saved')).toBeVisible();
  await expect(devices.getByTestId('device-rules-summary')).toContainText(
    'a device must send a heartbeat every 10 minutes',
  );
  await devices.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(keyRow).toContainText('1 / 2');
});
