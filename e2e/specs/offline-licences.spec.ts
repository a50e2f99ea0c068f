import { createPublicKey, verify } from 'node:crypto';
import { ENTITLEMENT_NAME_MESSAGE, KEY_MANAGER_PATHS } from '@app/contract';
import type { Page } from '@playwright/test';
import { E2E_BASE_URL } from '../support/env.js';
import {
  addLicenceKey,
  callKeyManagerApi,
  generateApiKey,
  signUpWithFreeKeyManagerPlan,
} from '../support/key-manager.js';
import { expect, test } from '../support/test.js';

// Decision 024 in the browser: the dashboard shows the public key an app embeds, a certificate the
// app checks out verifies with exactly what was copied, entitlements are edited per key, and keys rotate.

async function copied(page: Page): Promise<string> {
  return page.evaluate(() => navigator.clipboard.readText());
}

test('the dashboard shows the public key that verifies checked-out licences, and rotates it', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: E2E_BASE_URL });
  await signUpWithFreeKeyManagerPlan(page);

  // A key with entitlements (checked in the dialog before they are sent).
  const licenceKey = await addLicenceKey(page, 2);
  const row = page.getByTestId(`key-row-${licenceKey}`);
  await row.getByRole('button', { name: `Entitlements ${licenceKey}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Entitlements' });
  const json = dialog.getByLabel('Entitlements (JSON object)');
  await expect(json).toHaveValue('{}');
  await json.fill('{"bad name": true}');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText(ENTITLEMENT_NAME_MESSAGE)).toBeVisible();
  await json.fill('{"tier": "pro", "seats": 5}');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Entitlements saved')).toBeVisible();

  // A publishable key, as an app ships with.
  const apiKey = await generateApiKey(page, 'publishable');
  expect(apiKey).toMatch(/^km_pub_/);

  // The Offline licences tab shows the public key (created on first use) to copy into the app.
  await page.getByRole('tab', { name: 'Offline licences' }).click();
  await expect(page.getByRole('heading', { name: 'Offline licences: public keys' })).toBeVisible();
  const cards = page.locator('[data-testid^="signing-key-"]');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('Current: signs');
  await expect(cards.first().locator('pre')).toContainText('-----BEGIN PUBLIC KEY-----');
  const firstId = (await cards.first().getAttribute('data-testid'))?.replace('signing-key-', '') ?? '';
  await cards
    .first()
    .getByRole('button', { name: `Copy PEM of ${firstId}` })
    .click();
  const pem = await copied(page);
  expect(pem).toMatch(/^-----BEGIN PUBLIC KEY-----\n[\s\S]+-----END PUBLIC KEY-----\n?$/);

  // The app activates its device and checks out a licence; the copied PEM verifies it.
  const fingerprint = 'e2e-laptop';
  expect(
    (await callKeyManagerApi(apiKey, KEY_MANAGER_PATHS.activateKey, { key: licenceKey, fingerprint })).status,
  ).toBe(200);
  const checkout = await callKeyManagerApi(apiKey, KEY_MANAGER_PATHS.checkoutLicense, {
    key: licenceKey,
    fingerprint,
  });
  expect(checkout.status).toBe(200);
  const [body, signature] = String(checkout.body.certificate).split('.') as [string, string];
  const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  expect(payload).toMatchObject({
    signingKeyId: firstId,
    key: licenceKey,
    entitlements: { tier: 'pro', seats: 5 },
  });
  expect(verify(null, Buffer.from(body), createPublicKey(pem), Buffer.from(signature, 'base64url'))).toBe(
    true,
  );

  // Rotate: a new current key; the previous one stays listed (it still verifies) until retired.
  await page.getByRole('button', { name: 'Rotate signing key' }).click();
  await page
    .getByRole('dialog', { name: 'Rotate signing key' })
    .getByRole('button', { name: 'Rotate' })
    .click();
  await expect(cards).toHaveCount(2);
  const previous = page.getByTestId(`signing-key-${firstId}`);
  await expect(previous).toContainText('Previous: verifies');
  await previous.getByRole('button', { name: `Copy base64 of ${firstId}` }).click();
  expect(
    createPublicKey({ key: Buffer.from(await copied(page), 'base64'), format: 'der', type: 'spki' })
      .asymmetricKeyType,
  ).toBe('ed25519');
  await previous.getByRole('button', { name: `Retire signing key ${firstId}` }).click();
  await page
    .getByRole('dialog', { name: 'Retire signing key' })
    .getByRole('button', { name: 'Retire' })
    .click();
  await expect(previous).toBeHidden();
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('Current: signs');
  await page.screenshot({ path: '.tmp/km-offline-licences.png', fullPage: true });
});
