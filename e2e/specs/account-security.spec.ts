import { signIn, signUp, uniqueUser } from '../support/accounts.js';
import { adminSignIn } from '../support/chat.js';
import { verificationLink } from '../support/mail.js';
import { expect, test } from '../support/test.js';

test('verified email: a new account is unverified, sends the link again and opens it', async ({ page }) => {
  const user = uniqueUser();
  await signUp(page, user, { verify: false });
  await expect(page).toHaveURL(/\/profile$/);

  const notice = page.getByRole('region', { name: /is unverified/ });
  await expect(notice).toContainText(`Your email address ${user.email} is unverified.`);
  await expect(notice.getByText('Unverified', { exact: true })).toBeVisible();

  await notice.getByRole('button', { name: 'Send the link again' }).click();
  await expect(notice.getByRole('status')).toContainText(`We sent a new link to ${user.email}`);

  const link = await verificationLink(page, user.email);
  const { pathname, search } = new URL(link);
  await page.goto(`${pathname}${search}`);
  await expect(page.getByRole('heading', { name: 'Verify your email address' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(`Thank you: ${user.email} is verified`);

  await page.getByRole('link', { name: 'Go to your profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: /^Welcome,/ })).toBeVisible();
  await expect(page.getByRole('region', { name: /is unverified/ })).toHaveCount(0);
});

test('Sessions: two browsers are listed, this one marked; signing the other out ends it', async ({
  page,
  browser,
}) => {
  const user = uniqueUser();
  await signUp(page, user, { verify: false });
  await expect(page).toHaveURL(/\/profile$/);

  const otherContext = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const other = await otherContext.newPage();
  try {
    await other.goto('/signin');
    await signIn(other, user.email, user.password);
    await expect(other).toHaveURL(/\/profile$/);

    await page.goto('/profile?tab=sessions');
    const table = page.getByRole('table', { name: 'Signed-in devices' });
    // The sign-up's session (this page) and the other browser's.
    await expect(table.getByRole('row')).toHaveCount(3);
    const mine = table.getByRole('row').filter({ hasText: 'This device' });
    await expect(mine).toHaveCount(1);
    await expect(mine).toContainText(/Chrome \d+ on Linux/);
    await expect(mine).toContainText('127.0.0.1');
    const theirs = table.getByRole('row').filter({ hasNotText: 'This device' }).filter({ hasText: 'Chrome' });
    await expect(theirs).toHaveCount(1);

    await theirs.getByRole('button', { name: /^Sign out / }).click();
    await expect(page.getByText(/was signed out$/)).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(2);

    // The other browser's next request is refused: it is back at the sign-in page.
    await other.goto('/profile');
    await expect(other).toHaveURL(/\/signin/);
  } finally {
    await otherContext.close();
  }
});

test('an admin signs a client out everywhere from the Users section', async ({ page, browser }) => {
  const user = uniqueUser();
  await signUp(page, user, { verify: false });
  await expect(page).toHaveURL(/\/profile$/);

  const adminContext = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const admin = await adminContext.newPage();
  try {
    await adminSignIn(admin);
    await admin.getByRole('tablist', { name: 'Admin sections' }).getByRole('tab', { name: 'Users' }).click();
    await admin.getByRole('tab', { name: 'Clients' }).click();
    await admin.getByRole('searchbox', { name: 'Search clients' }).fill(user.email);
    const row = admin
      .getByRole('table', { name: 'Clients' })
      .getByRole('row')
      .filter({ hasText: user.email });
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: `Sign ${user.firstName} ${user.lastName} out everywhere` }).click();
    const dialog = admin.getByRole('dialog', { name: /out everywhere\?/ });
    await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();
    await expect(
      admin.getByText(`${user.firstName} ${user.lastName} was signed out on every device`),
    ).toBeVisible();

    await page.goto('/profile');
    await expect(page).toHaveURL(/\/signin/);
  } finally {
    await adminContext.close();
  }
});

test('Settings: a new email address becomes the account’s when its link is opened', async ({ page }) => {
  const user = uniqueUser();
  await signUp(page, user);
  const next = `new-${user.email}`;
  await page.goto('/profile?tab=settings');
  const form = page.getByRole('form', { name: 'Email' });
  await form.getByLabel('New email address').fill(next);
  await form.getByLabel('Current password').fill(user.password);
  await form.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByText(`We sent a link to ${next}`)).toBeVisible();
  await expect(page.getByText(`Signed in as ${user.email}`)).toBeVisible();

  const link = await verificationLink(page, next);
  const { pathname, search } = new URL(link);
  await page.goto(`${pathname}${search}`);
  await expect(page.getByRole('alert')).toHaveText(`Thank you: your email address is now ${next}`);
  await page.goto('/profile?tab=settings');
  await expect(page.getByText(`Signed in as ${next}`)).toBeVisible();
});
