import { KEY_MANAGER_PATHS } from '@app/contract';
import {
  addLicenceKey,
  callKeyManagerApi,
  generateApiKey,
  signUpWithFreeKeyManagerPlan,
} from '../support/key-manager.js';
import { expect, test } from '../support/test.js';

test('the dashboard lists a key’s devices and releases one; the key’s lease is set there too', async ({
  page,
}) => {
  await signUpWithFreeKeyManagerPlan(page);
  const licenceKey = await addLicenceKey(page, 2);
  const apiKey = await generateApiKey(page);

  // Two installs of the app activate with their fingerprints and details.
  for (const [fingerprint, deviceName] of [
    ['e2e-laptop', 'Work laptop'],
    ['e2e-desktop', 'Home desktop'],
  ]) {
    const activated = await callKeyManagerApi(apiKey, KEY_MANAGER_PATHS.activateKey, {
      key: licenceKey,
      fingerprint,
      deviceName,
      platform: 'linux',
    });
    expect(activated.status, JSON.stringify(activated.body)).toBe(200);
  }

  await page.getByRole('tab', { name: 'Keys' }).click();
  const keyRow = page.getByTestId(`key-row-${licenceKey}`);
  await expect(keyRow).toContainText('2 / 2', { timeout: 10_000 });
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
  const info = await callKeyManagerApi(apiKey, KEY_MANAGER_PATHS.getKeyInformation, { key: licenceKey });
  expect(info.body).toMatchObject({ currentActivations: 1 });
  const beat = await callKeyManagerApi(apiKey, KEY_MANAGER_PATHS.heartbeat, {
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
