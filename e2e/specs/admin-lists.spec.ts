import { expect, test } from '@playwright/test';
import { adminSignIn } from '../support/chat.js';

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
