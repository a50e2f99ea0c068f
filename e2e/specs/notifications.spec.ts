import type { Page } from '@playwright/test';
import { signUp, uniqueUser } from '../support/accounts.js';
import { adminSignIn } from '../support/chat.js';
import { expect, test } from '../support/test.js';

const bell = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
const token = (page: Page) => page.evaluate(() => localStorage.getItem('access'));

test('the client’s bell counts up live when the admin moves their project, leads to it, and the mail choice sticks', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const clientPage = await (await browser.newContext()).newPage();
  const user = uniqueUser();
  await signUp(clientPage, user);
  await expect(clientPage).toHaveURL(/\/profile$/);
  const orderName = `Bell app ${Date.now()}`;
  const headers = { authorization: `Bearer ${await token(clientPage)}` };
  const created = await clientPage.request.post('/api/v1/user/project/request', {
    headers,
    multipart: {
      name: orderName,
      web: 'true',
      android: 'false',
      desktop: 'false',
      proposalLink: 'https://example.com/proposal',
    },
  });
  expect(created.status()).toBe(200);
  const { orderID } = (await created.json()) as { orderID: string };
  const orders = (await (await clientPage.request.get('/api/v1/user/projects', { headers })).json()) as {
    data: Record<string, { projects: { id: string }[] }>;
  };
  const projectId = orders.data[orderID]?.projects[0]?.id ?? '';

  // Signed in, the bell is in the bar with nothing unread.
  await expect(bell(clientPage)).toHaveAccessibleName('Notifications');

  const admin = await (await browser.newContext()).newPage();
  await adminSignIn(admin);
  const approved = await admin.request.post('/api/v1/admin/project/approve', {
    headers: { authorization: `Bearer ${await token(admin)}` },
    data: { projectID: projectId },
  });
  expect(approved.status()).toBe(200);

  // No reload: the socket brings it.
  await expect(bell(clientPage)).toHaveAccessibleName('Notifications, 1 unread', { timeout: 20_000 });
  await expect(clientPage.getByTestId('notification-count')).toHaveText('1');

  await bell(clientPage).click();
  const panel = clientPage.getByRole('region', { name: 'Notifications' });
  const link = panel.getByRole('link', { name: new RegExp(orderName) });
  await expect(link).toContainText('Your project was approved.');
  await link.click();
  await expect(clientPage).toHaveURL(new RegExp(`/orders\\?order=${orderID}&project=${projectId}$`));
  await expect(panel).toBeHidden();
  await expect(bell(clientPage)).toHaveAccessibleName('Notifications');
  await expect(clientPage.getByTestId('notification-count')).toHaveCount(0);

  // Profile → Notifications: chat messages by mail no more; the choice is kept.
  await clientPage.goto('/profile?tab=notifications');
  const messages = clientPage.getByRole('group', { name: 'A new message in a project chat' });
  await expect(messages.getByLabel('Mail at once')).toBeChecked();
  await messages.getByLabel('No mail').check();
  await expect(clientPage.getByText('A new message in a project chat: no mail.')).toBeVisible();
  await clientPage.reload();
  await expect(
    clientPage.getByRole('group', { name: 'A new message in a project chat' }).getByLabel('No mail'),
  ).toBeChecked();
});
