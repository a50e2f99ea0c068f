import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { logOutFromNavbar, signIn, signUp, uniqueUser } from '../support/accounts.js';
import { E2E_PORT } from '../support/env.js';
import { expect, test } from '../support/test.js';

// Passkeys are bound to a host name: browsers refuse an IP address as a WebAuthn RP id, and the
// server's RP is PUBLIC_URL's host (http://localhost:<port> when unset). So these run on localhost.
test.use({ baseURL: `http://localhost:${E2E_PORT}` });

const STEP_MS = 30_000;

/** A code of a 30-second step after `afterStep` (waiting for it): each code is good once. */
async function codeAfter(
  page: Page,
  secret: string,
  afterStep: number,
): Promise<{ code: string; step: number }> {
  let now = Date.now();
  if (Math.floor(now / STEP_MS) <= afterStep) {
    await page.waitForTimeout((afterStep + 1) * STEP_MS - now + 250);
    now = Date.now();
  }
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
  return { code: totp.generate({ timestamp: now }), step: Math.floor(now / STEP_MS) };
}

/** No serious or critical accessibility violation inside `selector`. */
async function expectAccessible(page: Page, selector: string) {
  const results = await new AxeBuilder({ page }).include(selector).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function openSecurity(page: Page) {
  await page.goto('/profile?tab=security');
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
}

test('an authenticator app: enrol with the QR code, sign back in with a code, and the reset asks for the factor', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const user = uniqueUser();
  await signUp(page, user);
  await expect(page).toHaveURL(/\/profile$/);
  await openSecurity(page);
  await page.getByRole('button', { name: 'Set up authenticator app' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await page.locator('code.user-select-all').textContent())?.trim() ?? '';
  await expectAccessible(page, '[aria-labelledby="security-title"]');
  expect(secret).toMatch(/^[A-Z2-7]+=*$/);
  const first = await codeAfter(page, secret, 0);
  await page.getByLabel('Code from the app').fill(first.code);
  await page.getByRole('button', { name: 'Turn on' }).click();
  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recoveryCodes = await codes.allTextContents();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download' }).click();
  expect((await download).suggestedFilename()).toBe('recovery-codes.txt');
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByText('Recovery codes left: 10')).toBeVisible();

  await logOutFromNavbar(page);
  await signIn(page, user.email, user.password);
  const codeInput = page.getByLabel('Code from your authenticator app');
  await expect(codeInput).toBeFocused();
  await expect(codeInput).toHaveAttribute('autocomplete', 'one-time-code');
  await expectAccessible(page, 'form[aria-label="Second factor"]');
  await codeInput.fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText(/That code is not right/)).toBeVisible();
  const second = await codeAfter(page, secret, first.step);
  await codeInput.fill(second.code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/profile$/);

  // The security-question reset cannot skip the second factor.
  await logOutFromNavbar(page);
  const newPassword = 'Difference-Engine-1822';
  await page.getByRole('button', { name: 'Forgot Password' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(user.email);
  await dialog.getByRole('button', { name: 'NEXT' }).click();
  await dialog.getByLabel('Answer').fill(user.answer);
  await dialog.getByLabel('New password', { exact: true }).fill(newPassword);
  await dialog.getByLabel('Confirm new password').fill(newPassword);
  await dialog.getByRole('button', { name: 'NEXT' }).click();
  await expect(dialog.getByText(/confirm it is you before the new password is set/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Use a recovery code' }).click();
  await dialog.getByLabel('Recovery code').fill(recoveryCodes[0] ?? '');
  await dialog.getByRole('button', { name: 'Set new password' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Password reset', { exact: true })).toBeVisible();

  // The new password leads to the second step again; a recovery code is good once.
  await signIn(page, user.email, newPassword);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(recoveryCodes[0] ?? '');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText(/already used/)).toBeVisible();
  await page.getByLabel('Recovery code').fill(recoveryCodes[1] ?? '');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/profile$/);
});

test('a passkey (Chromium virtual authenticator): add and name it, sign back in with it', async ({
  page,
}) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  const user = uniqueUser();
  await signUp(page, user);
  await expect(page).toHaveURL(/\/profile$/);
  await openSecurity(page);
  await page.getByLabel('Passkey name').fill('Laptop');
  await page.getByRole('button', { name: 'Add passkey' }).click();
  await expect(page.getByRole('list', { name: 'Your passkeys' })).toContainText('Laptop');
  // A first second factor comes with recovery codes.
  await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await page.getByRole('button', { name: 'Rename Laptop' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename passkey' });
  await rename.getByLabel('Passkey name').fill('Work laptop');
  await rename.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('list', { name: 'Your passkeys' })).toContainText('Work laptop');
  // The person owns their account: with a factor of their own they may require one of every member.
  const rule = page.getByRole('checkbox', { name: 'Require two-factor sign-in for every member' });
  await rule.click();
  await expect(page.getByText('Every member now needs two-factor sign-in for this account')).toBeVisible();
  await expect(rule).toBeChecked();

  await logOutFromNavbar(page);
  await signIn(page, user.email, user.password);
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await openSecurity(page);
  await expect(page.getByRole('list', { name: 'Your passkeys' })).toContainText('last used');
});
