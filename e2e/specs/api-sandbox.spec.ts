import {
  addLicenceKey,
  callKeyManagerApi,
  generateApiKey,
  signUpWithFreeKeyManagerPlan,
} from '../support/key-manager.js';
import { expect, test } from '../support/test.js';

const GET_KEY_INFORMATION = '/api/v1/saas-platform/key-manager/get-key-information';

test('the API tab’s sandbox makes one API key answer 402 until it is stopped', async ({ page }) => {
  await signUpWithFreeKeyManagerPlan(page);
  const licence = await addLicenceKey(page, 2);
  const apiKey = await generateApiKey(page);
  expect((await callKeyManagerApi(apiKey, GET_KEY_INFORMATION, { key: licence })).status).toBe(200);

  const sandbox = page.getByRole('region', { name: 'Sandbox: test your error handling' });
  await sandbox.getByRole('button', { name: 'Simulate a failure…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Simulate a failure' });
  await dialog.getByLabel('Answer as if').selectOption('payment-required');
  await dialog.getByLabel('For how many minutes').fill('5');
  await dialog.getByRole('button', { name: 'Start simulation' }).click();
  await expect(dialog).toBeHidden();
  const running = sandbox.getByRole('list', { name: 'Running simulations' });
  await expect(running).toContainText('Payment required (402)');

  const refused = await callKeyManagerApi(apiKey, GET_KEY_INFORMATION, { key: licence });
  expect(refused.status).toBe(402);
  expect(String(refused.body.message)).toMatch(/^Payment required/);

  await running.getByRole('button', { name: /^Stop the simulation on / }).click();
  await expect(running).toBeHidden();
  expect((await callKeyManagerApi(apiKey, GET_KEY_INFORMATION, { key: licence })).status).toBe(200);
});
