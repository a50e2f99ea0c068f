import type { Browser, Page } from '@playwright/test';
import { signIn, signUp, uniqueUser } from '../support/accounts.js';
import { E2E_ADMIN, E2E_DEMO_PASSWORD } from '../support/env.js';
import { expect, test } from '../support/test.js';

// Seeded by SEED_DEMO=true (password DEMO_PASSWORD) in the e2e server.
const STAFF = { email: 'staff@demo.test', password: E2E_DEMO_PASSWORD, name: 'Marco Lindqvist' };
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< >>\n%%EOF\n');

async function adminPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/company/admin/login');
  await page.getByLabel('Username').fill(E2E_ADMIN.username);
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  return page;
}

test('a client orders a project, the admin runs it, the client pays and the staff member sees it', async ({
  page,
  browser,
}) => {
  const client = uniqueUser();
  const projectName = `Booking ${Date.now()}`;
  await signUp(page, client);
  await expect(page).toHaveURL(/\/profile$/);

  // The client requests a project with a proposal PDF.
  await page.getByRole('navigation').getByRole('link', { name: 'Orders' }).first().click();
  await expect(page.getByRole('heading', { name: 'Your orders' })).toBeVisible();
  await page.getByRole('link', { name: 'Request with proposal & designs' }).click();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Project name is required' })).toBeVisible();
  await page.getByLabel('web', { exact: true }).check();
  await page.getByLabel('Project name').fill(projectName);
  await page
    .getByLabel('Proposal file')
    .setInputFiles({ name: 'brief.pdf', mimeType: 'application/pdf', buffer: PDF });
  await page.getByRole('button', { name: 'Select Designs For you' }).click();
  await page.getByRole('dialog').getByRole('checkbox', { name: 'Aurora' }).check();
  await page.getByRole('dialog').getByRole('button', { name: 'Done' }).click();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('success', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/orders$/);
  const card = page.getByRole('article', { name: `${projectName} (Web)` });
  await expect(card).toContainText('waiting for approval');
  await expect(page.getByText('Design templates: Aurora')).toBeVisible();

  // The admin approves, schedules, assigns, reports progress and adds a payment link.
  const admin = await adminPage(browser);
  await admin.getByRole('tab', { name: 'Projects' }).click();
  await admin.getByLabel('Search projects').fill(projectName);
  await admin.getByRole('button', { name: new RegExp(projectName) }).click();
  await admin.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(admin.getByText('Project approved!')).toBeVisible();
  await expect(admin.getByRole('button', { name: 'Approve', exact: true })).toHaveCount(0);
  await admin.getByLabel('From', { exact: true }).fill('2026-01-05');
  await admin.getByLabel('To', { exact: true }).fill('2026-04-30');
  await admin.getByRole('button', { name: 'Set duration' }).click();
  await expect(admin.getByRole('form', { name: 'Set duration' })).toHaveCount(0);
  await admin.getByLabel(new RegExp(STAFF.name)).check();
  await admin.getByRole('button', { name: 'Assign employees' }).click();
  await expect(admin.getByText('Employees assigned successfully!')).toBeVisible();
  await admin.getByLabel('Frontend %').fill('50');
  await admin.getByLabel('Backend %').fill('50');
  await admin.getByLabel('Database %').fill('50');
  await admin.getByRole('button', { name: 'Update progress' }).click();
  await expect(admin.getByText('Project Updated Successfully!')).toBeVisible();
  await admin.getByRole('textbox', { name: 'Payment link' }).fill('https://pay.example.com/invoice/42');
  await admin.getByRole('button', { name: 'Add link' }).click();
  await expect(admin.getByText('Link added successfully!')).toBeVisible();

  // The client sees 50 % overall, the schedule, the team and Pay Now.
  await card.getByRole('button', { name: 'More Info' }).click();
  await expect(card.getByText('Overall progress: 50%')).toBeVisible();
  await expect(card).toContainText('in progress');
  await expect(card).toContainText(STAFF.name);
  await expect(card.getByRole('link', { name: 'Pay Now' })).toHaveAttribute(
    'href',
    'https://pay.example.com/invoice/42',
  );
  await expect(card.getByText('Your project was approved.')).toBeVisible();

  // The assigned staff member sees it in the staff area.
  const staff = await (await browser.newContext()).newPage();
  await staff.goto('/signin');
  await signIn(staff, STAFF.email, STAFF.password);
  await expect(staff).toHaveURL(/\/company\/staff$/);
  const assigned = staff.getByRole('article', { name: `${projectName} (Web)` });
  await expect(assigned).toBeVisible();
  await expect(assigned.getByText('Overall progress: 50%')).toBeVisible();
});

test('the quick request dialog creates a project and closes by itself', async ({ page }) => {
  const client = uniqueUser();
  await signUp(page, client);
  await expect(page).toHaveURL(/\/profile$/);
  await page.goto('/orders');
  await page.getByRole('button', { name: 'Request New Project' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request New Project' });
  await dialog.getByLabel('Combination').check();
  await dialog.getByLabel('Project name').fill('Point of sale');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('article', { name: 'Point of sale (Combination)' })).toBeVisible();
  await page
    .getByRole('article', { name: 'Point of sale (Combination)' })
    .getByRole('button', { name: 'More Info' })
    .click();
  await expect(page.getByText('Overall progress: Data not available')).toBeVisible();
});
