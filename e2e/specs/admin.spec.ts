import type { Page } from '@playwright/test';
import { E2E_ADMIN } from '../support/env.js';
import { expect, test } from '../support/test.js';

async function fillAdminLogin(page: Page, password: string) {
  await page.goto('/company/admin/login');
  await page.getByLabel('Username').fill(E2E_ADMIN.username);
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

test('a wrong admin password shows the error and stays on the login page', async ({ page }) => {
  await fillAdminLogin(page, 'not-the-admin-password');
  const error = page.getByRole('alert');
  await expect(error).toBeVisible();
  await expect(error).toHaveClass(/alert-danger/);
  await expect(page).toHaveURL(/\/company\/admin\/login$/);
});

test('admin signs in, sees the dashboard counters and logs out to the admin login', async ({ page }) => {
  await fillAdminLogin(page, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/company\/admin$/);
  await expect(page.getByRole('tab', { name: 'Dashboard' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  for (const counter of ['Clients', 'Staff', 'Admins']) {
    await expect(page.getByRole('heading', { name: counter, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('heading', { name: 'Recent sign-ups' })).toBeVisible();

  // Signed in as admin, the login page forwards to the panel.
  await page.goto('/company/admin/login');
  await expect(page).toHaveURL(/\/company\/admin$/);

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/company\/admin\/login$/);
  expect(await page.evaluate(() => window.localStorage.length)).toBe(0);
});
