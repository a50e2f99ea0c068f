import type { Page } from '@playwright/test';
import { signUp, uniqueUser } from '../support/accounts.js';
import { adminSignIn, sendMessage } from '../support/chat.js';
import { expect, test } from '../support/test.js';

const log = (page: Page) => page.getByRole('log', { name: 'Messages' });

test('a client and the admin chat about a project in real time, without reloading', async ({ browser }) => {
  const clientPage = await (await browser.newContext()).newPage();
  const user = uniqueUser();
  await signUp(clientPage, user);
  await expect(clientPage).toHaveURL(/\/profile$/);
  const orderName = `Chat app ${Date.now()}`;
  const access = await clientPage.evaluate(() => localStorage.getItem('access'));
  const created = await clientPage.request.post('/api/v1/user/project/request', {
    headers: { authorization: `Bearer ${access}` },
    multipart: {
      name: orderName,
      web: 'true',
      android: 'false',
      desktop: 'false',
      proposalLink: 'https://example.com/proposal',
    },
  });
  expect(created.status()).toBe(200);

  // The navbar's chat room icon button leads to /chatroom.
  await clientPage
    .getByRole('navigation', { name: 'Account' })
    .getByRole('link', { name: 'Chat room' })
    .click();
  await expect(clientPage).toHaveURL(/\/chatroom$/);
  const clientRooms = clientPage.getByRole('navigation', { name: 'Discussions' });
  await clientRooms.locator('div.border-bottom', { hasText: orderName }).getByRole('button').first().click();
  await expect(clientPage.getByText('Live')).toBeVisible();
  await sendMessage(clientPage, 'Hi team, when do we start?');
  await expect(log(clientPage).getByText('Hi team, when do we start?')).toBeVisible();

  const admin = await (await browser.newContext()).newPage();
  await adminSignIn(admin);
  await admin.getByRole('tab', { name: 'Messages' }).click();
  // The admin finds the order by name, as with years of orders: the list is every client's, newest
  // first, and specs running beside this one (51 orders in chat-project-rooms) can push it off page 1.
  await admin.getByRole('searchbox', { name: 'Search discussions' }).fill(orderName);
  const adminRooms = admin.getByRole('navigation', { name: 'Discussions' });
  await adminRooms.locator('div.border-bottom', { hasText: orderName }).getByRole('button').first().click();
  await expect(log(admin).getByText('Hi team, when do we start?')).toBeVisible();
  await expect(admin.getByText('Live')).toBeVisible();

  // Both rooms are Live, and a live room does not poll: a message that arrives was pushed.
  await sendMessage(admin, 'Monday morning!');
  await expect(log(clientPage).getByText('Monday morning!')).toBeVisible();
  await sendMessage(clientPage, 'Great, thanks');
  await expect(log(admin).getByText('Great, thanks')).toBeVisible();
  // Own messages are right-aligned, the team's on the left.
  const mine = log(clientPage)
    .getByText('Great, thanks')
    .locator('xpath=ancestor::div[contains(@class,"d-flex")][1]');
  await expect(mine).toHaveClass(/justify-content-end/);
  const theirs = log(clientPage)
    .getByText('Monday morning!')
    .locator('xpath=ancestor::div[contains(@class,"d-flex")][1]');
  await expect(theirs).toHaveClass(/justify-content-start/);
});
