import {
  BILLING_PATHS,
  INVOICE_PATHS,
  KEY_MANAGER_PATHS,
  type Milestone,
  QUOTE_PATHS,
  TEAM_PATHS,
} from '@app/contract';
import type { Browser, Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { logOutFromNavbar, signIn, signUp, uniqueUser } from '../support/accounts.js';
import { adminSignIn } from '../support/chat.js';
import { inDays, payInPopup, requestProject } from '../support/deals.js';
import { E2E_PORT } from '../support/env.js';
import { mailedMatch } from '../support/mail.js';
import { onPage } from '../support/page-on-failure.js';
import { storedAccess } from '../support/session.js';
import { expect, test } from '../support/test.js';

// Decision 033 as a team works, beyond teams.spec.ts: the billing member pays the account's invoice in
// the portal, the developer is refused payments and plans (on the page and by the server), and an
// owner who requires two-factor sign-in holds a new member until they enrol an app and a passkey,
// with which they then sign in. Passkeys need a host name (not an IP) as the RP id: localhost.
test.use({ baseURL: `http://localhost:${E2E_PORT}` });

const ACCOUNT_NAME = 'Ada Lovelace';

async function invite(owner: Page, email: string, role: 'Developer' | 'Billing') {
  await owner.goto('/profile?tab=team');
  await owner.getByLabel('Email', { exact: true }).fill(email);
  await owner.getByLabel('Role', { exact: true }).selectOption({ label: role });
  await owner.getByRole('button', { name: 'Send invitation' }).click();
  await expect(owner.getByText(`Invitation sent to ${email}`)).toBeVisible();
}

/** The invited person, in a browser of their own: opens the mailed link, signs up with it and joins. */
async function join(browser: Browser, owner: Page, email: string, firstName: string) {
  const link = await mailedMatch(owner.request, email, /(\/invitations\/[A-Za-z0-9_-]+)/);
  const page = await (await browser.newContext()).newPage();
  const person = { ...uniqueUser(), email, firstName };
  await onPage(page, async () => {
    await page.goto(link);
    await page.getByRole('link', { name: 'Create an account' }).click();
    await signUp(page, person, { verify: false });
    await expect(page).toHaveURL(/\/profile$/);
    await page.getByRole('link', { name: 'Open it to join the account' }).click();
    await page.getByRole('button', { name: `Join ${ACCOUNT_NAME}` }).click({ timeout: 30_000 });
    await expect(page).toHaveURL(/\/profile\?tab=team$/);
  });
  return { page, person };
}

/** What the server answers the page's own session for `path` (the page's access token). */
async function apiAnswer(page: Page, method: 'GET' | 'POST', path: string) {
  const token = await storedAccess(page);
  const headers = { authorization: `Bearer ${token}` };
  const response =
    method === 'GET'
      ? await page.request.get(path, { headers })
      : await page.request.post(path, { data: {}, headers });
  const body = (await response.json()) as { code?: string };
  return { status: response.status(), code: body.code };
}

/** A JSON call with a bearer token, expected to succeed. */
async function call<T>(page: Page, token: string, path: string, data?: unknown): Promise<T> {
  const headers = { authorization: `Bearer ${token}` };
  const response =
    data === undefined
      ? await page.request.get(path, { headers })
      : await page.request.post(path, { data, headers });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
  return (await response.json()) as T;
}

/**
 * The agency's side of a deal, by its API (deals.spec.ts walks it in the admin panel): a one-milestone
 * quote for the owner's project, accepted by the owner, and the milestone's invoice issued.
 */
async function invoiceForProject(browser: Browser, owner: Page, projectName: string): Promise<string> {
  const admin = await (await browser.newContext()).newPage();
  await adminSignIn(admin);
  const adminToken = (await storedAccess(admin)) ?? '';
  const ownerToken = (await storedAccess(owner)) ?? '';
  const orders = await call<{ data: Record<string, { name: string; projects: { id: string }[] }> }>(
    owner,
    ownerToken,
    '/api/v1/user/projects',
  );
  const projectID = Object.values(orders.data).find((order) => order.name === projectName)?.projects[0]?.id;
  if (!projectID) throw new Error('the project is not listed');
  const line = { description: 'Design', quantity: 1, unitAmount: 90_000 };
  const saved = await call<{ quote: { id: string } }>(admin, adminToken, QUOTE_PATHS.adminSave, {
    projectID,
    lineItems: [line],
    milestones: [{ title: 'Designs approved', amount: 90_000, dueDate: inDays(14) }],
    validUntil: inDays(30),
  });
  await call(admin, adminToken, QUOTE_PATHS.adminSend, { quoteID: saved.quote.id });
  await call(owner, ownerToken, QUOTE_PATHS.accept, { quoteID: saved.quote.id, name: ACCOUNT_NAME });
  const { milestones } = await call<{ milestones: Milestone[] }>(
    owner,
    ownerToken,
    `${QUOTE_PATHS.milestones}?projectID=${projectID}`,
  );
  const issued = await call<{ invoice: { number: string } }>(admin, adminToken, INVOICE_PATHS.adminIssue, {
    milestoneID: milestones[0]?.id,
  });
  await admin.context().close();
  return issued.invoice.number;
}

test('the billing member pays the account’s invoice in the portal; the developer is refused payments and plans', async ({
  page: owner,
  browser,
}) => {
  test.setTimeout(180_000);
  await signUp(owner, uniqueUser());
  const projectName = `Team app ${Date.now()}`;
  await requestProject(owner, projectName);
  const invoiceNumber = await invoiceForProject(browser, owner, projectName);

  const billingEmail = uniqueUser().email.replace('e2e-', 'billing-');
  const devEmail = uniqueUser().email.replace('e2e-', 'dev-');
  await invite(owner, billingEmail, 'Billing');
  await invite(owner, devEmail, 'Developer');

  // The billing member pays it from Profile → Invoices, in the sandbox popup, and finds the receipt.
  const { page: billing, person: bella } = await join(browser, owner, billingEmail, 'Bella');
  await expect(billing.getByText('Your role: Billing')).toBeVisible();
  await billing.goto('/profile?tab=invoices');
  const row = billing
    .getByRole('table', { name: 'Invoices, newest first' })
    .getByRole('row', { name: new RegExp(invoiceNumber) });
  await expect(row.getByTestId('invoice-status')).toHaveText('Open');
  const popup = billing.waitForEvent('popup');
  await row.getByRole('button', { name: /Pay now/ }).click();
  await payInPopup(await popup, bella);
  await expect(row.getByTestId('invoice-status')).toHaveText('Paid');
  await billing.goto('/profile?tab=payment-history');
  const receipt = billing.getByRole('table', { name: 'Receipts, newest first' }).getByRole('row').filter({
    hasText: '$900.00',
  });
  await expect(receipt.getByTestId('receipt-status')).toHaveText('paid');
  // The owner sees it paid too: it is the account's invoice, whoever paid it.
  await owner.goto('/profile?tab=invoices');
  await expect(
    owner.getByRole('row', { name: new RegExp(invoiceNumber) }).getByTestId('invoice-status'),
  ).toHaveText('Paid');

  // The developer: a link to the invoices says their role does not include payments; no plans to choose.
  const { page: developer } = await join(browser, owner, devEmail, 'Devon');
  await expect(developer.getByText('Your role: Developer')).toBeVisible();
  await developer.goto('/profile?tab=invoices');
  await expect(developer.getByTestId('profile-tab-refused')).toHaveText(
    'Your role in this account (Developer) does not include payments and plans.',
  );
  await expect(developer.getByRole('table', { name: 'Invoices, newest first' })).toHaveCount(0);
  await expect(developer.getByRole('button', { name: 'Invoices' })).toHaveCount(0);
  await developer.goto('/store/key-manager');
  await expect(developer.getByText(/Your role cannot choose plans/)).toBeVisible();
  // The server refuses the same, whatever the page shows.
  const refused = { status: 403, code: 'role_not_allowed' };
  expect(await apiAnswer(developer, 'GET', INVOICE_PATHS.userList)).toEqual(refused);
  expect(await apiAnswer(developer, 'POST', BILLING_PATHS.subscriptionsGet)).toEqual(refused);
  expect(await apiAnswer(developer, 'GET', BILLING_PATHS.receiptsGet)).toEqual(refused);
});

const STEP_MS = 30_000;
const totpAt = (secret: string, step: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: step * STEP_MS + 1_000,
  });
/**
 * A code the server takes now and after `usedStep`: this step's, or the next one's while this step
 * was used (the server allows a step of drift either side), so the test never waits for the clock.
 */
const freshCode = (secret: string, usedStep: number) => {
  const step = Math.max(Math.floor(Date.now() / STEP_MS), usedStep + 1);
  return { code: totpAt(secret, step), step };
};

async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

/** Profile → Security: sets up the authenticator app; returns its secret and the step its code used. */
async function enrolApp(page: Page) {
  await page.goto('/profile?tab=security');
  await page.getByRole('button', { name: 'Set up authenticator app' }).click();
  const secret = (await page.locator('code.user-select-all').textContent())?.trim() ?? '';
  const first = freshCode(secret, 0);
  await page.getByLabel('Code from the app').fill(first.code);
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await page.getByRole('button', { name: 'I have saved them' }).click();
  return { secret, step: first.step };
}

test('the owner requires two-factor: a new member enrols an app and a passkey before going on, and signs in with each', async ({
  page: owner,
  browser,
}) => {
  test.setTimeout(180_000);
  await signUp(owner, uniqueUser());
  await enrolApp(owner);
  const rule = owner.getByRole('checkbox', { name: 'Require two-factor sign-in for every member' });
  await rule.click();
  await expect(owner.getByText('Every member now needs two-factor sign-in for this account')).toBeVisible();

  const devEmail = uniqueUser().email.replace('e2e-', 'dev-');
  await invite(owner, devEmail, 'Developer');
  const { page: developer, person: devon } = await join(browser, owner, devEmail, 'Devon');
  await addVirtualAuthenticator(developer);

  // Held: the account's areas answer that two-factor sign-in is required, on the page and the server.
  await developer.goto('/store/key-manager');
  await expect(developer.getByText(/This account requires two-factor sign-in/).first()).toBeVisible();
  expect(await apiAnswer(developer, 'POST', KEY_MANAGER_PATHS.getKeys)).toEqual({
    status: 403,
    code: 'two_factor_required',
  });

  // The app, then a passkey; then the account's areas open.
  const app = await enrolApp(developer);
  await developer.getByLabel('Passkey name').fill('Laptop');
  await developer.getByRole('button', { name: 'Add passkey' }).click();
  await expect(developer.getByRole('list', { name: 'Your passkeys' })).toContainText('Laptop');
  expect((await apiAnswer(developer, 'POST', KEY_MANAGER_PATHS.getKeys)).status).toBe(200);
  await developer.goto('/profile?tab=team');
  await expect(developer.getByText('Your role: Developer')).toBeVisible();

  // Signs out and back in with the app's code.
  await logOutFromNavbar(developer);
  await signIn(developer, devon.email, devon.password);
  await developer.getByLabel('Code from your authenticator app').fill(freshCode(app.secret, app.step).code);
  await developer.getByRole('button', { name: 'Verify' }).click();
  await expect(developer).toHaveURL(/\/profile$/);

  // And with the passkey; then acts for the team's account again, with the switcher.
  await logOutFromNavbar(developer);
  await signIn(developer, devon.email, devon.password);
  await developer.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(developer).toHaveURL(/\/profile$/);
  await developer.goto('/profile?tab=team');
  await developer.getByLabel('Acting for').selectOption({ label: `${ACCOUNT_NAME} (Developer)` });
  await expect(developer.getByText('Your role: Developer')).toBeVisible();
  expect((await apiAnswer(developer, 'POST', KEY_MANAGER_PATHS.getKeys)).status).toBe(200);
  expect(await apiAnswer(developer, 'GET', TEAM_PATHS.context)).toMatchObject({ status: 200 });

  // The owner's trail: the member's two-factor changes and their entry into the account, by name.
  await owner.goto('/profile?tab=audit');
  const trail = owner.getByRole('table', { name: 'Audit trail' });
  const byDevon = trail.getByRole('row').filter({ hasText: 'Devon Lovelace' });
  await expect(byDevon.filter({ hasText: 'Switched to this account' })).toHaveCount(1);
  await expect(byDevon.filter({ hasText: 'Joined the account' })).toHaveCount(1);
  await expect(byDevon.filter({ hasText: 'Turned on two-factor sign-in' })).toHaveCount(1);
  await expect(byDevon.filter({ hasText: 'Added a passkey' })).toHaveCount(1);
});
