import { adminSignIn } from '../support/chat.js';
import { expect, test } from '../support/test.js';

test('trial mail: a newcomer subscribes, opens the confirmation from the admin Mail view and is confirmed', async ({
  page,
  context,
}) => {
  const address = `mailview-${Date.now()}@example.com`;
  await page.goto('/');
  const box = page.getByRole('form', { name: 'Get our newsletter' });
  await box.getByLabel('Email address').fill(address);
  await box.getByRole('button', { name: 'Subscribe' }).click();
  await expect(box.getByRole('status')).toContainText('Subscription successful!');

  await adminSignIn(page);
  await page.getByRole('tablist', { name: 'Admin sections' }).getByRole('tab', { name: 'Mail' }).click();
  await expect(page.getByText('No mail server is configured')).toBeVisible();
  const row = page.getByRole('table', { name: 'Mail' }).getByRole('row').filter({ hasText: address });
  await expect(row.getByText('In outbox')).toBeVisible();
  await row.getByRole('button', { name: /Confirm your subscription/ }).click();

  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTitle(/HTML part of Confirm your subscription/)).toBeVisible();
  await expect(dialog.getByText('List-Unsubscribe-Post')).toBeVisible();
  await dialog.getByRole('tab', { name: 'Text' }).click();
  const link = dialog.getByRole('link', { name: /\/newsletter\/confirm\?token=/ });
  const [confirmPage] = await Promise.all([context.waitForEvent('page'), link.click()]);
  await expect(confirmPage.getByRole('alert')).toContainText('Your subscription is confirmed');

  await page.keyboard.press('Escape');
  await page.getByRole('tablist', { name: 'Admin sections' }).getByRole('tab', { name: 'Jobs' }).click();
  await expect(page.getByRole('table', { name: 'Jobs per queue' })).toContainText('maintenance.cleanup');
});
