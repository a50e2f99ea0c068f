import { SANDBOX_TEST_CARD } from '@app/contract';
import { type Browser, expect, type Page } from '@playwright/test';
import { adminSignIn } from './chat.js';

/** Steps of the deals' browser tests (decision 035): the client's request, the admin's panel, the popup. */

/** The admin, signed in on a browser context of their own beside the client's. */
export async function adminPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await adminSignIn(page);
  return page;
}

/** Opens the project's panel in Admin → Projects, from a fresh load (the quote's state is read anew). */
export async function openAdminProject(admin: Page, projectName: string) {
  await admin.goto('/company/admin?section=projects');
  await admin.getByLabel('Search projects').fill(projectName);
  await admin.getByRole('button', { name: new RegExp(projectName) }).click();
  return admin.getByRole('region', { name: 'Quote and invoices' });
}

/** Pays in the sandbox checkout popup with the test card, then closes it. */
export async function payInPopup(popup: Page, payer: { firstName: string; lastName: string }) {
  await popup.getByLabel('Card number').fill(SANDBOX_TEST_CARD);
  await popup.getByLabel('Expiry (MM/YY)').fill('12/39');
  await popup.getByLabel('CVC').fill('123');
  await popup.getByLabel('First name').fill(payer.firstName);
  await popup.getByLabel('Last name').fill(payer.lastName);
  await popup.getByRole('button', { name: /^Pay / }).click();
  await expect(popup.getByTestId('payment-status')).toHaveText('paid');
  // The click closes the popup; Playwright may see its page go mid-click, so the close event is the check.
  await Promise.all([
    popup.waitForEvent('close'),
    popup
      .getByRole('button', { name: 'Close this window' })
      .click({ noWaitAfter: true })
      .catch(() => undefined),
  ]);
}

/** The signed-in client requests a Web project on /orders; returns its card. */
export async function requestProject(page: Page, projectName: string) {
  await page.goto('/orders');
  await page.getByRole('button', { name: 'Request New Project' }).click();
  const request = page.getByRole('dialog', { name: 'Request New Project' });
  await request.getByLabel('Web', { exact: true }).check();
  await request.getByLabel('Project name').fill(projectName);
  await request.getByRole('button', { name: 'Create' }).click();
  await expect(request).toBeHidden();
  const card = page.getByRole('article', { name: `${projectName} (Web)` });
  await expect(card).toContainText('waiting for approval');
  return card;
}

/** A calendar day this many days from today (YYYY-MM-DD), for date inputs. */
export const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
