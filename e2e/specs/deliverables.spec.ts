import type { Page } from '@playwright/test';
import { signIn, signUp, uniqueUser } from '../support/accounts.js';
import { adminSignIn } from '../support/chat.js';
import { expectFits, phonePage } from '../support/phone-layout.js';
import { expect, test } from '../support/test.js';

/**
 * Deliverables and their approval (decision 035, amended 2026-11-28), as the team and the client do it in the
 * browser: the admin posts a deliverable on an accepted quote's milestone, the client asks for a
 * change, the team delivers again, the client approves, and the milestone's invoice appears; the
 * project's Files list the deliverable, and the screens fit a 390 px phone.
 */

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< >>\n%%EOF\n');
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** Opens the project's panel in Admin → Projects from a fresh load. */
async function openAdminProject(admin: Page, projectName: string) {
  await admin.goto('/company/admin?section=projects');
  await admin.getByLabel('Search projects').fill(projectName);
  await admin.getByRole('button', { name: new RegExp(projectName) }).click();
}

/** The client's request, the admin's one-milestone quote sent, and the client's acceptance. */
async function acceptedDeal(page: Page, admin: Page, projectName: string, clientName: string) {
  await page.goto('/orders');
  await page.getByRole('button', { name: 'Request New Project' }).click();
  const request = page.getByRole('dialog', { name: 'Request New Project' });
  await request.getByLabel('Web', { exact: true }).check();
  await request.getByLabel('Project name').fill(projectName);
  await request.getByRole('button', { name: 'Create' }).click();
  await expect(request).toBeHidden();

  await openAdminProject(admin, projectName);
  await admin
    .getByRole('region', { name: 'Quote and invoices' })
    .getByRole('button', { name: 'Quote…' })
    .click();
  const editor = admin.getByRole('dialog', { name: `Quote for ${projectName}` });
  const line = editor.getByRole('group', { name: 'Line 1' });
  await line.getByLabel('Description').fill('Designs of every screen');
  await line.getByLabel('Unit price (USD)').fill('1500');
  const milestone = editor.getByRole('group', { name: 'Milestone 1' });
  await milestone.getByLabel('Title').fill('Designs');
  await milestone.getByLabel('Amount (USD)').fill('1500');
  await milestone.getByLabel('Due date').fill(inDays(30));
  await editor.getByRole('button', { name: 'Save and send to client' }).click();
  await expect(editor).toBeHidden();

  await page.reload();
  const card = page.getByRole('article', { name: `${projectName} (Web)` });
  await card.getByRole('button', { name: 'Review and accept' }).click();
  await page
    .getByRole('dialog', { name: new RegExp(`Quote for ${projectName}`) })
    .getByRole('button', { name: 'Accept', exact: true })
    .click();
  const accept = page.getByRole('dialog', { name: `Accept quote for ${projectName}` });
  await accept.getByLabel('Your full name').fill(clientName);
  await accept.getByRole('button', { name: 'Accept quote' }).click();
  await expect(page.getByText('Quote accepted: the project is approved')).toBeVisible();
  await page.keyboard.press('Escape');
  return card;
}

test('the team delivers, the client asks for a change, the team delivers again, the client approves and the invoice appears', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const client = uniqueUser();
  const clientName = `${client.firstName} ${client.lastName}`;
  const projectName = `Bistro site ${Date.now()}`;
  await signUp(page, client);
  const admin = await (await browser.newContext()).newPage();
  await adminSignIn(admin);
  const card = await acceptedDeal(page, admin, projectName, clientName);

  // The admin posts a file on the milestone, with a note: it is delivered.
  await openAdminProject(admin, projectName);
  const work = admin.getByRole('region', { name: 'Milestones and deliverables' });
  const teamMilestone = work.getByRole('listitem', { name: 'Designs' });
  await expect(teamMilestone).toContainText('pending');
  await teamMilestone.getByRole('button', { name: 'Add deliverable to Designs' }).click();
  let dialog = admin.getByRole('dialog', { name: 'Add deliverable: Designs' });
  await dialog.getByRole('button', { name: 'Add deliverable' }).click();
  await expect(dialog.getByText('Choose a file')).toBeVisible();
  await dialog.getByLabel('File', { exact: true }).setInputFiles({
    name: 'home-screens.pdf',
    mimeType: 'application/pdf',
    buffer: PDF,
  });
  await dialog.getByLabel('Note (optional)').fill('Home and menu screens, first round.');
  await dialog.getByRole('button', { name: 'Add deliverable' }).click();
  await expect(dialog).toBeHidden();
  await expect(admin.getByText('Deliverable added', { exact: true })).toBeVisible();
  await expect(teamMilestone).toContainText('delivered');
  await expect(teamMilestone.getByRole('button', { name: /home-screens\.pdf/ })).toBeVisible();

  // The client sees it on the timeline and asks for a change.
  await page.reload();
  await card.getByRole('button', { name: 'More Info' }).click();
  const milestone = card.getByRole('listitem', { name: 'Designs' });
  await expect(milestone).toContainText('Home and menu screens, first round.');
  await expect(milestone.getByRole('button', { name: /home-screens\.pdf/ })).toBeVisible();
  await milestone.getByRole('button', { name: 'Ask for changes to Designs' }).click();
  const changes = page.getByRole('dialog', { name: 'Ask for changes: Designs' });
  await changes.getByRole('button', { name: 'Ask for changes' }).click();
  await expect(changes.getByText('Say what should change')).toBeVisible();
  await changes.getByLabel('What should change?').fill('A warmer palette, please.');
  await changes.getByRole('button', { name: 'Ask for changes' }).click();
  await expect(changes).toBeHidden();
  await expect(page.getByText('Changes requested', { exact: true })).toBeVisible();
  await expect(milestone).toContainText('changes requested');

  // The team delivers again, with a link this time.
  await openAdminProject(admin, projectName);
  await expect(teamMilestone).toContainText('changes requested');
  await expect(teamMilestone).toContainText('A warmer palette, please.');
  await teamMilestone.getByRole('button', { name: 'Add deliverable to Designs' }).click();
  dialog = admin.getByRole('dialog', { name: 'Add deliverable: Designs' });
  await dialog.getByLabel('A link').check();
  await dialog.getByLabel('Link', { exact: true }).fill('https://figma.example.com/file/warm');
  await dialog.getByRole('button', { name: 'Add deliverable' }).click();
  await expect(dialog).toBeHidden();
  await expect(teamMilestone).toContainText('delivered');

  // The client approves; the milestone's invoice appears on the timeline.
  await page.reload();
  await card.getByRole('button', { name: 'More Info' }).click();
  await expect(milestone.getByRole('link', { name: /figma\.example\.com/ })).toBeVisible();
  await milestone.getByRole('button', { name: 'Approve Designs' }).click();
  const confirm = page.getByRole('dialog', { name: 'Approve Designs' });
  await confirm.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText('Milestone approved', { exact: true })).toBeVisible();
  await expect(milestone.getByText('approved', { exact: true })).toBeVisible();
  await expect(milestone).toContainText(/Invoice INV-\d{4}-\d{4,}/, { timeout: 20_000 });
  await milestone.getByText(/^History/).click();
  const history = milestone.getByRole('list', { name: 'Milestone history' });
  await expect(history.getByRole('listitem')).toHaveCount(4);
  await expect(history).toContainText('A warmer palette, please.');

  // The project's Files list the delivered file, with who shared it.
  const files = card.getByRole('list', { name: 'Project files' });
  await expect(files.getByRole('button', { name: /home-screens\.pdf/ })).toBeVisible();
  await expect(files).toContainText('Deliverable: Designs');

  // At 390 px the card with its deliverables and files, and the admin's panel, fit a phone.
  const phone = await phonePage(browser);
  await phone.goto('/signin');
  await signIn(phone, client.email, client.password);
  await expect(phone).toHaveURL(/\/profile$/);
  await phone.goto('/orders');
  const phoneCard = phone.getByRole('article', { name: `${projectName} (Web)` });
  await phoneCard.getByRole('button', { name: 'More Info' }).click();
  await expect(phoneCard.getByRole('list', { name: 'Project files' })).toBeVisible();
  await expectFits(phone, '/orders (milestone deliverables and files)', 'deliverables-orders');
  const adminPhone = await phonePage(browser);
  await adminSignIn(adminPhone);
  await openAdminProject(adminPhone, projectName);
  await expect(adminPhone.getByRole('region', { name: 'Milestones and deliverables' })).toContainText(
    'approved',
  );
  await expectFits(adminPhone, 'admin project with its milestones and deliverables', 'deliverables-admin');
});
