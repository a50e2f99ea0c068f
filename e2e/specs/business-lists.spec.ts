import type { Page } from '@playwright/test';
import { signIn, uniqueUser } from '../support/accounts.js';
import { expect, test } from '../support/test.js';

// 52 houses: one more page than the default 50, so the pager shows.
const HOUSES = 52;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A new client with a registered business, through the API: the bearer header and the business id. */
async function ownerWithBusiness(page: Page, businessName: string) {
  const owner = uniqueUser();
  const signup = await page.request.post('/api/v1/user/authenticate/signup', {
    data: {
      username: `${owner.firstName} ${owner.lastName}`,
      password: owner.password,
      data: {
        firstName: owner.firstName,
        lastName: owner.lastName,
        email: owner.email,
        password: owner.password,
        confirmationPassword: owner.password,
        rememberMe: false,
        agree: true,
        securityQuestion: owner.question,
        securityQuestionAnswer: owner.answer,
      },
    },
  });
  expect(signup.status()).toBe(200);
  const headers = { authorization: `Bearer ${((await signup.json()) as { access: string }).access}` };
  const types = (await (await page.request.get('/api/business/types', { headers })).json()) as {
    types: { id: number; type: string }[];
  };
  const registered = await page.request.post('/api/business/register', {
    headers,
    data: { businessName, businessType: types.types[0]?.id, agree: true },
  });
  expect(registered.status()).toBe(200);
  const businessID = ((await registered.json()) as { business: { id: string } }).business.id;
  return { owner, headers, businessID };
}

async function addHouse(page: Page, headers: Record<string, string>, businessID: string, address: string) {
  const added = await page.request.post('/api/business/real-estate/house/add', {
    headers,
    multipart: {
      businessID,
      bedRoomCount: '2',
      bathRoomCount: '1',
      garageCount: '1',
      floorCount: '1',
      area: '1700',
      price: '45000',
      address,
      country: 'US',
      state: 'CA',
      thumbnail: { name: 'house.png', mimeType: 'image/png', buffer: PNG },
    },
  });
  expect(added.status()).toBe(200);
}

test('an owner pages 52 houses one server page at a time and searches them on the server as they type', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const { owner, headers, businessID } = await ownerWithBusiness(page, 'Harbour Estates');
  // One after another: the list is newest first, so house 51 leads and house 0 ends page 2.
  for (let index = 0; index < HOUSES; index += 1) {
    await addHouse(page, headers, businessID, `${index} Quay Street`);
  }

  await page.goto('/signin');
  await signIn(page, owner.email, owner.password);
  await expect(page).toHaveURL(/\/profile$/);
  await page.getByRole('tab', { name: 'Business' }).click();
  await page.getByRole('button', { name: 'Open Harbour Estates' }).click();
  const rows = page.getByRole('table', { name: 'Houses' }).locator('tbody > tr');
  const pager = page.getByRole('navigation', { name: 'Houses pages' });
  await expect(rows).toHaveCount(50);
  await expect(rows.first()).toContainText(`${HOUSES - 1} Quay Street`);
  await expect(pager.getByText('Page 1')).toBeVisible();

  await pager.getByRole('button', { name: 'Next' }).click();
  await expect(pager.getByText('Page 2')).toBeVisible();
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText('0 Quay Street');
  await expect(pager.getByRole('button', { name: 'Next' })).toBeDisabled();
  await pager.getByRole('button', { name: 'Previous' }).click();
  await expect(rows).toHaveCount(50);

  // The server searches, 300 ms after typing stops: one request for the finished term.
  const searches: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname !== '/api/business/real-estate/house/get') return;
    const body = request.postDataJSON() as { search?: string } | null;
    if (body?.search) searches.push(body.search);
  });
  const searched = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/api/business/real-estate/house/get' &&
      (response.request().postDataJSON() as { search?: string } | null)?.search === '17 Quay',
  );
  await page.getByRole('searchbox', { name: 'Search' }).pressSequentially('17 Quay', { delay: 20 });
  await searched;
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('17 Quay Street');
  expect(searches).toContain('17 Quay');
  expect(searches.length).toBeLessThan('17 Quay'.length);
  await expect(pager).toHaveCount(0);
});

test('the Business tab shows one server page of businesses and searches their names on the server', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { owner, headers } = await ownerWithBusiness(page, 'Branch 00');
  const types = (await (await page.request.get('/api/business/types', { headers })).json()) as {
    types: { id: number }[];
  };
  // 52 businesses, oldest first: Branch 00 … Branch 51.
  for (let index = 1; index < 52; index += 1) {
    const registered = await page.request.post('/api/business/register', {
      headers,
      data: {
        businessName: `Branch ${String(index).padStart(2, '0')}`,
        businessType: types.types[0]?.id,
        agree: true,
      },
    });
    expect(registered.status()).toBe(200);
  }
  await page.goto('/signin');
  await signIn(page, owner.email, owner.password);
  await expect(page).toHaveURL(/\/profile$/);
  await page.getByRole('tab', { name: 'Business' }).click();
  const opens = page.getByRole('list', { name: 'Businesses' }).getByRole('button', { name: /^Open / });
  const pager = page.getByRole('navigation', { name: 'Business pages' });
  await expect(opens).toHaveCount(50);
  await expect(opens.first()).toHaveAccessibleName('Open Branch 00');
  await pager.getByRole('button', { name: 'Next' }).click();
  await expect(opens).toHaveCount(2);
  await expect(opens.last()).toHaveAccessibleName('Open Branch 51');

  await page.getByRole('searchbox', { name: 'Search businesses' }).fill('branch 4');
  await expect(opens).toHaveCount(10);
  await expect(pager).toHaveCount(0);
  await page.getByRole('button', { name: 'Open Branch 47' }).click();
  await expect(page.getByRole('heading', { name: 'Branch 47' })).toBeVisible();
});

// 25 agents: the dialog shows 20 a page, so the last one is on page 2 and must be searched or paged to.
const AGENTS = 25;

test('the assign-agent dialog finds an agent beyond its first page by searching the server, and assigns them', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const { owner, headers, businessID } = await ownerWithBusiness(page, 'Crowded Realty');
  await addHouse(page, headers, businessID, '3 Lantern Lane');
  const stamp = Date.now();
  const email = (index: number) => `agent-${stamp}-${index}@example.com`;
  for (let index = 1; index <= AGENTS; index += 1) {
    const added = await page.request.post('/api/business/real-estate/agent/add', {
      headers,
      data: {
        businessID,
        firstName: `Agent${String(index).padStart(2, '0')}`,
        lastName: 'Crowd',
        email: email(index),
        password: 'Agent-pass-2024',
        confirmationPassword: 'Agent-pass-2024',
      },
    });
    expect(added.status()).toBe(200);
  }

  await page.goto('/signin');
  await signIn(page, owner.email, owner.password);
  await expect(page).toHaveURL(/\/profile$/);
  await page.getByRole('tab', { name: 'Business' }).click();
  await page.getByRole('button', { name: 'Open Crowded Realty' }).click();
  await page.getByLabel('Tick 3 Lantern Lane').check();
  await page.getByRole('button', { name: 'Assign agent' }).click();
  const dialog = page.getByRole('dialog', { name: 'Assign agent' });
  const group = dialog.getByRole('group', { name: 'Agent for 1 ticked listing' });
  // Page 1: Nobody and the 20 oldest agents; the 25th is not there.
  await expect(group.getByRole('radio')).toHaveCount(21);
  const last = `Agent${AGENTS} Crowd (${email(AGENTS)})`;
  await expect(group.getByRole('radio', { name: last })).toHaveCount(0);
  const pager = dialog.getByRole('navigation', { name: 'Agent pages' });
  await pager.getByRole('button', { name: 'Next' }).click();
  await expect(pager.getByText('Page 2')).toBeVisible();
  await expect(group.getByRole('radio', { name: last })).toBeVisible();

  // Searching from the keyboard: the server answers the finished term; Enter does not submit the form.
  const searched = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/api/business/real-estate/agent/get' &&
      (response.request().postDataJSON() as { search?: string } | null)?.search === `Agent${AGENTS}`,
  );
  const search = dialog.getByRole('searchbox', { name: 'Search agents' });
  await search.focus();
  await page.keyboard.type(`Agent${AGENTS}`, { delay: 20 });
  await searched;
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await expect(group.getByRole('radio')).toHaveCount(2);
  await expect(pager).toHaveCount(0);
  // Tab to the radio group (Nobody first), then the arrow key chooses the agent.
  await page.keyboard.press('Tab');
  await expect(group.getByRole('radio', { name: 'Nobody (unassign)' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(group.getByRole('radio', { name: last })).toBeChecked();
  // The choice survives a new search that does not show it.
  await search.fill('nobody-matches-this');
  await expect(dialog.getByText('No agent matches this search.')).toBeVisible();
  await expect(dialog.getByText(`Chosen: ${last}`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Assign' }).click();
  await expect(page.getByText('Agent assigned')).toBeVisible();
  await expect(page.getByRole('row', { name: /3 Lantern Lane/ })).toContainText(`Agent${AGENTS} Crowd`);
});
