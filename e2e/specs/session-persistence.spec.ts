import type { Browser, BrowserContext, Page } from '@playwright/test';
import { logOutFromNavbar, signUp, type TestUser, uniqueUser } from '../support/accounts.js';
import { E2E_BASE_URL } from '../support/env.js';
import { storedAccess } from '../support/session.js';
import { expect, test } from '../support/test.js';

/**
 * Decision 004: Remember me survives closing the browser and an expired access
 * token; without it the session ends with the browser session.
 */

/** The access token with its payload's exp moved into the past (signature no longer matches). */
function expire(access: string): string {
  const [header, payload, signature] = access.split('.');
  const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
  const expired = Buffer.from(JSON.stringify({ ...claims, exp: Math.floor(Date.now() / 1000) - 60 }));
  return `${header}.${expired.toString('base64url')}.${signature}`;
}

/**
 * What a browser keeps when it is closed and opened again: localStorage and cookies with an expiry.
 * Session cookies are gone. The stored access token is made expired, as after a night away.
 */
async function reopenBrowser(browser: Browser, context: BrowserContext): Promise<BrowserContext> {
  const state = await context.storageState();
  const origins = state.origins.map((origin) => ({
    ...origin,
    localStorage: origin.localStorage.map((item) =>
      item.name === 'access' ? { ...item, value: expire(item.value) } : item,
    ),
  }));
  const cookies = state.cookies.filter((cookie) => cookie.expires !== -1);
  await context.close();
  return browser.newContext({ baseURL: E2E_BASE_URL, storageState: { cookies, origins } });
}

async function signInWith(page: Page, user: TestUser, remember: boolean): Promise<void> {
  await page.goto('/signin');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByLabel('Remember me').setChecked(remember);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/profile$/);
}

const welcome = (page: Page) => page.getByRole('heading', { name: /^Welcome,/ });
const storedRefresh = (page: Page) => page.evaluate(() => window.localStorage.getItem('refresh'));

test('Remember me: an expired access token is renewed silently, on the page and after reopening the browser', async ({
  browser,
}) => {
  const user = uniqueUser();
  let context = await browser.newContext({ baseURL: E2E_BASE_URL });
  let page = await context.newPage();
  await signUp(page, user);
  await expect(welcome(page)).toBeVisible();
  await logOutFromNavbar(page);
  await signInWith(page, user, true);

  await test.step('the 1-second check renews a token that expired while the page stayed open', async () => {
    const access = (await storedAccess(page)) ?? '';
    const refresh = await storedRefresh(page);
    await page.evaluate((expired) => window.localStorage.setItem('access', expired), expire(access));
    await expect.poll(() => storedRefresh(page), { timeout: 5_000 }).not.toBe(refresh);
    await expect(page).toHaveURL(/\/profile$/);
    await expect(welcome(page)).toBeVisible();
  });

  await test.step('closing the browser and coming back after the token expired keeps the user signed in', async () => {
    const refresh = await storedRefresh(page);
    context = await reopenBrowser(browser, context);
    page = await context.newPage();
    await page.goto('/profile');
    await expect(welcome(page)).toBeVisible();
    await expect(page).toHaveURL(/\/profile$/);
    expect(await storedRefresh(page)).not.toBe(refresh);
    // The renewed access token works against the API (the user information is polled with it).
    await expect(page.getByText('Completed orders')).toBeVisible();
  });
  await context.close();
});

test('without Remember me the session ends with the browser session', async ({ browser, request }) => {
  const user = uniqueUser();
  let context = await browser.newContext({ baseURL: E2E_BASE_URL });
  let page = await context.newPage();
  await signUp(page, user);
  await expect(welcome(page)).toBeVisible();
  await logOutFromNavbar(page);
  await signInWith(page, user, false);

  await test.step('another tab of the same browser session is signed in', async () => {
    const tab = await context.newPage();
    await tab.goto('/profile');
    await expect(welcome(tab)).toBeVisible();
    await tab.close();
  });

  await test.step('after the browser is closed the user is signed out and the refresh token revoked', async () => {
    const refresh = (await storedRefresh(page)) ?? '';
    context = await reopenBrowser(browser, context);
    page = await context.newPage();
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/signin$/);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    expect(await page.evaluate(() => window.localStorage.length)).toBe(0);
    await expect
      .poll(async () =>
        (await request.post('/api/v1/user/authenticate/refresh', { data: { refresh } })).status(),
      )
      .toBe(401);
  });
  await context.close();
});
