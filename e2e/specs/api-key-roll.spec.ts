import {
  addLicenceKey,
  callKeyManagerApi,
  generateApiKey,
  signUpWithFreeKeyManagerPlan,
} from '../support/key-manager.js';
import { expect, test } from '../support/test.js';

// Decision 037, issue 30: rolling an API key with an overlap, and the audit log showing who changed
// what, before → after.

const GET_KEY_INFORMATION = '/api/v1/saas-platform/key-manager/get-key-information';

test('an API key rolled with a 1-hour overlap: both keys work, the old row says when it stops, the log shows the roll and a key change', async ({
  page,
}) => {
  await signUpWithFreeKeyManagerPlan(page);
  const licence = await addLicenceKey(page, 2);
  const oldKey = await generateApiKey(page);
  expect((await callKeyManagerApi(oldKey, GET_KEY_INFORMATION, { key: licence })).status).toBe(200);

  await page.getByRole('button', { name: /^Roll km_live_/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Roll API key' });
  await dialog.getByLabel('1 hour').check();
  await dialog.getByRole('button', { name: 'Roll key' }).click();
  const shown = page.getByRole('dialog', { name: 'Your new API key' });
  const newKey = (await shown.getByTestId('rolled-api-key').innerText()).trim();
  expect(newKey).toMatch(/^km_live_/);
  expect(newKey).not.toBe(oldKey);
  await expect(shown).toContainText('keeps working until');
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toBeHidden();

  const note = page.getByTestId('api-key-rolled-note');
  await expect(note).toContainText(/^Replaced by km_live_.*; stops working .* \(in (59 min|1 h 0 min)\)$/);
  // Only the new key can be rolled now.
  await expect(page.getByRole('button', { name: /^Roll km_live_/ })).toHaveCount(1);
  expect((await callKeyManagerApi(oldKey, GET_KEY_INFORMATION, { key: licence })).status).toBe(200);
  expect((await callKeyManagerApi(newKey, GET_KEY_INFORMATION, { key: licence })).status).toBe(200);

  // A change of the licence key, then the audit log with both, before → after.
  await page.getByRole('tab', { name: 'Keys' }).click();
  const switchOff = page.getByLabel(`Active: ${licence}`);
  await switchOff.click();
  await expect(switchOff).not.toBeChecked();

  await page.getByRole('tab', { name: 'Audit log' }).click();
  const log = page.getByRole('table', { name: 'Audit log' });
  const change = log.getByRole('row').filter({ hasText: 'Changed a licence key' });
  await expect(change).toHaveCount(1);
  await expect(change).toContainText(licence);
  await expect(change).toContainText('isActive: true → false');
  const roll = log.getByRole('row').filter({ hasText: 'Rolled an API key' });
  await expect(roll).toHaveCount(1);
  await expect(roll).toContainText('expiresAt: — →');
  await page.getByLabel('Action').selectOption({ label: 'Rolled an API key' });
  await expect(log.getByRole('row')).toHaveCount(2);
});
