import type { Page } from '@playwright/test';
import { logOutFromNavbar, signIn, signUp, uniqueUser } from '../support/accounts.js';
import { expect, test } from '../support/test.js';

// A 1x1 PNG: the server judges photos by their bytes.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const photo = (name: string) => ({ name, mimeType: 'image/png', buffer: PNG });

async function fillPlace(dialog: ReturnType<Page['getByRole']>, country: string, state?: string) {
  // The country is typed and picked from the list that filters as you type.
  const countryBox = dialog.getByRole('combobox', { name: 'Country' });
  await countryBox.fill(country);
  await dialog.getByRole('option', { name: country, exact: true }).click();
  await expect(countryBox).toHaveValue(country);
  if (state) {
    const select = dialog.getByLabel('State');
    await expect(select).toBeEnabled();
    await select.selectOption({ label: state });
  }
}

test('a client registers a real-estate business, lists a house, a building and a land with photos, and an agent sees only the assigned house', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const owner = uniqueUser();
  await signUp(page, owner);
  await expect(page).toHaveURL(/\/profile$/);

  // Registration: the button is enabled only once the terms box is ticked.
  await page.getByRole('button', { name: 'Register a business' }).click();
  const registration = page.getByRole('dialog', { name: 'Register a business' });
  await registration.getByLabel('Business name').fill('Seaside Homes');
  await expect(registration.getByLabel('Business type')).toHaveValue(/\d+/);
  await expect(registration.getByRole('button', { name: 'Register' })).toBeDisabled();
  await expect(registration.getByRole('link', { name: 'business registration conditions' })).toHaveAttribute(
    'href',
    '/business-registration-conditions',
  );
  await registration.getByLabel(/I agree to the/).check();
  await registration.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Business registered')).toBeVisible();

  // The business account shows the Business tab and the Integrate Your Business button.
  await page.getByRole('button', { name: 'Integrate Your Business' }).click();
  const integrate = page.getByRole('dialog', { name: 'Integrate Your Business' });
  await expect(integrate.getByLabel('Snippet for your site')).toHaveValue(
    /\/api\/business\/public\/.+\/listings/,
  );
  await integrate.getByRole('button', { name: 'Close', exact: true }).last().click();

  await page.getByRole('tab', { name: 'Business' }).click();
  await page.getByRole('button', { name: 'Open Seaside Homes' }).click();
  await expect(page.getByRole('heading', { name: 'Seaside Homes' })).toBeVisible();

  // House: the defaults of docs/product-contract.md §Constants, photos through the storage service.
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const house = page.getByRole('dialog', { name: 'Add house' });
  await expect(house.getByLabel('Bedrooms')).toHaveValue('2');
  await expect(house.getByLabel('Floors')).toHaveValue('1');
  await expect(house.getByLabel('Area (sq ft)')).toHaveValue('1700');
  await expect(house.getByLabel('Price (USD)')).toHaveValue('45000');
  await house.getByLabel('Latitude').fill('95');
  await house.getByRole('button', { name: 'Add house' }).click();
  await expect(house.getByText('Latitude must be between -90 and 90')).toBeVisible();
  await house.getByLabel('Latitude').fill('36.97');
  await house.getByLabel('Longitude').fill('-122.03');
  await house.getByLabel('Address').fill('7 Ocean View Road');
  await fillPlace(house, 'United States', 'California');
  await house.getByLabel('Thumbnail').setInputFiles(photo('front.png'));
  await house.getByLabel(/^Images/).setInputFiles([photo('kitchen.png'), photo('garden.png')]);
  await house.getByRole('button', { name: 'Add house' }).click();
  await expect(page.getByText('House added')).toBeVisible();
  const houseRow = page.getByRole('row', { name: /7 Ocean View Road/ });
  await expect(houseRow).toBeVisible();
  await expect(houseRow.getByRole('img', { name: 'Photo of 7 Ocean View Road' })).toBeVisible();
  await expect(houseRow.getByText('Available')).toBeVisible();

  // Building.
  await page.getByText('Buildings', { exact: true }).click();
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const building = page.getByRole('dialog', { name: 'Add building' });
  await building.getByLabel('Floors').fill('5');
  await building.getByLabel('Units').fill('20');
  await building.getByLabel('Year built').fill('2001');
  await building.getByLabel('Area (sq ft)').fill('12000');
  await building.getByLabel('Price (USD)').fill('2500000');
  await building.getByLabel('Latitude').fill('51.5');
  await building.getByLabel('Longitude').fill('-0.12');
  await building.getByLabel('Address').fill('1 Harbour Court');
  await fillPlace(building, 'United Kingdom', 'Westminster');
  await building.getByLabel(/^Images/).setInputFiles([photo('lobby.png')]);
  await building.getByRole('button', { name: 'Add building' }).click();
  await expect(page.getByText('Building added')).toBeVisible();
  await expect(page.getByRole('row', { name: /1 Harbour Court/ })).toBeVisible();

  // Land.
  await page.getByText('Lands', { exact: true }).click();
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const land = page.getByRole('dialog', { name: 'Add land' });
  await land.getByLabel('Zoning').fill('Agricultural');
  await land.getByLabel('Area (sq ft)').fill('435600');
  await land.getByLabel('Price (USD)').fill('-5');
  await land.getByLabel('Address').fill('Lot 9, Valley Road');
  await fillPlace(land, 'United States', 'Oregon');
  await land.getByRole('button', { name: 'Add land' }).click();
  await expect(land.getByText('Price cannot be negative')).toBeVisible();
  await land.getByLabel('Price (USD)').fill('120000');
  await land.getByLabel('Thumbnail').setInputFiles(photo('field.png'));
  await land.getByRole('button', { name: 'Add land' }).click();
  await expect(page.getByText('Land added')).toBeVisible();
  await expect(page.getByRole('row', { name: /Lot 9, Valley Road/ })).toBeVisible();

  // Agent: the server checks that the passwords match; its message shows in an alert.
  const agent = { email: `agent-${Date.now()}@example.com`, password: 'Agent-pass-2024' };
  await page.getByRole('tab', { name: 'Agents' }).click();
  await page.getByRole('button', { name: 'Add new Agent' }).click();
  const register = page.getByRole('dialog', { name: 'Register Agent' });
  await register.getByLabel('First name').fill('Rita');
  await register.getByLabel('Last name').fill('Realtor');
  await register.getByLabel('Email').fill(agent.email);
  await register.getByLabel('Password', { exact: true }).fill(agent.password);
  await register.getByLabel('Confirm password').fill('Something-else-1');
  await register.getByRole('button', { name: 'Register' }).click();
  await expect(register.getByRole('alert')).toHaveText('Passwords do not match');
  await register.getByLabel('Confirm password').fill(agent.password);
  await register.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText(`${agent.email} can now sign in`)).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(agent.email) })).toBeVisible();

  // Assign the house: delete and assign stay disabled until a row is ticked.
  await page.getByRole('tab', { name: 'Properties' }).click();
  await page.getByText('Houses', { exact: true }).click();
  await expect(page.getByRole('button', { name: 'Assign agent' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Delete' })).toBeDisabled();
  await page.getByLabel('Tick 7 Ocean View Road').check();
  await page.getByRole('button', { name: 'Assign agent' }).click();
  const assign = page.getByRole('dialog', { name: 'Assign agent' });
  await assign
    .getByRole('group', { name: 'Agent for 1 ticked listing' })
    .getByRole('radio', { name: `Rita Realtor (${agent.email})` })
    .check();
  await assign.getByRole('button', { name: 'Assign' }).click();
  await expect(page.getByText('Agent assigned')).toBeVisible();
  await expect(page.getByRole('row', { name: /7 Ocean View Road/ })).toContainText('Rita Realtor');

  // Edit the house: a new price and status, kept photos.
  await page.getByRole('button', { name: 'Edit 7 Ocean View Road' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit house' });
  await expect(edit.getByLabel('Address')).toHaveValue('7 Ocean View Road');
  await edit.getByLabel('Price (USD)').fill('47500');
  await edit.getByLabel('Status').selectOption({ label: 'Open House' });
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('House updated')).toBeVisible();
  const edited = page.getByRole('row', { name: /7 Ocean View Road/ });
  await expect(edited).toContainText('$47,500.00');
  await expect(edited).toContainText('Open House');

  // Delete the land.
  await page.getByText('Lands', { exact: true }).click();
  await page.getByLabel('Tick Lot 9, Valley Road').check();
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete listings' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('deletion successful!')).toBeVisible();
  await expect(page.getByText('No lands yet.')).toBeVisible();

  // The agent signs in and sees only the assigned house.
  await logOutFromNavbar(page);
  await signIn(page, agent.email, agent.password);
  await expect(page).toHaveURL(/\/profile$/);
  await page.getByRole('tab', { name: 'Business' }).click();
  await page.getByRole('button', { name: 'Open Seaside Homes' }).click();
  await expect(page.getByRole('row', { name: /7 Ocean View Road/ })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Photo of 7 Ocean View Road' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add', exact: true })).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'Agents' })).toHaveCount(0);
  await page.getByText('Lands', { exact: true }).click();
  await expect(page.getByText('No lands yet.')).toBeVisible();
});

test('an owner sets a new password for an agent, then removes the agent, who loses the business', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const owner = uniqueUser();
  await signUp(page, owner);
  await page.getByRole('button', { name: 'Register a business' }).click();
  const registration = page.getByRole('dialog', { name: 'Register a business' });
  await registration.getByLabel('Business name').fill('Harbour Homes');
  await registration.getByLabel(/I agree to the/).check();
  await registration.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Business registered')).toBeVisible();
  await page.getByRole('tab', { name: 'Business' }).click();
  await page.getByRole('button', { name: 'Open Harbour Homes' }).click();

  const agent = { email: `agent-${Date.now()}@example.com`, password: 'Agent-pass-2024' };
  await page.getByRole('tab', { name: 'Agents' }).click();
  await page.getByRole('button', { name: 'Add new Agent' }).click();
  const register = page.getByRole('dialog', { name: 'Register Agent' });
  await register.getByLabel('First name').fill('Sam');
  await register.getByLabel('Last name').fill('Seller');
  await register.getByLabel('Email').fill(agent.email);
  await register.getByLabel('Password', { exact: true }).fill(agent.password);
  await register.getByLabel('Confirm password').fill(agent.password);
  await register.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('row', { name: new RegExp(agent.email) })).toBeVisible();

  // The agent forgot their password: the owner sets a new one; the server checks the two match.
  await page.getByRole('button', { name: `Set a new password for ${agent.email}` }).click();
  const reset = page.getByRole('dialog', { name: 'Set a new password' });
  await expect(reset.getByLabel('New password', { exact: true })).toBeFocused();
  await reset.getByLabel('New password', { exact: true }).fill('Agent-pass-2025');
  await reset.getByLabel('Confirm new password').fill('Agent-pass-2026');
  await reset.getByRole('button', { name: 'Set password' }).click();
  await expect(reset.getByRole('alert')).toHaveText('Passwords do not match');
  await reset.getByLabel('Confirm new password').fill('Agent-pass-2025');
  await reset.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByText('Password changed; the agent is signed out everywhere')).toBeVisible();
  await expect(reset).toHaveCount(0);

  // The agent signs in with the new password and sees the business.
  await logOutFromNavbar(page);
  await signIn(page, agent.email, 'Agent-pass-2025');
  await page.getByRole('tab', { name: 'Business' }).click();
  await expect(page.getByRole('button', { name: 'Open Harbour Homes' })).toBeVisible();

  // The owner removes the agent; Cancel has the focus first, so Enter never removes by accident.
  await logOutFromNavbar(page);
  await signIn(page, owner.email, owner.password);
  await page.getByRole('tab', { name: 'Business' }).click();
  await page.getByRole('button', { name: 'Open Harbour Homes' }).click();
  await page.getByRole('tab', { name: 'Agents' }).click();
  await page.getByRole('button', { name: `Remove ${agent.email}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove agent' });
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Agent removed')).toBeVisible();
  await expect(page.getByText('No agents yet.')).toBeVisible();

  await logOutFromNavbar(page);
  await signIn(page, agent.email, 'Agent-pass-2025');
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('tab', { name: 'Business' })).toHaveCount(0);
});
