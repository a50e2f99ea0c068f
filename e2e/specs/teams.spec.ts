import { BILLING_PATHS, KEY_MANAGER_PATHS } from '@app/contract';
import type { Browser, Page } from '@playwright/test';
import { signUp, uniqueUser } from '../support/accounts.js';
import { addLicenceKey, signUpWithFreeKeyManagerPlan } from '../support/key-manager.js';
import { mailedMatch } from '../support/mail.js';
import { onPage } from '../support/page-on-failure.js';
import { storedAccess } from '../support/session.js';
import { expect, test } from '../support/test.js';

// Decision 033 as a team tries it: an owner invites a developer and a billing member by email; each
// joins from the mailed link, reaches what their role allows and is refused the rest; the owner
// sees every step in the audit trail and removes a member, whose session there ends at once.

async function invite(owner: Page, email: string, role: 'Developer' | 'Billing') {
  await owner.getByLabel('Email', { exact: true }).fill(email);
  await owner.getByLabel('Role', { exact: true }).selectOption({ label: role });
  await owner.getByRole('button', { name: 'Send invitation' }).click();
  await expect(owner.getByText(`Invitation sent to ${email}`)).toBeVisible();
  await expect(owner.getByTestId(`invite-row-${email}`)).toContainText(role);
}

/** The invited person, in a browser of their own: opens the mailed link, signs up with it and joins. */
async function join(browser: Browser, owner: Page, email: string, accountName: string) {
  const link = await mailedMatch(owner.request, email, /(\/invitations\/[A-Za-z0-9_-]+)/);
  const context = await browser.newContext();
  const page = await context.newPage();
  await onPage(page, async () => {
    await page.goto(link);
    await expect(page.getByText(`invited ${email} to join ${accountName}`)).toBeVisible();
    await page.getByRole('link', { name: 'Create an account' }).click();
    await signUp(page, { ...uniqueUser(), email }, { verify: false });
    await expect(page).toHaveURL(/\/profile$/);
    // Back from sign-up: the profile leads to the invitation it came from.
    await page.getByRole('link', { name: 'Open it to join the account' }).click();
    await page.getByRole('button', { name: `Join ${accountName}` }).click({ timeout: 30_000 });
    await expect(page).toHaveURL(/\/profile\?tab=team$/);
    await expect(page.getByRole('heading', { name: accountName })).toBeVisible();
  });
  return page;
}

async function apiStatus(page: Page, path: string): Promise<{ status: number; code?: string }> {
  const token = await storedAccess(page);
  const response = await page.request.post(path, { data: {}, headers: { authorization: `Bearer ${token}` } });
  const body = (await response.json()) as { code?: string };
  return { status: response.status(), code: body.code };
}

test('an owner invites a developer and a billing member; each reaches what the role allows; the trail shows it all', async ({
  page: owner,
  browser,
}) => {
  test.setTimeout(180_000);
  await signUpWithFreeKeyManagerPlan(owner);
  const ownerKey = await addLicenceKey(owner, 2);
  const accountName = 'Ada Lovelace';

  await owner.goto('/profile?tab=team');
  await expect(owner.getByRole('heading', { name: accountName })).toBeVisible();
  await expect(owner.getByText('Your role: Owner')).toBeVisible();
  const devEmail = uniqueUser().email.replace('e2e-', 'dev-');
  const billingEmail = uniqueUser().email.replace('e2e-', 'billing-');
  await invite(owner, devEmail, 'Developer');
  await invite(owner, billingEmail, 'Billing');

  // The developer: the owner's licence keys, and no payments or plans.
  const developer = await join(browser, owner, devEmail, accountName);
  await expect(developer.getByText('Your role: Developer')).toBeVisible();
  await expect(developer.getByRole('tab', { name: 'Team' })).toBeVisible();
  await expect(developer.getByRole('tab', { name: 'Subscriptions' })).toHaveCount(0);
  await expect(developer.getByRole('tab', { name: 'Payment History' })).toHaveCount(0);
  await developer.goto('/store/key-manager');
  await developer.getByRole('tab', { name: 'Keys' }).click();
  await expect(developer.getByTestId(`key-row-${ownerKey}`)).toBeVisible();
  const devKey = await addLicenceKey(developer, 1);
  expect(devKey).not.toBe(ownerKey);
  expect(await apiStatus(developer, BILLING_PATHS.subscriptionsGet)).toEqual({
    status: 403,
    code: 'role_not_allowed',
  });

  // The billing member: subscriptions, and no Key Manager or API keys.
  const billing = await join(browser, owner, billingEmail, accountName);
  await expect(billing.getByText('Your role: Billing')).toBeVisible();
  await billing.getByRole('tab', { name: 'Subscriptions' }).click();
  await expect(billing.getByRole('heading', { name: /^Key Manager/ })).toBeVisible();
  await billing.goto('/store/key-manager');
  await expect(billing.getByText(/does not include the Key Manager/).first()).toBeVisible();
  expect(await apiStatus(billing, KEY_MANAGER_PATHS.getApiKeys)).toEqual({
    status: 403,
    code: 'role_not_allowed',
  });

  // The owner sees the team and the trail.
  await owner.reload();
  await expect(owner.getByTestId(`member-row-${devEmail}`)).toContainText('Developer');
  await expect(owner.getByTestId(`member-row-${billingEmail}`)).toContainText('Billing');
  await owner.getByRole('tab', { name: 'Audit trail' }).click();
  const trail = owner.getByRole('table', { name: 'Audit trail' });
  await expect(trail.getByRole('row').filter({ hasText: 'Joined the account' })).toHaveCount(2);
  await expect(trail.getByRole('row').filter({ hasText: 'Invited a member' })).toHaveCount(2);
  await expect(trail.getByRole('row').filter({ hasText: devEmail }).first()).toBeVisible();

  // Removed, the developer is signed out of the account at once.
  await owner.getByRole('tab', { name: 'Team' }).click();
  await owner
    .getByTestId(`member-row-${devEmail}`)
    .getByRole('button', { name: /^Remove/ })
    .click();
  await owner
    .getByRole('dialog', { name: 'Remove member' })
    .getByRole('button', { name: 'Remove member' })
    .click();
  await expect(owner.getByTestId(`member-row-${devEmail}`)).toHaveCount(0);
  await developer.reload();
  await expect(developer).toHaveURL(/\/signin/);
  await owner.getByRole('tab', { name: 'Audit trail' }).click();
  await expect(trail.getByRole('row').filter({ hasText: 'Removed a member' })).toHaveCount(1);
});
