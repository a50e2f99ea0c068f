import { logOutFromNavbar, signIn, signUp, uniqueUser } from '../support/accounts.js';
import { storedAccess } from '../support/session.js';
import { expect, test } from '../support/test.js';

test('sign up, sign out, sign in, reset the password and sign in with the new one', async ({ page }) => {
  const user = uniqueUser();
  const newPassword = 'Difference-Engine-1822';

  await test.step('sign up lands on the profile dashboard', async () => {
    await signUp(page, user);
    await expect(page).toHaveURL(/\/profile$/);
    await expect(
      page.getByRole('heading', { name: `Welcome, ${user.firstName} ${user.lastName}` }),
    ).toBeVisible();
    await expect(page.getByText('Completed orders')).toBeVisible();
    await expect(page.getByText('Completed projects')).toBeVisible();
    await expect(page.getByText('Pending payment: None')).toBeVisible();
    expect(await storedAccess(page)).not.toBeNull();
  });

  await test.step('log out clears the session and goes to /signin', async () => {
    await logOutFromNavbar(page);
    expect(await storedAccess(page)).toBeNull();
    await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
  });

  await test.step('sign in goes back to the profile', async () => {
    await signIn(page, user.email, user.password);
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('heading', { name: /^Welcome,/ })).toBeVisible();
    await logOutFromNavbar(page);
  });

  await test.step('forgot password: email, then question, answer and new password', async () => {
    await page.getByRole('button', { name: 'Forgot Password' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Email').fill(user.email);
    await dialog.getByRole('button', { name: 'NEXT' }).click();
    await expect(dialog.getByLabel('Security question')).toHaveValue(user.question);
    await dialog.getByLabel('Answer').fill(user.answer);
    await dialog.getByLabel('New password', { exact: true }).fill(newPassword);
    await dialog.getByLabel('Confirm new password').fill(newPassword);
    await dialog.getByRole('button', { name: 'NEXT' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Password reset', { exact: true })).toBeVisible();
  });

  await test.step('the old password is refused with the red error box', async () => {
    await signIn(page, user.email, user.password);
    const error = page.getByRole('alert').filter({ hasNotText: 'Password reset' });
    await expect(error).toBeVisible();
    await expect(error).toHaveClass(/alert-danger/);
    await expect(page).toHaveURL(/\/signin$/);
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  });

  await test.step('the new password works', async () => {
    await page.getByLabel('Password').fill(newPassword);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/profile$/);
  });
});

test('sign-up validation shows inline errors and sends nothing', async ({ page }) => {
  let signupCalls = 0;
  page.on('request', (request) => {
    if (request.url().includes('/authenticate/signup')) signupCalls += 1;
  });
  await page.goto('/signup');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('First name is required')).toBeVisible();
  await expect(page.getByLabel('First name')).toBeFocused();
  await expect(page.getByText('Security question is required')).toBeVisible();
  expect(signupCalls).toBe(0);
});
