import { signIn, signUp, uniqueUser } from '../support/accounts.js';
import { adminSignIn } from '../support/chat.js';
import { adminPage, inDays, openAdminProject, payInPopup, requestProject } from '../support/deals.js';
import { expectFits, phonePage } from '../support/phone-layout.js';
import { expect, test } from '../support/test.js';

/**
 * The agency's deals, end to end, for quotes and invoices (decision 035), as the client and the admin do it
 * in the browser: a request, a quote with two milestones and a monthly fee, its acceptance with the
 * typed name, the first milestone's invoice paid with the sandbox card inside the product, and its
 * receipt in Payment History; the monthly fee started as the project's support plan.
 */

test('the admin quotes a request, the client accepts it and pays the first milestone’s invoice in the portal', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const client = uniqueUser();
  const clientName = `${client.firstName} ${client.lastName}`;
  const projectName = `Bakery app ${Date.now()}`;

  // The client requests a project.
  await signUp(page, client);
  const card = await requestProject(page, projectName);

  // The admin drafts a quote with two milestones and a monthly support fee, and sends it.
  const admin = await adminPage(browser);
  let panel = await openAdminProject(admin, projectName);
  await expect(panel.getByText('No quote yet.')).toBeVisible();
  await panel.getByRole('button', { name: 'Quote…' }).click();
  const editor = admin.getByRole('dialog', { name: `Quote for ${projectName}` });
  const line = editor.getByRole('group', { name: 'Line 1' });
  await line.getByLabel('Description').fill('Design and build of the app');
  await line.getByLabel('Qty').fill('1');
  await line.getByLabel('Unit price (USD)').fill('5000');
  const first = editor.getByRole('group', { name: 'Milestone 1' });
  await first.getByLabel('Title').fill('Designs approved');
  await first.getByLabel('Amount (USD)').fill('2000');
  await first.getByLabel('Due date').fill(inDays(14));
  await expect(editor.getByTestId('milestones-check')).toHaveText(
    'Milestones add up to $2,000.00 of $5,000.00 ($3,000.00 left to assign)',
  );
  await editor.getByRole('button', { name: 'Add milestone' }).click();
  const second = editor.getByRole('group', { name: 'Milestone 2' });
  await second.getByLabel('Title').fill('Launch');
  await second.getByLabel('Amount (USD)').fill('3000');
  await second.getByLabel('Due date').fill(inDays(60));
  await expect(editor.getByTestId('milestones-check')).toHaveText(
    'Milestones add up to $5,000.00 of $5,000.00',
  );
  await editor.getByLabel('Recurring amount (USD)').fill('200');
  await editor.getByLabel('Term', { exact: true }).selectOption('m');
  await editor
    .getByLabel('Terms')
    .fill('Support renews monthly; either side may end it with 30 days’ notice.');
  await editor.getByRole('button', { name: 'Save and send to client' }).click();
  await expect(editor).toBeHidden();
  await expect(admin.getByText('Quote sent to the client')).toBeVisible();
  await expect(panel.getByTestId('admin-quote-standing')).toContainText('waiting for the client');

  // The client reviews the quote in the portal and accepts it with their typed name.
  await page.reload();
  await card.getByRole('button', { name: 'Review and accept' }).click();
  const quote = page.getByRole('dialog', { name: new RegExp(`Quote for ${projectName}`) });
  await expect(quote.getByTestId('quote-total')).toHaveText('$5,000.00');
  await expect(quote.getByTestId('quote-recurring')).toHaveText('$200.00 per month');
  await expect(quote.getByText('Designs approved')).toBeVisible();
  await quote.getByRole('button', { name: 'Accept', exact: true }).click();
  const accept = page.getByRole('dialog', { name: `Accept quote for ${projectName}` });
  await expect(accept.getByText(/binding acceptance/)).toBeVisible();
  await accept.getByLabel('Your full name').fill(clientName);
  await accept.getByRole('button', { name: 'Accept quote' }).click();
  await expect(page.getByText('Quote accepted: the project is approved')).toBeVisible();
  await expect(quote.getByTestId('quote-accepted-by')).toContainText(`Accepted by ${clientName}`);
  await quote.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(card).toContainText('approved');

  // The admin issues the first milestone's invoice.
  panel = await openAdminProject(admin, projectName);
  await expect(panel.getByTestId('admin-quote-standing')).toContainText(`Accepted by ${clientName}`);
  await panel.getByRole('button', { name: 'Issue invoice for Designs approved' }).click();
  const issue = admin.getByRole('dialog', { name: 'Issue invoice' });
  await issue.getByRole('button', { name: 'Issue invoice' }).click();
  await expect(issue).toBeHidden();
  await expect(admin.getByText('Invoice issued')).toBeVisible();
  const invoiceNumber = (
    await panel
      .getByRole('row', { name: /Designs approved/ })
      .getByText(/\(open\)/)
      .innerText()
  )
    .replace(/\s*\(open\)$/, '')
    .trim();

  // The client pays it with the sandbox card in the payment popup, without leaving the product.
  await page.reload();
  await card.getByRole('button', { name: 'More Info' }).click();
  const invoice = card.getByRole('listitem', { name: `Invoice ${invoiceNumber}` });
  await expect(invoice.getByTestId('invoice-status')).toHaveText('Open');
  await expect(card.getByRole('listitem', { name: 'Designs approved' })).toContainText(invoiceNumber);
  const popupPromise = page.waitForEvent('popup');
  await invoice.getByRole('button', { name: /Pay now/ }).click();
  await payInPopup(await popupPromise, client);
  await expect(page.getByText(/Payment received/)).toBeVisible();
  await expect(invoice.getByTestId('invoice-status')).toHaveText('Paid');

  // The quote's monthly fee is the project's support plan: the client starts it in the popup too.
  const supportPopup = page.waitForEvent('popup');
  await card.getByRole('button', { name: 'Start support ($200.00 per month)' }).click();
  await payInPopup(await supportPopup, client);
  await expect(card.getByTestId('support-active')).toContainText('$200.00 per month');

  // Profile: the invoice is paid, and Payment History has its receipt with a PDF.
  await page.goto('/profile?tab=invoices');
  const invoices = page.getByRole('table', { name: 'Invoices, newest first' });
  await expect(
    invoices.getByRole('row', { name: new RegExp(invoiceNumber) }).getByTestId('invoice-status'),
  ).toHaveText('Paid');
  await page.goto('/profile?tab=subscriptions');
  await expect(page.getByText(`Support: ${projectName}`)).toBeVisible();
  await page.goto('/profile?tab=payment-history');
  const receipts = page.getByRole('table', { name: 'Receipts, newest first' });
  const receipt = receipts.getByRole('row').filter({ hasText: '$2,000.00' });
  await expect(receipt).toHaveCount(1);
  await expect(receipt.getByTestId('receipt-status')).toHaveText('paid');
  const downloadPromise = page.waitForEvent('download');
  await receipt.getByRole('button', { name: /Download PDF/ }).click();
  expect((await downloadPromise).suggestedFilename()).toMatch(/^receipt-R-\d{6}\.pdf$/);

  // The admin's Invoices section lists it as paid, and Receivables shows what is left (nothing).
  await admin.goto('/company/admin?section=invoices');
  await admin.getByLabel('Search invoices').fill(invoiceNumber);
  const adminRow = admin.getByRole('row', { name: new RegExp(invoiceNumber) });
  await expect(adminRow.getByTestId('invoice-status')).toHaveText('Paid');
  // Admin → Quotes lists the accepted revision and who accepted it.
  await admin.goto('/company/admin?section=quotes');
  await admin.getByLabel('Search quotes').fill(projectName);
  const quoteRow = admin.getByRole('row', { name: new RegExp(projectName) });
  await expect(quoteRow).toContainText('accepted');
  await expect(quoteRow).toContainText(`by ${clientName}`);

  // At 390 px the deals' screens, filled, fit a phone (the sweep of phone-layout.spec.ts has no deals).
  const phone = await phonePage(browser);
  await phone.goto('/signin');
  await signIn(phone, client.email, client.password);
  await expect(phone).toHaveURL(/\/profile$/);
  await phone.goto('/orders');
  const phoneCard = phone.getByRole('article', { name: `${projectName} (Web)` });
  await phoneCard.getByRole('button', { name: 'More Info' }).click();
  await expect(phoneCard.getByRole('listitem', { name: `Invoice ${invoiceNumber}` })).toBeVisible();
  await expectFits(phone, '/orders (quote, milestones and invoices)', 'deals-orders');
  await phoneCard.getByRole('button', { name: 'View quote' }).click();
  await expect(phone.getByTestId('quote-accepted-by')).toBeVisible();
  await expectFits(phone, 'the accepted quote', 'deals-quote');
  await phone.keyboard.press('Escape');
  await phone.goto('/profile?tab=invoices');
  await expect(phone.getByRole('table', { name: 'Invoices, newest first' })).toBeVisible();
  await expectFits(phone, '/profile?tab=invoices', 'deals-profile-invoices');
  const adminPhone = await phonePage(browser);
  await adminSignIn(adminPhone);
  const phonePanel = await openAdminProject(adminPhone, projectName);
  await expect(phonePanel.getByRole('button', { name: 'Issue invoice for Launch' })).toBeVisible();
  await expectFits(adminPhone, 'admin project with its quote and milestones', 'deals-admin-project');
  await adminPhone.goto('/company/admin?section=invoices');
  await expect(adminPhone.getByRole('table', { name: 'Invoices, newest first' })).toBeVisible();
  await expectFits(adminPhone, '/company/admin?section=invoices', 'deals-admin-invoices');
  await adminPhone.getByRole('tab', { name: 'Receivables' }).click();
  await expect(adminPhone.getByRole('table', { name: 'What each client owes, overdue first' })).toBeVisible();
  await expectFits(adminPhone, '/company/admin?section=invoices (receivables)');
});
