import { signUp, uniqueUser } from '../support/accounts.js';
import { adminPage, openAdminProject, requestProject } from '../support/deals.js';
import { expect, test } from '../support/test.js';

/**
 * The quotes' and invoices' other paths (decision 035): a draft the client does not see, a decline
 * with a reason and a revision accepted with the first under History; the admin voids an invoice,
 * issues it again, records money received elsewhere in part and in full, exports the CSV and reads
 * the receivables.
 */

test('a declined quote is revised, the revision accepted with the first under History; the admin voids, re-issues and records payments', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const client = uniqueUser();
  const clientName = `${client.firstName} ${client.lastName}`;
  const projectName = `Menu board ${Date.now()}`;
  await signUp(page, client);
  const card = await requestProject(page, projectName);

  // The admin saves a draft (the client sees nothing yet), then sends it.
  const admin = await adminPage(browser);
  let panel = await openAdminProject(admin, projectName);
  await panel.getByRole('button', { name: 'Quote…' }).click();
  let editor = admin.getByRole('dialog', { name: `Quote for ${projectName}` });
  await editor.getByRole('group', { name: 'Line 1' }).getByLabel('Unit price (USD)').fill('1000');
  await editor.getByRole('group', { name: 'Milestone 1' }).getByLabel('Amount (USD)').fill('1000');
  await editor.getByRole('button', { name: 'Save draft' }).click();
  await expect(editor).toBeHidden();
  await expect(admin.getByText('Quote saved')).toBeVisible();
  await expect(panel.getByTestId('admin-quote-standing')).toContainText('is a draft');
  await page.reload();
  await expect(card.getByRole('region', { name: 'Quote' })).toHaveCount(0);
  await panel.getByRole('button', { name: 'Send to client' }).click();
  await expect(admin.getByText('Quote sent to the client')).toBeVisible();

  // The client declines it with a reason.
  await page.reload();
  await card.getByRole('button', { name: 'Review and accept' }).click();
  await page
    .getByRole('dialog', { name: new RegExp(`Quote for ${projectName}`) })
    .getByRole('button', { name: 'Decline' })
    .click();
  const decline = page.getByRole('dialog', { name: `Decline quote for ${projectName}` });
  await decline.getByLabel('Reason (optional)').fill('Over our budget for the first phase');
  await decline.getByRole('button', { name: 'Decline quote' }).click();
  await expect(page.getByText('Quote declined')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(card.getByRole('region', { name: 'Quote' })).toContainText('declined');

  // The admin revises it: two milestones now, sent as revision 2.
  panel = await openAdminProject(admin, projectName);
  await expect(panel.getByTestId('admin-quote-standing')).toContainText(
    'Over our budget for the first phase',
  );
  await panel.getByRole('button', { name: 'New revision…' }).click();
  editor = admin.getByRole('dialog', { name: `Quote for ${projectName}` });
  await expect(editor.getByRole('group', { name: 'Line 1' }).getByLabel('Unit price (USD)')).toHaveValue(
    '1000.00',
  );
  await editor.getByRole('group', { name: 'Line 1' }).getByLabel('Unit price (USD)').fill('800');
  await editor.getByRole('group', { name: 'Milestone 1' }).getByLabel('Amount (USD)').fill('300');
  await editor.getByRole('button', { name: 'Add milestone' }).click();
  await editor.getByRole('group', { name: 'Milestone 2' }).getByLabel('Title').fill('Handover');
  await editor.getByRole('group', { name: 'Milestone 2' }).getByLabel('Amount (USD)').fill('500');
  await editor.getByRole('button', { name: 'Save and send to client' }).click();
  await expect(editor).toBeHidden();
  await expect(panel.getByTestId('admin-quote-standing')).toContainText('Revision 2 was sent');

  // The client accepts revision 2; revision 1 is under History, declined.
  await page.reload();
  await card.getByRole('button', { name: 'Review and accept' }).click();
  const quote = page.getByRole('dialog', { name: new RegExp(`Quote for ${projectName}`) });
  await expect(quote.getByTestId('quote-total').first()).toHaveText('$800.00');
  await quote.getByRole('button', { name: 'History (1 earlier)' }).click();
  const first = quote.getByRole('region', { name: 'Revision 1' });
  await expect(first).toContainText('declined');
  await expect(first).toContainText('Over our budget for the first phase');
  await quote.getByRole('button', { name: 'Accept', exact: true }).click();
  const accept = page.getByRole('dialog', { name: `Accept quote for ${projectName}` });
  await accept.getByRole('button', { name: 'Accept quote' }).click();
  await expect(accept.getByText('Type your full name to accept')).toBeVisible();
  await accept.getByLabel('Your full name').fill(clientName);
  await accept.getByRole('button', { name: 'Accept quote' }).click();
  await expect(quote.getByTestId('quote-accepted-by')).toContainText(`Accepted by ${clientName}`);

  // The admin invoices the whole quote, voids that invoice, and invoices it again.
  panel = await openAdminProject(admin, projectName);
  await panel.getByRole('button', { name: 'Invoice the whole quote' }).click();
  let issue = admin.getByRole('dialog', { name: 'Issue invoice' });
  await expect(issue).toContainText('The whole quote: $800.00');
  await issue.getByRole('button', { name: 'Issue invoice' }).click();
  await expect(issue).toBeHidden();
  await admin.goto('/company/admin?section=invoices');
  await admin.getByLabel('Search invoices').fill(projectName);
  let row = admin.getByRole('row', { name: new RegExp(projectName) });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: /^Void/ }).click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Void invoice' }).click();
  await expect(admin.getByText('Invoice voided')).toBeVisible();
  await expect(row.getByTestId('invoice-status')).toHaveText('Void');
  panel = await openAdminProject(admin, projectName);
  await panel.getByRole('button', { name: 'Invoice the whole quote' }).click();
  issue = admin.getByRole('dialog', { name: 'Issue invoice' });
  await issue.getByRole('button', { name: 'Issue invoice' }).click();
  await expect(admin.getByText('Invoice issued')).toBeVisible();

  // Money received outside the product: recorded in part, then the rest.
  await admin.goto('/company/admin?section=invoices');
  await admin.getByLabel('Search invoices').fill(projectName);
  await admin.getByLabel('Filter by status').selectOption('open');
  row = admin.getByRole('row', { name: new RegExp(projectName) });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: /^Record payment/ }).click();
  let record = admin.getByRole('dialog', { name: /Record a payment of/ });
  await expect(record.getByLabel('Amount received')).toHaveValue('800.00');
  await record.getByLabel('Amount received').fill('900');
  await record.getByRole('button', { name: 'Record payment' }).click();
  await expect(record.getByText('At most $800.00 is left to pay')).toBeVisible();
  await record.getByLabel('Amount received').fill('300');
  await record.getByLabel('Note (optional)').fill('Bank transfer');
  await record.getByRole('button', { name: 'Record payment' }).click();
  await expect(record).toBeHidden();
  await expect(admin.getByText('Payment recorded')).toBeVisible();
  await expect(row).toContainText('$500.00');
  await page.reload();
  await card.getByRole('button', { name: 'More Info' }).click();
  await expect(card.getByRole('region', { name: 'Invoices' })).toContainText('Left to pay: $500.00');
  await row.getByRole('button', { name: /^Record payment/ }).click();
  record = admin.getByRole('dialog', { name: /Record a payment of/ });
  await record.getByRole('button', { name: 'Record payment' }).click();
  await expect(record).toBeHidden();
  await admin.getByLabel('Filter by status').selectOption('paid');
  await expect(row.getByTestId('invoice-status')).toHaveText('Paid');
  const csv = admin.waitForEvent('download');
  await admin.getByRole('button', { name: 'Export CSV' }).click();
  expect((await csv).suggestedFilename()).toMatch(/^invoices-\d{4}-\d{2}-\d{2}\.csv$/);

  // Receivables: the client was invoiced $800.00 (the void one does not count) and owes nothing.
  await admin.getByRole('tab', { name: 'Receivables' }).click();
  await admin.getByLabel('Search clients').fill(client.email);
  const owed = admin.getByRole('row', { name: new RegExp(client.email) });
  await expect(owed.getByRole('cell').nth(1)).toHaveText('$800.00');
  await expect(owed.getByRole('cell').nth(4)).toHaveText('$0.00');
});
