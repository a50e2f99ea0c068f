import { expect, test } from '@playwright/test';
import { signIn, uniqueUser } from '../support/accounts.js';

// 52 houses: one more page than the default 50, so the pager shows.
const HOUSES = 52;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test('an owner pages 52 houses one server page at a time and searches them on the server as they type', async ({
  page,
}) => {
  test.setTimeout(180_000);
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
    data: { businessName: 'Harbour Estates', businessType: types.types[0]?.id, agree: true },
  });
  expect(registered.status()).toBe(200);
  const businessID = ((await registered.json()) as { business: { id: string } }).business.id;
  // One after another: the list is newest first, so house 51 leads and house 0 ends page 2.
  for (let index = 0; index < HOUSES; index += 1) {
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
        address: `${index} Quay Street`,
        country: 'US',
        state: 'CA',
        thumbnail: { name: 'house.png', mimeType: 'image/png', buffer: PNG },
      },
    });
    expect(added.status()).toBe(200);
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
