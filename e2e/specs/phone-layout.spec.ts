import { SANDBOX_TEST_CARD } from '@app/contract';
import type { Page } from '@playwright/test';
import { signIn, signUp, uniqueUser } from '../support/accounts.js';
import { adminSignIn } from '../support/chat.js';
import { E2E_DEMO_PASSWORD } from '../support/env.js';
import { expectFits, PHONE, phonePage } from '../support/phone-layout.js';
import { expect, test } from '../support/test.js';

/**
 * At 390 px (docs/architecture.md, stacked tables) nothing scrolls sideways on any signed-in screen,
 * and no control is cut off at the edge. Each screen is filled with realistic data first (keys, API
 * keys, a payment, a listing with a 150-character address, long names).
 */

const LONG_ADDRESS =
  'Apartment 12B, The Old Harbour Warehouse Conversion, 1487 Northern Embankment Promenade, Saint Peter Port Industrial Quarter, Greater Waterside District';

async function visit(page: Page, url: string, ready: () => Promise<void>, shot?: string): Promise<void> {
  await page.goto(url);
  await ready();
  await expectFits(page, url, shot);
}

test('every signed-in screen fits a 390 px phone', async ({ browser }) => {
  test.setTimeout(240_000);

  // A client with long names, a licence key, an API key, a paid plan and a project.
  const client = await phonePage(browser);
  const user = {
    ...uniqueUser(),
    firstName: 'Maximiliana-Josephina',
    lastName: 'Featherstonehaugh-Worthington',
  };
  await signUp(client, user);
  await expect(client).toHaveURL(/\/profile$/);
  const access = await client.evaluate(() => localStorage.getItem('access'));
  const order = await client.request.post('/api/v1/user/project/request', {
    headers: { authorization: `Bearer ${access}` },
    multipart: {
      name: 'Customer loyalty and table reservations platform for a chain of harbour cafés',
      web: 'true',
      android: 'true',
      desktop: 'false',
      proposalLink: 'https://example.com/a-rather-long-proposal-link/that/goes/on/and/on/for-a-while.pdf',
    },
  });
  expect(order.status()).toBe(200);

  await client.goto('/store/key-manager');
  const popupPromise = client.waitForEvent('popup');
  await client.getByRole('button', { name: 'Subscribe to Pro' }).click();
  const popup = await popupPromise;
  await popup.setViewportSize(PHONE);
  await expect(popup.getByRole('heading', { name: 'Test payment' })).toBeVisible();
  await expectFits(popup, '/payments/sandbox/checkout');
  await popup.getByLabel('Card number').fill(SANDBOX_TEST_CARD);
  await popup.getByLabel('Expiry (MM/YY)').fill('12/39');
  await popup.getByLabel('CVC').fill('123');
  await popup.getByLabel('First name').fill('Ada');
  await popup.getByLabel('Last name').fill('Lovelace');
  await popup.getByRole('button', { name: /^Pay / }).click();
  await expect(popup.getByTestId('payment-status')).toHaveText('paid');
  await expectFits(popup, '/payment-status');
  // The click closes the popup; Playwright may see its page go mid-click, so the close event is the check.
  await Promise.all([
    popup.waitForEvent('close'),
    popup
      .getByRole('button', { name: 'Close this window' })
      .click({ noWaitAfter: true })
      .catch(() => undefined),
  ]);
  await expect(client.getByRole('heading', { name: 'Pro plan' })).toBeVisible();

  await client.goto('/store/key-manager?tab=keys');
  for (const activations of ['3', '250']) {
    await client.getByRole('button', { name: 'Add key' }).click();
    const dialog = client.getByRole('dialog', { name: 'Add key' });
    await dialog.getByLabel('Max activations').fill(activations);
    await dialog.getByRole('button', { name: 'Create key' }).click();
    await expect(dialog).toBeHidden();
  }
  await expect(client.getByText('0 / 250')).toBeVisible();
  await expectFits(client, '/store/key-manager?tab=keys', 'key-manager-keys');
  // The key page (decision 032): its facts, devices and history.
  await client.locator('tbody tr').first().getByRole('link').click();
  await expect(client.getByRole('heading', { name: 'History' })).toBeVisible();
  await expectFits(client, '/store/key-manager/keys/:id');
  await client.goto('/store/key-manager?tab=api');
  await client.getByRole('button', { name: 'Generate API key' }).click();
  await expect(client.getByTestId('new-api-key')).toBeVisible();
  await expectFits(client, '/store/key-manager?tab=api (new key shown)');
  await client.getByRole('button', { name: 'Done' }).click();
  await expectFits(client, '/store/key-manager?tab=api', 'key-manager-api');

  const heading = (name: string | RegExp) => () =>
    expect(client.getByRole('heading', { name }).first()).toBeVisible();
  await visit(client, '/store/key-manager', heading('Pro plan'));
  await visit(client, '/store/key-manager?tab=products', () =>
    expect(client.getByTestId('product-row-default')).toBeVisible(),
  );
  await visit(client, '/store/key-manager?tab=webhooks', () => expect(client.locator('main')).toBeVisible());
  await visit(client, '/store/key-manager?tab=documentation', () =>
    expect(client.locator('main')).toBeVisible(),
  );
  await visit(client, '/profile', heading(/^Welcome,/));
  await visit(client, '/profile?tab=settings', heading('Settings'));
  await visit(client, '/profile?tab=security', heading('Two-factor sign-in'));
  await visit(client, '/profile?tab=sessions', () =>
    expect(client.getByRole('table', { name: 'Signed-in devices' }).getByText('This device')).toBeVisible(),
  );
  await visit(
    client,
    '/profile?tab=apis',
    () => expect(client.getByRole('cell', { name: '300' }).first()).toBeVisible(),
    'profile-apis',
  );
  await visit(client, '/profile?tab=subscriptions', heading('Subscriptions'));
  await visit(client, '/profile?tab=invoices', heading('Invoices'));
  await visit(
    client,
    '/profile?tab=payment-history',
    () => expect(client.getByRole('button', { name: /View receipt/ }).first()).toBeVisible(),
    'payment-history',
  );
  await client
    .getByRole('button', { name: /View receipt/ })
    .first()
    .click();
  await expect(client.getByRole('dialog', { name: /Receipt #/ })).toBeVisible();
  await expectFits(client, 'receipt dialog');
  await client.keyboard.press('Escape');
  await visit(client, '/orders', heading('Your orders'));
  await client.getByRole('button', { name: 'More Info' }).first().click();
  await expectFits(client, '/orders (project details open)', 'orders');
  await visit(client, '/orders/create', () => expect(client.getByLabel('Project name')).toBeVisible());
  await visit(client, '/chatroom', heading('Chat room'));
  await client.goto('/orders');
  await client.getByRole('article').first().getByRole('link', { name: 'Message' }).click();
  await expect(client.getByLabel('Message', { exact: true })).toBeVisible();
  await expectFits(client, '/chatroom (room open)', 'chatroom');
  await visit(client, '/payment-canceled', () =>
    expect(client.getByRole('heading', { name: 'Payment Canceled!' })).toBeVisible(),
  );

  await test.step('the open menu is opaque and every account link fits', async () => {
    await client.goto('/profile');
    await client.getByRole('button', { name: 'Toggle navigation' }).click();
    const menu = client.locator('#main-nav');
    await expect(menu).toBeVisible();
    await expectFits(client, 'open mobile menu', 'menu-open');
    // The page text must not show through the open menu.
    const background = await client
      .locator('header.app-navbar')
      .evaluate((header) => getComputedStyle(header).backgroundColor);
    expect(background).toMatch(/^rgb\(/);
  });

  // The demo realtor: businesses, a listing with a 150-character address, agents.
  const realtor = await phonePage(browser);
  await realtor.goto('/signin');
  await signIn(realtor, 'realtor@demo.test', E2E_DEMO_PASSWORD);
  await expect(realtor).toHaveURL(/\/profile$/);
  await realtor.goto('/profile?tab=business');
  await realtor
    .getByRole('button', { name: /^Open / })
    .first()
    .click();
  await realtor.getByRole('button', { name: 'Add', exact: true }).click();
  const house = realtor.getByRole('dialog', { name: 'Add house' });
  await house.getByLabel('Address').fill(LONG_ADDRESS);
  await house.getByLabel('Latitude').fill('36.97');
  await house.getByLabel('Longitude').fill('-122.03');
  await house.getByRole('combobox', { name: 'Country' }).fill('United States');
  await house.getByRole('option', { name: 'United States', exact: true }).click();
  await expect(house.getByLabel('State')).toBeEnabled();
  await house.getByLabel('State').selectOption({ label: 'California' });
  await expectFits(realtor, 'add house dialog');
  await house.getByRole('button', { name: 'Add house' }).click();
  await expect(house).toBeHidden();
  await expect(realtor.getByText(LONG_ADDRESS).first()).toBeVisible();
  await expectFits(realtor, 'business properties', 'business-properties');
  await realtor.getByRole('tab', { name: 'Agents' }).click();
  await expectFits(realtor, 'business agents');

  const staff = await phonePage(browser);
  await staff.goto('/signin');
  await signIn(staff, 'staff@demo.test', E2E_DEMO_PASSWORD);
  await expect(staff).toHaveURL(/\/company\/staff$/);
  await expect(staff.getByRole('heading').first()).toBeVisible();
  await expectFits(staff, '/company/staff');

  const admin = await phonePage(browser);
  await adminSignIn(admin);
  await expectFits(admin, '/company/admin', 'admin-dashboard');
  const logOut = admin
    .getByRole('button', { name: 'Log out' })
    .or(admin.getByRole('link', { name: 'Log out' }));
  const lines = await logOut.first().evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return new Set(Array.from(range.getClientRects()).map((rect) => Math.round(rect.top))).size;
  });
  expect.soft(lines, 'admin Log out wraps').toBeLessThanOrEqual(1);
  for (const section of [
    'dashboard',
    'projects',
    'products',
    'plan-upgrade-requests',
    'quotes',
    'invoices',
    'apis',
    'leads',
    'newsletter',
    'messages',
    'customer-service',
    'users',
    'mail',
    'jobs',
    'security',
  ]) {
    await admin.goto(`/company/admin?section=${section}`);
    await expect(admin.getByRole('tabpanel').first()).toBeVisible();
    await admin.waitForTimeout(400);
    await expectFits(admin, `/company/admin?section=${section}`);
  }
  await admin.goto('/company/admin?section=users');
  await admin.getByRole('tab', { name: 'Clients' }).click();
  await expect(admin.getByText(user.email)).toBeVisible();
  await expectFits(admin, '/company/admin?section=users (clients)', 'admin-clients');
});
