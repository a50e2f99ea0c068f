import { craftJwt, storageLength } from '../support/session.js';
import { expect, test } from '../support/test.js';

test('/profile redirects to /signin when signed out', async ({ page }) => {
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
});

test('an expired token is cleared within about a second and /profile stays closed', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const expired = craftJwt({ sub: 'someone', user_type: 'c', exp: Math.floor(Date.now() / 1000) - 60 });
  await page.evaluate((access) => {
    window.localStorage.setItem('access', access);
    window.localStorage.setItem('refresh', 'stale-refresh-token');
    window.localStorage.setItem('user_type', 'c');
    window.localStorage.setItem('unrelated', 'also cleared');
  }, expired);
  expect(await storageLength(page)).toBe(4);
  await expect.poll(() => storageLength(page), { timeout: 2500, intervals: [100] }).toBe(0);

  await page.goto('/profile');
  await expect(page).toHaveURL(/\/signin$/);
});

test('/company/admin redirects to the admin login, also for a signed-in non-admin token', async ({
  page,
}) => {
  await page.goto('/company/admin');
  await expect(page).toHaveURL(/\/company\/admin\/login$/);
  await expect(page.getByRole('heading', { name: 'Admin sign in' })).toBeVisible();

  const clientToken = craftJwt({ sub: 'c1', user_type: 'c', exp: Math.floor(Date.now() / 1000) + 600 });
  await page.evaluate((access) => window.localStorage.setItem('access', access), clientToken);
  await page.goto('/company/admin');
  await expect(page).toHaveURL(/\/company\/admin\/login$/);
});

test('an unknown route answers HTTP 404 with the not-found page and a link home', async ({
  page,
  request,
}) => {
  const response = await page.goto('/this-page-does-not-exist');
  expect(response?.status()).toBe(404);
  // The not-found page is in the first HTML response too, for crawlers and visitors without JavaScript.
  expect(await response?.text()).toContain('Page not found');
  // The client router's own pages still answer 200, signed-in ones included.
  for (const known of ['/', '/about', '/profile', '/chatroom/', '/company/admin'])
    expect((await request.get(known)).status(), known).toBe(200);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to the home page' }).click();
  await expect(page).toHaveURL(/\/$/);
});
