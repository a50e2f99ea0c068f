import { signIn } from '../support/accounts.js';
import { E2E_DEMO_PASSWORD } from '../support/env.js';
import { expect, test } from '../support/test.js';

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

test("a staff member's assignments and discussions are searched on the server", async ({ page }) => {
  await page.goto('/signin');
  await signIn(page, STAFF.email, STAFF.password);
  await expect(page).toHaveURL(/\/company\/staff$/);
  const demo = page.getByRole('article', { name: 'Harbour Café ordering app (Web)' });
  await expect(demo).toBeVisible();
  const box = page.getByRole('searchbox', { name: 'Search assignments' });
  const searched = page.waitForResponse((response) => {
    const url = new URL(response.url());
    return url.pathname === '/api/v1/staff/projects' && url.searchParams.get('search') === 'harbour caf';
  });
  await box.fill('harbour caf');
  await searched;
  await expect(demo).toBeVisible();
  await box.fill('no such project');
  await expect(page.getByText('No assigned project matches this search.')).toBeVisible();
  await expect(demo).toHaveCount(0);

  await page.goto('/chatroom');
  const rooms = page.getByRole('navigation', { name: 'Discussions' });
  await expect(
    rooms.getByRole('button', { name: 'Harbour Café ordering app (Web)', exact: true }),
  ).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search discussions' }).fill('no such project');
  await expect(page.getByText('No discussion matches this search.')).toBeVisible();
});
