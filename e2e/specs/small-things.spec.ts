import type { Page } from '@playwright/test';
import { signIn, signUp, uniqueUser } from '../support/accounts.js';
import { adminSignIn } from '../support/chat.js';
import { E2E_ADMIN, E2E_BASE_URL, E2E_DEMO_PASSWORD } from '../support/env.js';
import { expect, test } from '../support/test.js';

/** The small things users notice. */

/** Console errors and warnings, and API replies of 400 or 403, while the page is used. */
function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('response', (response) => {
    if ([400, 403].includes(response.status())) problems.push(`${response.status()} ${response.url()}`);
  });
  return problems;
}

async function api<T>(path: string, token: string | null, body?: unknown): Promise<T> {
  const response = await fetch(`${E2E_BASE_URL}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

test('the staff area loads without 400/403 replies or console errors', async ({ page }) => {
  const problems = watchProblems(page);
  await page.goto('/signin');
  await signIn(page, 'staff@demo.test', E2E_DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/company\/staff$/);
  await expect(page.getByRole('heading', { name: 'Staff area' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Marco Lindqvist' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(problems).toEqual([]);
});

test("the admin's Customer Service page loads without 400/403 replies or console errors", async ({
  page,
}) => {
  const problems = watchProblems(page);
  await adminSignIn(page);
  await page.getByRole('tab', { name: 'Customer Service' }).click();
  await expect(page.getByRole('tab', { name: 'Customer Service' })).toHaveAttribute('aria-selected', 'true');
  await page.waitForLoadState('networkidle');
  expect(problems).toEqual([]);
});

test('/api/docs renders Swagger UI without Content Security Policy errors', async ({ page }) => {
  const problems = watchProblems(page);
  await page.goto('/api/docs');
  // Swagger UI renders the whole document at once: seconds on a busy 2-core machine.
  await expect(page.locator('.swagger-ui .info .title')).toContainText('API', { timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  expect(problems).toEqual([]);
});

test('agents are labelled as agents in admin, not clients, and do not see Integrate Your Business', async ({
  page,
  browser,
}) => {
  await page.goto('/signin');
  await signIn(page, 'agent@demo.test', E2E_DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText(/Pending payment:/)).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Business' })).toBeVisible();
  // The button waits for the agent's businesses (role agent, no owner): let them load first.
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('button', { name: 'Integrate Your Business' })).toHaveCount(0);

  // The business owner does see it.
  const owner = await (await browser.newContext()).newPage();
  await owner.goto('/signin');
  await signIn(owner, 'realtor@demo.test', E2E_DEMO_PASSWORD);
  await expect(owner.getByRole('button', { name: 'Integrate Your Business' })).toBeVisible();

  const admin = await (await browser.newContext()).newPage();
  await adminSignIn(admin);
  await expect(admin.getByRole('heading', { name: 'Agents', exact: true })).toBeVisible();
  await admin.getByRole('tab', { name: 'Users' }).click();
  await admin.getByRole('tab', { name: 'Clients' }).click();
  await admin.getByRole('searchbox', { name: 'Search clients' }).fill('agent@demo.test');
  await expect(admin.getByText('No client matches this search.')).toBeVisible();
  await admin.getByRole('searchbox', { name: 'Search clients' }).fill('realtor@demo.test');
  await expect(admin.getByRole('cell', { name: 'realtor@demo.test' })).toBeVisible();
});

test("the dashboard's Pending payment shows the amount of a project with a payment link", async ({
  page,
}) => {
  await signUp(page, uniqueUser());
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByTestId('pending-payment')).toHaveText('None');
  await page.goto('/orders');
  await page.getByRole('button', { name: 'Request New Project' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request New Project' });
  await dialog.getByLabel('Combination').check();
  await dialog.getByLabel('Project name').fill('Harbour till');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();

  const clientToken = await page.evaluate(() => localStorage.getItem('access'));
  const projects = await api<{ data: Record<string, { projects: { id: string; name: string }[] }> }>(
    '/api/v1/user/projects',
    clientToken,
  );
  const projectID = Object.values(projects.data)
    .flatMap((order) => order.projects)
    .find((project) => project.name === 'Harbour till')?.id;
  expect(projectID).toBeTruthy();
  const { access } = await api<{ access: string }>('/api/v1/admin/authenticate', null, E2E_ADMIN);
  await api('/api/v1/admin/project/approve', access, { projectID });
  await api('/api/v1/admin/projects/payment/details', access, {
    projectID,
    totalPayment: 120_000,
    recurringPayment: null,
    term: null,
    paymentInformation: null,
  });
  await api('/api/v1/admin/projects/payment/link/add', access, {
    projectID,
    paymentLink: 'https://pay.example.com/harbour-till',
  });

  await page.goto('/profile');
  await expect(page.getByTestId('pending-payment')).toHaveText('$1,200.00');
  await expect(page.getByText('Harbour till — project payment: $1,200.00')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Pay now' })).toHaveAttribute(
    'href',
    'https://pay.example.com/harbour-till',
  );
});

test('listings count in the right number: "1 garage", "2 beds"', async ({ page }) => {
  await page.goto('/signin');
  await signIn(page, 'realtor@demo.test', E2E_DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/profile$/);
  await page.getByRole('tab', { name: 'Business' }).click();
  await page
    .getByRole('button', { name: /^Open / })
    .first()
    .click();
  const details = page.getByText(/\d+ beds? · \d+ baths? · \d+ garages? · \d+ floors?/).first();
  await expect(details).toBeVisible();
  const text = await details.innerText();
  for (const [, count, noun] of Array.from(text.matchAll(/(\d+) (\w+)/g))) {
    expect(noun?.endsWith('s'), text).toBe(Number(count) !== 1);
  }
});
