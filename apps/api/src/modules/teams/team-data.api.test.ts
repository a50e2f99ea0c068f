import {
  BILLING_PATHS,
  CHAT_PATHS,
  DELIVERABLE_PATHS,
  INVOICE_PATHS,
  type Invoice,
  KEY_MANAGER_PATHS,
  type Milestone,
  NOTIFICATION_PATHS,
  type Notification,
  type PaymentData,
  type ProjectMessage,
  QUOTE_PATHS,
  type Quote,
  type ReceiptsGetResponse,
  type SharedFile,
} from '@app/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.js';
import { eventually } from '../../test/eventually.js';
import { createAccount, type TestAccount } from '../../test/fixtures.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { sendWaitingDigests } from '../../test/mail-digests.js';
import { mailsTo } from '../../test/mail-outbox.js';
import { PDF } from '../../test/project-fixtures.js';
import { billingKit, SANDBOX_SECRET } from '../billing/billing-kit.test.js';
import { dealsKit } from '../projects/quotes/deals-kit.test.js';
import { newTeam, type Team, withFreeKeyManagerPlan } from './teams-kit.test.js';

/**
 * Decision 033 beyond the guard: the role matrix proves who is refused at the door; this proves what
 * a member who gets in sees. Two client accounts, A and B, each with its keys, a project with an
 * accepted quote, an invoice paid, a deliverable file and its chat; A's developer, billing member and
 * viewer see A's data and never B's, and the routes that check access inside (requireUser: project
 * chat, quotes, deliverables and files, the invoice PDF) refuse a role that does not reach them and
 * every member of another account.
 */
let server: TestServer;
let deals: ReturnType<typeof dealsKit>;
let billing: ReturnType<typeof billingKit>;
let admin: TestAccount;

interface Side {
  team: Team;
  key: string;
  projectID: string;
  orderID: string;
  quote: Quote;
  invoice: Invoice;
  fileID: string;
}
let A: Side;
let B: Side;

const ROLES = ['developer', 'billing', 'viewer'] as const;
type MemberRole = (typeof ROLES)[number];
const NAMES: Record<MemberRole, string> = { developer: 'Devon', billing: 'Bella', viewer: 'Vera' };

async function rename(person: TestAccount, firstName: string) {
  await server.deps.accounts.changeName(person.id, firstName, 'Member');
}

/** One client account with its data: keys, a quoted and invoiced project, a deliverable file. */
async function accountWithData(label: string, payer: (team: Team) => TestAccount): Promise<Side> {
  const team = await newTeam(server);
  await withFreeKeyManagerPlan(server, team.owner.access);
  const key = await deals.request<{ key: { key: string } }>(KEY_MANAGER_PATHS.addKey, {
    body: { name: `${label} key`, maxActivations: 1 },
    token: team.owner.access,
  });
  expect(key.status, JSON.stringify(key.body)).toBe(200);

  const quote = await deals.sentQuote(admin, team.owner);
  expect((await deals.accept(team.owner, quote.id)).status).toBe(200);
  const listed = await deals.request<{ milestones: Milestone[] }>(
    `${QUOTE_PATHS.milestones}?projectID=${quote.projectID}`,
    { token: team.owner.access },
  );
  const milestone = listed.body.milestones[0];
  if (!milestone) throw new Error('no milestone');
  const issued = await deals.request<{ invoice: Invoice }>(INVOICE_PATHS.adminIssue, {
    body: { milestoneID: milestone.id },
    token: admin.access,
  });
  expect(issued.status, JSON.stringify(issued.body)).toBe(200);
  const payerOf = payer(team);
  const checkout = await deals.request<PaymentData>(INVOICE_PATHS.pay, {
    body: { invoiceID: issued.body.invoice.id },
    token: payerOf.access,
  });
  expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
  expect((await billing.pay(payerOf.access, checkout.body.paymentID)).status).toBe(200);

  const form = new FormData();
  form.set('milestoneID', milestone.id);
  form.set('note', `${label} wireframes`);
  form.set('file', new Blob([PDF]), `${label}-wireframes.pdf`);
  const added = await deals.request(DELIVERABLE_PATHS.add, { body: form, token: admin.access });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  const files = await deals.request<{ files: SharedFile[] }>(
    `${DELIVERABLE_PATHS.files}?projectID=${quote.projectID}`,
    { token: team.owner.access },
  );
  const file = files.body.files.find((entry) => entry.name === `${label}-wireframes.pdf`);
  if (!file) throw new Error('the deliverable file is not listed');

  const orders = await deals.request<{ data: Record<string, { id: string; projects: { id: string }[] }> }>(
    '/api/v1/user/projects',
    { token: team.owner.access },
  );
  const order = Object.values(orders.body.data).find((o) => o.projects.some((p) => p.id === quote.projectID));
  if (!order) throw new Error('the order is not listed');
  return {
    team,
    key: key.body.key.key,
    projectID: quote.projectID,
    orderID: order.id,
    quote,
    invoice: issued.body.invoice,
    fileID: file.id,
  };
}

beforeAll(async () => {
  server = await startTestServer({ env: { SANDBOX_WEBHOOK_SECRET: SANDBOX_SECRET } });
  deals = dealsKit(server);
  billing = billingKit(server);
  admin = await createAccount(server, 'admin');
  // A's billing member pays A's invoice; B's owner pays B's.
  A = await accountWithData('Alpha', (team) => team.members.billing);
  B = await accountWithData('Bravo', (team) => team.owner);
  for (const role of ROLES) await rename(A.team.members[role], NAMES[role]);
  await rename(A.team.owner, 'Olive');
}, 120_000);
afterAll(async () => server?.close());

const member = (role: MemberRole) => A.team.members[role];
const get = <T>(path: string, who: TestAccount) => deals.request<T>(path, { token: who.access });
const post = <T>(path: string, who: TestAccount, body: unknown) =>
  deals.request<T>(path, { body, token: who.access });
const refusedForRole = { status: 403, body: { code: 'role_not_allowed' } };

describe('members see their account’s data, never another account’s', () => {
  it('Key Manager keys: the developer and the viewer see A’s only; the billing member none', async () => {
    for (const role of ['developer', 'viewer'] as const) {
      const keys = await post<{ keys: { key: string }[] }>(KEY_MANAGER_PATHS.getKeys, member(role), {});
      expect(keys.status, role).toBe(200);
      expect(
        keys.body.keys.map((row) => row.key),
        role,
      ).toEqual([A.key]);
    }
    expect(await post(KEY_MANAGER_PATHS.getKeys, member('billing'), {})).toMatchObject(refusedForRole);
  });

  it('projects: every role sees A’s order and not B’s', async () => {
    for (const role of ROLES) {
      const orders = await get<{ data: Record<string, unknown> }>('/api/v1/user/projects', member(role));
      expect(orders.status, role).toBe(200);
      expect(Object.keys(orders.body.data), role).toEqual([A.orderID]);
    }
  });

  it('invoices and payments: the billing member sees and pays A’s only; the others are refused', async () => {
    const bella = member('billing');
    const invoices = await get<{ invoices: Invoice[] }>(INVOICE_PATHS.userList, bella);
    expect(invoices.body.invoices.map((invoice) => [invoice.id, invoice.status])).toEqual([
      [A.invoice.id, 'paid'],
    ]);
    const receipts = await get<ReceiptsGetResponse>(BILLING_PATHS.receiptsGet, bella);
    expect(receipts.status).toBe(200);
    const items = receipts.body.receipts.flatMap((receipt) => receipt.items).join(' ');
    expect(items).toContain(A.invoice.number);
    expect(items).not.toContain(B.invoice.number);
    // B's invoice does not exist for A's people, whatever the call.
    expect((await post(INVOICE_PATHS.pay, bella, { invoiceID: B.invoice.id })).status).toBe(404);
    const pdf = (who: TestAccount, invoice: Invoice) =>
      get(`${INVOICE_PATHS.pdf}?invoiceID=${invoice.id}`, who);
    expect((await pdf(bella, A.invoice)).status).toBe(200);
    expect((await pdf(bella, B.invoice)).status).toBe(404);
    expect((await pdf(B.team.members.billing, A.invoice)).status).toBe(404);

    for (const role of ['developer', 'viewer'] as const) {
      expect(await get(INVOICE_PATHS.userList, member(role)), role).toMatchObject(refusedForRole);
      expect(await get(BILLING_PATHS.receiptsGet, member(role)), role).toMatchObject(refusedForRole);
      expect(await post(INVOICE_PATHS.pay, member(role), { invoiceID: A.invoice.id }), role).toMatchObject(
        refusedForRole,
      );
      expect(await pdf(member(role), A.invoice), role).toMatchObject(refusedForRole);
    }
  });

  it('quotes and milestones: every role reads A’s project; B’s is not found', async () => {
    for (const role of ROLES) {
      const quotes = await get<{ quotes: Quote[] }>(
        `${QUOTE_PATHS.projectQuotes}?projectID=${A.projectID}`,
        member(role),
      );
      expect(quotes.status, role).toBe(200);
      expect(
        quotes.body.quotes.map((quote) => quote.id),
        role,
      ).toEqual([A.quote.id]);
      expect((await get(`${QUOTE_PATHS.milestones}?projectID=${A.projectID}`, member(role))).status).toBe(
        200,
      );
      expect((await get(`${QUOTE_PATHS.pdf}?quoteID=${A.quote.id}`, member(role))).status, role).toBe(200);

      expect((await get(`${QUOTE_PATHS.projectQuotes}?projectID=${B.projectID}`, member(role))).status).toBe(
        404,
      );
      expect((await get(`${QUOTE_PATHS.milestones}?projectID=${B.projectID}`, member(role))).status).toBe(
        404,
      );
      expect((await get(`${QUOTE_PATHS.pdf}?quoteID=${B.quote.id}`, member(role))).status, role).toBe(404);
    }
  });

  it('deliverables and files: every role reads A’s and downloads its file; B’s are not found', async () => {
    for (const role of ROLES) {
      const work = await get<{ milestones: unknown[] }>(
        `${DELIVERABLE_PATHS.list}?projectID=${A.projectID}`,
        member(role),
      );
      expect(work.status, role).toBe(200);
      const files = await get<{ files: SharedFile[] }>(
        `${DELIVERABLE_PATHS.files}?projectID=${A.projectID}`,
        member(role),
      );
      expect(
        files.body.files.map((file) => file.id),
        role,
      ).toContain(A.fileID);
      expect((await get(`/api/v1/files/${A.fileID}`, member(role))).status, role).toBe(200);

      expect((await get(`${DELIVERABLE_PATHS.list}?projectID=${B.projectID}`, member(role))).status).toBe(
        404,
      );
      expect((await get(`${DELIVERABLE_PATHS.files}?projectID=${B.projectID}`, member(role))).status).toBe(
        404,
      );
      expect((await get(`/api/v1/files/${B.fileID}`, member(role))).status, role).toBe(404);
    }
  });
});

describe('the project chat of a team', () => {
  const room = (side: Side) => ({ order_: side.orderID, project: side.projectID });
  const message = (side: Side, text: string) => ({
    order: side.orderID,
    project: side.projectID,
    message: text,
  });

  it('every role reads A’s room; only a role that changes projects posts; nobody reaches B’s room', async () => {
    for (const role of ROLES) {
      expect((await post(CHAT_PATHS.projectGet, member(role), room(A))).status, role).toBe(200);
      expect((await post(CHAT_PATHS.projectGet, member(role), room(B))).status, role).toBe(404);
      expect((await post(CHAT_PATHS.projectSet, member(role), message(B, 'Hello B'))).status, role).toBe(
        role === 'developer' ? 404 : 403,
      );
    }
    for (const role of ['billing', 'viewer'] as const) {
      const refused = await post<{ message: string }>(CHAT_PATHS.projectSet, member(role), message(A, 'Hi'));
      expect(refused, role).toMatchObject(refusedForRole);
      expect(refused.body.message, role).toContain('can see projects but not change them');
    }
    const messages = await post<{ messages: ProjectMessage[] }>(CHAT_PATHS.projectGet, A.team.owner, room(A));
    expect(messages.body.messages).toEqual([]);
  });

  it('a member’s message shows who wrote it, in the room, the bell and the mail of the others', async () => {
    // Everyone read the room in the test before: past the minute of presence, nobody has it open.
    server.clock.advance(2 * 60_000);
    const text = 'The staging build is ready for review';
    const sent = await post(CHAT_PATHS.projectSet, member('developer'), message(A, text));
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);

    // The bell: the agency's admin and the account's owner are told who wrote; the writer is not.
    const bellOf = async (who: TestAccount) =>
      (await get<{ notifications: Notification[] }>(NOTIFICATION_PATHS.list, who)).body.notifications
        .filter((n) => n.kind === 'new_message')
        .map((n) => n.body);
    await eventually(async () => (await bellOf(admin)).includes(`Devon: ${text}`));
    expect(await bellOf(A.team.owner)).toEqual([`Devon: ${text}`]);
    expect(await bellOf(member('developer'))).toEqual([]);
    // B's people hear nothing of A's room.
    expect(await bellOf(B.team.owner)).toEqual([]);

    // In the room: the owner and the agency see Devon, Devon sees "Me".
    const as = async (who: TestAccount) =>
      (await post<{ messages: ProjectMessage[] }>(CHAT_PATHS.projectGet, who, room(A))).body.messages.map(
        (m) => [m.from, m.message],
      );
    expect(await as(A.team.owner)).toEqual([['Devon', text]]);
    expect(await as(admin)).toEqual([['Devon', text]]);
    expect(await as(member('developer'))).toEqual([['Me', text]]);

    // The owner's mail (instant for clients) names the writer too.
    await sendWaitingDigests(server, admin.access);
    const [owner] = await server.database.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, A.team.owner.id));
    const mails = await mailsTo(server, owner?.email ?? '');
    expect(mails.map((mail) => mail.text).join('\n')).toContain(`Devon: ${text}`);
  });
});

describe('an account that requires two-factor sign-in', () => {
  it('holds its members without a factor at the routes that check access inside, as at the guard', async () => {
    const db = server.database.db;
    await db.update(users).set({ requireMemberTwoFactor: true }).where(eq(users.id, A.team.owner.id));
    for (const role of ROLES) await server.deps.sessions.accountChanged(member(role).id);
    const held = { status: 403, body: { code: 'two_factor_required' } };
    try {
      const viewer = member('viewer');
      expect(await post(CHAT_PATHS.projectGet, viewer, room())).toMatchObject(held);
      expect(await get(`${QUOTE_PATHS.projectQuotes}?projectID=${A.projectID}`, viewer)).toMatchObject(held);
      expect(await get(`${DELIVERABLE_PATHS.files}?projectID=${A.projectID}`, viewer)).toMatchObject(held);
      // The one download path judges each file by its purpose, and holds them first.
      expect(await get(`/api/v1/files/${A.fileID}`, viewer)).toMatchObject(held);
      expect(await get(`${INVOICE_PATHS.pdf}?invoiceID=${A.invoice.id}`, member('billing'))).toMatchObject(
        held,
      );
      expect(await post(KEY_MANAGER_PATHS.getKeys, member('developer'), {})).toMatchObject(held);
    } finally {
      await db.update(users).set({ requireMemberTwoFactor: false }).where(eq(users.id, A.team.owner.id));
      for (const role of ROLES) await server.deps.sessions.accountChanged(member(role).id);
    }
  });

  function room() {
    return { order_: A.orderID, project: A.projectID };
  }
});
