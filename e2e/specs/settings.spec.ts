import { signUp, uniqueUser } from '../support/accounts.js';
import { expect, test } from '../support/test.js';

test('profile settings: a name change shows a toast and reaches the dashboard; a wrong password is refused', async ({
  page,
}) => {
  const user = uniqueUser();
  await signUp(page, user);
  await expect(page).toHaveURL(/\/profile$/);

  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/profile\?tab=settings$/);
  await expect(page.getByText(`Signed in as ${user.email}`)).toBeVisible();

  await page.getByLabel('First name').fill('Augusta');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByText('Name updated', { exact: true })).toBeVisible();

  const passwordForm = page.getByRole('form', { name: 'Password' });
  await passwordForm.getByLabel('Current password').fill('definitely-not-my-password');
  await passwordForm.getByLabel('New password', { exact: true }).fill('Another-Password-2024');
  await passwordForm.getByLabel('Confirm new password').fill('Another-Password-2024');
  await passwordForm.getByRole('button', { name: 'Change password' }).click();
  const error = passwordForm.getByRole('alert');
  await expect(error).toBeVisible();
  await expect(error).toHaveClass(/alert-danger/);

  await page.getByRole('tab', { name: 'Dashboard' }).click();
  await expect(page.getByRole('heading', { name: `Welcome, Augusta ${user.lastName}` })).toBeVisible();
});
