import type { Page } from '@playwright/test';
import { signIn } from '../support/accounts.js';
import { adminSignIn } from '../support/chat.js';
import { E2E_DEMO_PASSWORD } from '../support/env.js';
import { expect, test } from '../support/test.js';

/**
 * Staff and admins on the public site: the bar leads back to their own area instead of a client's
 * profile, and a client's own pages (profile, orders, the Key Manager, payments) send them there.
 */

const CLIENT_PAGES = [
  '/profile',
  '/profile?tab=settings',
  '/orders',
  '/orders/create',
  '/store/key-manager',
  '/payment-status',
  '/payment-canceled',
];

async function expectAccountLinks(page: Page, area: string): Promise<void> {
  const account = page.getByRole('navigation', { name: 'Account', exact: true });
  await expect(account.getByRole('link', { name: area })).toBeVisible();
  await expect(account.getByRole('link', { name: 'Log out' })).toBeVisible();
  await expect(account.getByRole('link', { name: 'Profile' })).toHaveCount(0);
}

test('a staff member finds the Staff area in the bar and is sent there from client pages', async ({
  page,
}) => {
  await page.goto('/signin');
  await signIn(page, 'staff@demo.test', E2E_DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/company\/staff$/);
  await page.goto('/about');
  await expectAccountLinks(page, 'Staff area');
  await page
    .getByRole('navigation', { name: 'Account', exact: true })
    .getByRole('link', { name: 'Staff area' })
    .click();
  await expect(page).toHaveURL(/\/company\/staff$/);
  await expect(page.getByRole('heading', { name: 'Staff area' })).toBeVisible();
  for (const path of CLIENT_PAGES) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/company\/staff$/);
  }
  // The chat rooms stay open to staff: their assigned projects' rooms.
  await page.goto('/chatroom');
  await expect(page).toHaveURL(/\/chatroom$/);
});

test('an admin finds the Admin panel in the bar, also in the phone menu, and is sent there from client pages', async ({
  page,
}) => {
  await adminSignIn(page);
  await page.goto('/');
  await expectAccountLinks(page, 'Admin panel');
  for (const path of CLIENT_PAGES) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/company\/admin$/);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/about');
  await page.getByRole('button', { name: 'Toggle navigation' }).click();
  const menu = page.getByRole('navigation', { name: 'Account menu' });
  await expect(menu.getByRole('link', { name: 'Profile' })).toHaveCount(0);
  await menu.getByRole('link', { name: 'Admin panel' }).click();
  await expect(page).toHaveURL(/\/company\/admin$/);
});
