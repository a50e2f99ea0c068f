import { PAYMENT_CANCELED_MESSAGE, SANDBOX_TEST_CARD } from '@app/contract';
import type { Page } from '@playwright/test';
import { signUp, uniqueUser } from '../support/accounts.js';
import { adminSignIn } from '../support/chat.js';
import { expect, test } from '../support/test.js';

/** Details a first-time user met: pages, cards and forms that should simply work as expected. */

async function signedUpClient(page: Page): Promise<string> {
  await signUp(page, uniqueUser());
  await expect(page).toHaveURL(/\/profile$/);
  const access = await page.evaluate(() => localStorage.getItem('access'));
  if (!access) throw new Error('no access token');
  return access;
}

test("/payment-canceled opened directly says the spec's 'Payment Canceled!'", async ({ page }) => {
  await signedUpClient(page);
  await page.goto('/payment-canceled');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(PAYMENT_CANCELED_MESSAGE);
  await expect(page.getByText('Nothing was charged.')).toBeVisible();
});

test('More Info opens one project card without stretching the card beside it', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const access = await signedUpClient(page);
  const order = await page.request.post('/api/v1/user/project/request', {
    headers: { authorization: `Bearer ${access}` },
    multipart: {
      name: 'Harbour café',
      web: 'true',
      android: 'true',
      proposalLink: 'https://example.com/p.pdf',
    },
  });
  expect(order.status()).toBe(200);
  await page.goto('/orders');
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(2);
  const [first, second] = [cards.nth(0), cards.nth(1)];
  // Side by side at this width.
  expect((await first.boundingBox())?.y).toBe((await second.boundingBox())?.y);
  const closedHeight = (await second.boundingBox())?.height;
  await first.getByRole('button', { name: 'More Info' }).click();
  await expect(first.getByText('Development progress')).toBeVisible();
  await expect.poll(async () => (await first.boundingBox())?.height).toBeGreaterThan(closedHeight ?? 0);
  expect((await second.boundingBox())?.height).toBe(closedHeight);
});

test('the admin menu folds away on a phone, so the section starts at the top', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await adminSignIn(page);
  const panel = page.getByRole('tabpanel');
  await expect(panel).toBeVisible();
  const gap = await page.evaluate(() => {
    const bar = document.querySelector('nav.navbar')?.getBoundingClientRect().bottom ?? 0;
    return (document.querySelector('[role="tabpanel"]')?.getBoundingClientRect().top ?? 0) - bar;
  });
  // The folded menu is one button (about 60 px with its padding), not fourteen wrapped ones.
  expect(gap).toBeLessThan(100);
  const sections = page.getByRole('tablist', { name: 'Admin sections' });
  await expect(sections).toBeHidden();
  const menu = page.getByRole('button', { name: 'Admin sections: Dashboard' });
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await menu.click();
  await expect(sections).toBeVisible();
  await sections.getByRole('tab', { name: 'Users' }).click();
  await expect(sections).toBeHidden();
  await expect(page).toHaveURL(/section=users/);
  await expect(page.getByRole('button', { name: 'Admin sections: Users' })).toHaveAttribute(
    'aria-expanded',
    'false',
  );
  // From md up the sidebar is always there, with no button.
  await page.setViewportSize({ width: 1024, height: 768 });
  await expect(sections).toBeVisible();
  await expect(page.getByRole('button', { name: /^Admin sections:/ })).toBeHidden();
});

test('the test card takes an expiry typed as "12 / 39" and a country found by typing', async ({ page }) => {
  await signedUpClient(page);
  await page.goto('/store/key-manager');
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Subscribe to Pro' }).click();
  const popup = await popupPromise;
  await popup.getByLabel('Card number').fill(SANDBOX_TEST_CARD);
  await popup.getByLabel('Expiry (MM/YY)').fill('12 / 39');
  await popup.getByLabel('CVC').fill('123');
  await popup.getByLabel('First name').fill('Ada');
  await popup.getByLabel('Last name').fill('Lovelace');
  // The country list filters as you type and is worked with the keyboard.
  const country = popup.getByRole('combobox', { name: 'Country (optional)' });
  await country.pressSequentially('united k');
  await expect(popup.getByRole('listbox').getByRole('option')).toHaveText(['United Kingdom']);
  await country.press('ArrowDown');
  await country.press('Enter');
  await expect(country).toHaveValue('United Kingdom');
  await expect(country).toHaveAttribute('aria-expanded', 'false');
  await popup.getByRole('button', { name: /^Pay / }).click();
  await expect(popup.getByTestId('payment-status')).toHaveText('paid');
});
