import { expect, test } from '@playwright/test';
import { signIn } from '../support/accounts.js';
import { E2E_DEMO_PASSWORD } from '../support/env.js';

// The demo staff member is seeded at start (SEED_DEMO=true, DEMO_PASSWORD in the e2e server).
const STAFF = { email: 'staff@demo.test', password: E2E_DEMO_PASSWORD };

test('a staff member lands on /company/staff after sign-in and cannot open the admin panel', async ({
  page,
}) => {
  await page.goto('/signin');
  await signIn(page, STAFF.email, STAFF.password);
  await expect(page).toHaveURL(/\/company\/staff$/);
  await expect(page.getByRole('heading', { name: 'Staff area' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Marco Lindqvist' })).toBeVisible();
  await expect(page.getByText(STAFF.email)).toBeVisible();

  await page.goto('/company/admin');
  await expect(page).toHaveURL(/\/company\/admin\/login$/);
});

test('a client who opens /company/staff is sent to their profile', async ({ page }) => {
  await page.goto('/signin');
  await signIn(page, 'client@demo.test', E2E_DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/profile$/);
  await page.goto('/company/staff');
  await expect(page).toHaveURL(/\/profile$/);
});
