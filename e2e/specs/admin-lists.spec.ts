import { adminSignIn } from '../support/chat.js';
import { expect, test } from '../support/test.js';

// 52 clients share a last name no other spec uses: a search for it is two pages of the default 50.
const CLIENTS = 52;

test('admin Clients: server-side search as you type, then one page at a time with Next and Previous', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const tag = `Pager${Date.now().toString(36)}`;
  const emails: string[] = [];
  // One after another: the list is newest first, and sign-ups made at the same moment have no
  // defined order between them (the tie-break is a random id).
  for (let index = 0; index < CLIENTS; index += 1) {
    const email = `${tag.toLowerCase()}-${index}@example.com`;
    emails.push(email);
    const response = await page.request.post('/api/v1/user/authenticate/signup', {
      data: {
        username: `Client ${tag}`,
        password: 'Paging-client-pass-1',
        data: {
          firstName: `Client${index}`,
          lastName: tag,
          email,
          password: 'Paging-client-pass-1',
          confirmationPassword: 'Paging-client-pass-1',
          rememberMe: false,
          agree: true,
          securityQuestion: 'What was the name of your first pet?',
          securityQuestionAnswer: 'Biscuit',
        },
      },
    });
    expect(response.status()).toBe(200);
  }

  await adminSignIn(page);
  await page.getByRole('tablist', { name: 'Admin sections' }).getByRole('tab', { name: 'Users' }).click();
  await page.getByRole('tab', { name: 'Clients' }).click();
  const table = page.getByRole('table', { name: 'Clients' });
  const rows = table.locator('tbody > tr');
  const pager = page.getByRole('navigation', { name: 'Client pages' });

  const searches: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/v1/admin/users/clients' && url.searchParams.has('search')) {
      searches.push(url.searchParams.get('search') ?? '');
    }
  });
  const searched = page.waitForResponse((response) => {
    const url = new URL(response.url());
    return url.pathname === '/api/v1/admin/users/clients' && url.searchParams.get('search') === tag;
  });
  await page.getByRole('searchbox', { name: 'Search clients' }).pressSequentially(tag, { delay: 20 });
  await searched;
  await expect(rows).toHaveCount(50);
  // Debounced: the server saw the finished term, not one request per key.
  expect(searches).toContain(tag);
  expect(searches.length).toBeLessThan(tag.length);
  await expect(rows.first()).toContainText(`Client${CLIENTS - 1} ${tag}`);
  await expect(pager.getByText('Page 1')).toBeVisible();

  await pager.getByRole('button', { name: 'Next' }).click();
  await expect(pager.getByText('Page 2')).toBeVisible();
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText(`Client0 ${tag}`);
  await expect(pager.getByRole('button', { name: 'Next' })).toBeDisabled();

  await pager.getByRole('button', { name: 'Previous' }).click();
  await expect(pager.getByText('Page 1')).toBeVisible();
  await expect(rows).toHaveCount(50);

  // A narrower search starts again at page 1 with what the server found.
  await page.getByRole('searchbox', { name: 'Search clients' }).fill(emails[7] ?? '');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(emails[7] ?? '');
  await expect(pager).toHaveCount(0);
});

test("admin Clients: a client's orders dialog pages 20 orders at a time and searches them by name on the server", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const tag = `Orders${Date.now().toString(36)}`;
  const email = `${tag.toLowerCase()}@example.com`;
  const signup = await page.request.post('/api/v1/user/authenticate/signup', {
    data: {
      username: `Client ${tag}`,
      password: 'Paging-client-pass-1',
      data: {
        firstName: 'Many',
        lastName: tag,
        email,
        password: 'Paging-client-pass-1',
        confirmationPassword: 'Paging-client-pass-1',
        rememberMe: false,
        agree: true,
        securityQuestion: 'What was the name of your first pet?',
        securityQuestionAnswer: 'Biscuit',
      },
    },
  });
  expect(signup.status()).toBe(200);
  const { access } = (await signup.json()) as { access: string };
  // One after another, so each order is newer than the one before.
  for (let index = 0; index < 22; index += 1) {
    const order = await page.request.post('/api/v1/user/project/request', {
      headers: { authorization: `Bearer ${access}` },
      data: { web: true, name: `Shop ${tag} ${String(index).padStart(2, '0')}` },
    });
    expect(order.status()).toBe(200);
  }

  await adminSignIn(page);
  await page.getByRole('tablist', { name: 'Admin sections' }).getByRole('tab', { name: 'Users' }).click();
  await page.getByRole('tab', { name: 'Clients' }).click();
  await page.getByRole('searchbox', { name: 'Search clients' }).fill(email);
  const row = page.getByRole('table', { name: 'Clients' }).locator('tbody > tr');
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: '22 orders' }).click();

  const dialog = page.getByRole('dialog', { name: `Orders of Many ${tag}` });
  const orders = dialog.getByRole('heading', { level: 3 });
  const pager = dialog.getByRole('navigation', { name: 'Order pages' });
  await expect(orders).toHaveCount(20);
  await expect(orders.first()).toContainText(`Shop ${tag} 21`);
  await expect(pager.getByText('Page 1')).toBeVisible();
  await pager.getByRole('button', { name: 'Next' }).click();
  await expect(pager.getByText('Page 2')).toBeVisible();
  await expect(orders).toHaveCount(2);
  await expect(orders.nth(1)).toContainText(`Shop ${tag} 00`);
  await expect(pager.getByRole('button', { name: 'Next' })).toBeDisabled();

  // A search starts again at page 1 with what the server found among this client's orders.
  const searched = page.waitForResponse((response) => {
    const url = new URL(response.url());
    return (
      url.pathname === '/api/v1/admin/users/clients/orders' && url.searchParams.get('search') === `${tag} 07`
    );
  });
  await dialog.getByRole('searchbox', { name: "Search this client's orders" }).fill(`${tag} 07`);
  await searched;
  await expect(orders).toHaveCount(1);
  await expect(orders.first()).toContainText(`Shop ${tag} 07`);
  await expect(pager).toHaveCount(0);
  await dialog.getByRole('searchbox', { name: "Search this client's orders" }).fill('no such order');
  await expect(dialog.getByText('No order matches this search.')).toBeVisible();

  // Closed and opened again: no search left over, the first page.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
  await row.getByRole('button', { name: '22 orders' }).click();
  await expect(dialog.getByRole('searchbox', { name: "Search this client's orders" })).toHaveValue('');
  await expect(orders).toHaveCount(20);
});
