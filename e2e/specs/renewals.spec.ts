import {
  CARD_SAVED_MESSAGE,
  SANDBOX_RENEWAL_DECLINED_CARD,
  SANDBOX_TEST_CARD,
  SUBSCRIPTION_CANCELED_MESSAGE,
  SUBSCRIPTION_RESUMED_MESSAGE,
} from '@app/contract';
import { signUp, uniqueUser } from '../support/accounts.js';
import { adminSignIn } from '../support/chat.js';
import { expect, test } from '../support/test.js';

/**
 * Automatic renewals in the Subscriptions tab (decision 021): the card saved at checkout, cancel at
 * period end and resume, and a card update. (Dunning needs the clock moved: the API tests cover it.)
 */
test('a client sees the saved card, cancels at period end, resumes, and updates the card', async ({
  page,
}) => {
  await signUp(page, uniqueUser());
  await expect(page).toHaveURL(/\/profile$/);
  await page.goto('/store/key-manager');
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Subscribe to Pro' }).click();
  const popup = await popupPromise;
  // The card that pays at checkout and declines renewals, as Stripe's 4000 0000 0000 0341.
  await popup.getByLabel('Card number').fill(SANDBOX_RENEWAL_DECLINED_CARD);
  await popup.getByLabel('Expiry (MM/YY)').fill('12/39');
  await popup.getByLabel('CVC').fill('123');
  await popup.getByLabel('First name').fill('Ada');
  await popup.getByLabel('Last name').fill('Lovelace');
  await popup.getByRole('button', { name: 'Pay $9.00' }).click();
  await expect(popup.getByTestId('payment-status')).toHaveText('paid');
  await popup.close();

  await page.goto('/profile?tab=subscriptions');
  const panel = page.getByTestId('renewal-panel');
  await expect(panel.getByText(/Renews automatically on .+ with •••• 0341 \(12\/39\)/)).toBeVisible();
  // …and only there: no second "Renews <date>" line above it.
  await expect(page.getByText(/^Renews \w{3} \d{1,2}, \d{4}$/)).toHaveCount(0);
  // A plan that renews itself offers no "Pay next period".
  await expect(page.getByRole('button', { name: 'Pay next period' })).toHaveCount(0);

  await panel.getByRole('button', { name: 'Cancel at period end' }).click();
  await expect(page.getByText(SUBSCRIPTION_CANCELED_MESSAGE)).toBeVisible();
  await expect(panel.getByText(/Canceled: the plan ends on/)).toBeVisible();
  // The end date is said once, in the panel, not again above it.
  await expect(page.getByText(/^(Ends|Renews) \w{3} \d{1,2}, \d{4}$/)).toHaveCount(0);

  await panel.getByRole('button', { name: 'Resume' }).click();
  await expect(page.getByText(SUBSCRIPTION_RESUMED_MESSAGE)).toBeVisible();
  await expect(panel.getByText(/Renews automatically on/)).toBeVisible();

  await panel.getByRole('button', { name: 'Update card' }).click();
  const dialog = page.getByRole('dialog', { name: /Update card/ });
  await dialog.getByLabel('Card number').fill('4000 0000 0000 0002');
  await dialog.getByLabel('Expiry (MM/YY)').fill('10/37');
  await dialog.getByLabel('CVC').fill('321');
  await dialog.getByLabel('First name').fill('Ada');
  await dialog.getByLabel('Last name').fill('Lovelace');
  await dialog.getByRole('button', { name: 'Save card' }).click();
  await expect(dialog.getByText('Your card was declined')).toBeVisible();
  await dialog.getByLabel('Card number').fill(SANDBOX_TEST_CARD);
  await dialog.getByRole('button', { name: 'Save card' }).click();
  await expect(page.getByText(CARD_SAVED_MESSAGE)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(panel.getByText(/with •••• 4242 \(10\/37\)/)).toBeVisible();
});

test('the admin panel lists past-due subscriptions', async ({ page }) => {
  await adminSignIn(page);
  await page.getByRole('tab', { name: 'Past-due subscriptions' }).click();
  await expect(page.getByRole('heading', { name: 'Past-due subscriptions' })).toBeVisible();
  await expect(page.getByText(/Retried 1, 3 and 5 days after the first failure/)).toBeVisible();
  // The list loaded (an API error would show instead).
  const section = page.getByRole('region', { name: 'Past-due subscriptions' });
  await expect(section.getByText('No past-due subscriptions.').or(section.getByRole('table'))).toBeVisible();
});
