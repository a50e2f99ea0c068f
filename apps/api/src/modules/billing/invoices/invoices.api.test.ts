import {
  BILLING_PATHS,
  CHAT_PATHS,
  INVOICE_PATHS,
  type Invoice,
  type Milestone,
  NOTIFICATION_PATHS,
  type Notification,
  type PaymentData,
  QUOTE_PATHS,
  type ReceiptsGetResponse,
  type Receivable,
} from '@app/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, projectOrders, projects, quotes } from '../../../db/schema/index.js';
import { eventually } from '../../../test/eventually.js';
import { createAccount, type TestAccount } from '../../../test/fixtures.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { pdfText } from '../../../test/pdf-text.js';
import { dealsKit } from '../../projects/quotes/deals-kit.test.js';
import { joinAs } from '../../teams/teams-kit.test.js';
import { billingKit, DAY, SANDBOX_SECRET } from '../billing-kit.test.js';
import { INVOICE_SWEEP_JOB } from './invoice-sweep.js';

let server: TestServer;
let admin: TestAccount;
let client: TestAccount;
let stranger: TestAccount;
let deals: ReturnType<typeof dealsKit>;
let billing: ReturnType<typeof billingKit>;

beforeAll(async () => {
  server = await startTestServer({
    env: { SANDBOX_WEBHOOK_SECRET: SANDBOX_SECRET, INVOICE_TAX_RATE: '20', INVOICE_TAX_LABEL: 'VAT' },
  });
  deals = dealsKit(server);
  billing = billingKit(server);
  admin = await createAccount(server, 'admin');
  client = await createAccount(server, 'client');
  stranger = await createAccount(server, 'client');
});
afterAll(async () => server?.close());

/** A project of `owner` whose two-milestone quote was accepted; its milestones. */
async function acceptedDeal(owner: TestAccount): Promise<{ projectID: string; milestones: Milestone[] }> {
  const quote = await deals.sentQuote(admin, owner);
  const accepted = await deals.accept(owner, quote.id);
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  const listed = await deals.request<{ milestones: Milestone[] }>(
    `${QUOTE_PATHS.milestones}?projectID=${quote.projectID}`,
    { token: owner.access },
  );
  return { projectID: quote.projectID, milestones: listed.body.milestones };
}

/** `count` projects of `accountId`, each with an accepted one-line quote, written straight to the tables. */
async function acceptedQuotesInBulk(accountId: string, count: number): Promise<string[]> {
  const db = server.database.db;
  const now = server.clock.now();
  const orders = await db
    .insert(projectOrders)
    .values(Array.from({ length: count }, (_, i) => ({ clientId: accountId, name: `Bulk ${i}` })))
    .returning({ id: projectOrders.id });
  const made = await db
    .insert(projects)
    .values(
      orders.map((order, i) => ({
        orderId: order.id,
        name: `Bulk ${i}`,
        typeId: 3,
        status: 'approved' as const,
      })),
    )
    .returning({ id: projects.id });
  const line = { description: 'Work', quantity: 1, unitAmount: 10_000 };
  const due = now.toISOString().slice(0, 10);
  await db.insert(quotes).values(
    made.map((project) => ({
      projectId: project.id,
      accountId,
      revision: 1,
      status: 'accepted' as const,
      lineItems: [line],
      milestones: [{ title: 'All', amount: 10_000, dueDate: due }],
      totalCents: 10_000,
      createdAt: now,
      updatedAt: now,
      sentAt: now,
      decidedAt: now,
    })),
  );
  return made.map((project) => project.id);
}

async function issue(body: Record<string, unknown>) {
  return deals.request<{ invoice: Invoice; code?: string; message: string }>(INVOICE_PATHS.adminIssue, {
    body,
    token: admin.access,
  });
}

async function runSweep(): Promise<void> {
  const id = await server.deps.jobs.enqueue(INVOICE_SWEEP_JOB, {});
  if (!id) throw new Error('job not queued');
  await eventually(async () => {
    const job = await server.deps.jobs.boss.getJobById(INVOICE_SWEEP_JOB, id, { includeArchive: true });
    if (job?.state === 'failed') throw new Error(`sweep failed: ${JSON.stringify(job.output)}`);
    return job?.state === 'completed';
  });
}

/** A client signed in again after the clock moved past the access token's life. */
async function fresh(account: TestAccount): Promise<TestAccount> {
  return {
    ...account,
    ...(await server.deps.sessions.issue({ id: account.id, userType: account.userType }, false)),
  };
}

describe('invoices: issued from the accepted quote, paid inside the product', () => {
  it('bills a milestone with the configured tax, once, and the client pays it with the sandbox card', async () => {
    const { projectID, milestones } = await acceptedDeal(client);
    const first = milestones[0];
    if (!first) throw new Error('no milestone');
    const issued = await issue({ milestoneID: first.id });
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    const invoice = issued.body.invoice;
    expect(invoice).toMatchObject({
      projectID,
      status: 'open',
      subtotal: 120_000,
      taxLabel: 'VAT',
      taxRate: 20,
      tax: 24_000,
      total: 144_000,
      balance: 144_000,
      milestone: { id: first.id, title: 'Designs approved' },
      overdue: false,
    });
    expect(invoice.number).toMatch(new RegExp(`^INV-${server.clock.now().getUTCFullYear()}-\\d{4,}$`));
    expect((await issue({ milestoneID: first.id })).status).toBe(409);
    expect((await issue({ projectID })).status).toBe(409);

    // The stranger and a developer of the account cannot pay it; the owner can.
    expect(
      (await deals.request(INVOICE_PATHS.pay, { body: { invoiceID: invoice.id }, token: stranger.access }))
        .status,
    ).toBe(404);
    const developer = await createAccount(server, 'client');
    await joinAs(server, client.id, developer, 'developer');
    const refused = await deals.request(INVOICE_PATHS.pay, {
      body: { invoiceID: invoice.id },
      token: developer.access,
    });
    expect(refused).toMatchObject({ status: 403, body: { code: 'role_not_allowed' } });
    expect((await deals.request(INVOICE_PATHS.userList, { token: developer.access })).status).toBe(403);

    const checkout = await deals.request<PaymentData & { status: string }>(INVOICE_PATHS.pay, {
      body: { invoiceID: invoice.id },
      token: client.access,
    });
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
    expect(checkout.body).toMatchObject({ amount: 144_000, currency: 'usd', provider: 'sandbox' });
    const paid = await billing.pay(client.access, checkout.body.paymentID);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);

    const mine = await deals.request<{ invoices: Invoice[] }>(
      `${INVOICE_PATHS.userList}?projectID=${projectID}`,
      {
        token: client.access,
      },
    );
    expect(mine.body.invoices.map((i) => [i.number, i.status, i.paid, i.balance])).toEqual([
      [invoice.number, 'paid', 144_000, 0],
    ]);
    const receipts = await deals.request<ReceiptsGetResponse>(BILLING_PATHS.receiptsGet, {
      token: client.access,
    });
    const receipt = receipts.body.receipts.find((r) => r.amount === 144_000);
    expect(receipt?.items[0]).toContain(invoice.number);
    expect(
      (await deals.request(INVOICE_PATHS.pay, { body: { invoiceID: invoice.id }, token: client.access }))
        .body,
    ).toMatchObject({
      code: 'invoice_not_open',
    });

    // The owner's bell tells each step: the quote sent, the invoice due, the payment received.
    const bell = await eventually(async () => {
      const listed = await deals.request<{ notifications: Notification[] }>(NOTIFICATION_PATHS.list, {
        token: client.access,
      });
      const kinds = listed.body.notifications.map((n) => n.kind);
      return kinds.includes('payment_received') ? kinds : undefined;
    });
    expect(bell).toEqual(expect.arrayContaining(['quote_sent', 'invoice_due', 'payment_received']));
    // The developer of the account does not see invoices, so is not told of them.
    const devBell = await deals.request<{ notifications: Notification[] }>(NOTIFICATION_PATHS.list, {
      token: developer.access,
    });
    expect(devBell.body.notifications.map((n) => n.kind)).not.toContain('invoice_due');

    const pdf = await fetch(`${server.baseUrl}${INVOICE_PATHS.pdf}?invoiceID=${invoice.id}`, {
      headers: { authorization: `Bearer ${client.access}` },
    });
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const text = await pdfText(Buffer.from(await pdf.arrayBuffer()));
    expect(text).toContain(invoice.number);
    expect(text).toContain('VAT (20%)');
    expect(text).toContain('$1,440.00');
    const foreign = await fetch(`${server.baseUrl}${INVOICE_PATHS.pdf}?invoiceID=${invoice.id}`, {
      headers: { authorization: `Bearer ${stranger.access}` },
    });
    expect(foreign.status).toBe(404);
  });

  it('numbers 50 invoices issued at once without a gap or a repeat', async () => {
    const owner = await createAccount(server, 'client');
    const projectIDs = await acceptedQuotesInBulk(owner.id, 50);
    const before = await server.database.db.select({ sequence: invoices.sequence }).from(invoices);
    const replies = await Promise.all(projectIDs.map((projectID) => issue({ projectID })));
    expect(replies.map((r) => r.status)).toEqual(projectIDs.map(() => 200));
    const sequences = replies.map((r) => Number(r.body.invoice.number.split('-')[2])).sort((a, b) => a - b);
    const start = Math.max(0, ...before.map((row) => row.sequence)) + 1;
    expect(sequences).toEqual(Array.from({ length: 50 }, (_, i) => start + i));
  });

  it('sends reminders when overdue, holds the project after the grace period, and lifts it once paid', async () => {
    const owner = await createAccount(server, 'client');
    const { projectID, milestones } = await acceptedDeal(owner);
    const second = milestones[1];
    if (!second) throw new Error('no second milestone');
    const issued = await issue({
      milestoneID: second.id,
      dueDate: server.clock.now().toISOString().slice(0, 10),
    });
    const invoice = issued.body.invoice;
    const start = server.clock.now().getTime();
    try {
      server.clock.set(new Date(start + 2 * DAY));
      await runSweep();
      await runSweep();
      let owed = (
        await deals.request<{ invoices: Invoice[] }>(`${INVOICE_PATHS.adminList}?search=${invoice.number}`, {
          token: (await fresh(admin)).access,
        })
      ).body.invoices[0];
      expect(owed).toMatchObject({ overdue: true, daysOverdue: 2 });
      let [row] = await server.database.db.select().from(invoices).where(eq(invoices.id, invoice.id));
      expect(row?.remindersSent).toBe(1);

      server.clock.set(new Date(start + 11 * DAY));
      await runSweep();
      [row] = await server.database.db.select().from(invoices).where(eq(invoices.id, invoice.id));
      // Days 5 and 10 passed while the job waited: one reminder for both, counted as both.
      expect(row?.remindersSent).toBe(3);
      const [held] = await server.database.db.select().from(projects).where(eq(projects.id, projectID));
      expect(held?.paymentHoldSince).not.toBeNull();
      // On hold, the client's project chat is closed to them; the team still has it.
      const room = { order_: held?.orderId, project: projectID };
      const ownerNow = await fresh(owner);
      const closed = await deals.request(CHAT_PATHS.projectGet, { body: room, token: ownerNow.access });
      expect(closed).toMatchObject({ status: 402, body: { code: 'project_payment_hold' } });
      expect(
        (await deals.request(CHAT_PATHS.projectGet, { body: room, token: (await fresh(admin)).access }))
          .status,
      ).toBe(200);
      const overdueList = await deals.request<{ invoices: Invoice[] }>(
        `${INVOICE_PATHS.adminList}?status=overdue&search=${invoice.number}`,
        {
          token: (await fresh(admin)).access,
        },
      );
      expect(overdueList.body.invoices.map((i) => i.id)).toEqual([invoice.id]);
      owed = overdueList.body.invoices[0];
      expect(owed?.daysOverdue).toBe(11);

      const later = await fresh(admin);
      const partial = await deals.request<{ invoice: Invoice }>(INVOICE_PATHS.adminRecordPayment, {
        body: { invoiceID: invoice.id, amount: 100_000, note: 'Bank transfer' },
        token: later.access,
      });
      expect(partial.body.invoice).toMatchObject({
        status: 'open',
        paid: 100_000,
        balance: invoice.total - 100_000,
      });
      const tooMuch = await deals.request(INVOICE_PATHS.adminRecordPayment, {
        body: { invoiceID: invoice.id, amount: invoice.total },
        token: later.access,
      });
      expect(tooMuch).toMatchObject({ status: 400, body: { field: 'amount' } });
      const receivables = await deals.request<{ receivables: Receivable[] }>(
        `${INVOICE_PATHS.adminReceivables}?search=${encodeURIComponent(owner.email)}`,
        { token: later.access },
      );
      expect(receivables.body.receivables).toEqual([
        expect.objectContaining({
          outstanding: invoice.total - 100_000,
          overdue: invoice.total - 100_000,
          openInvoices: 1,
        }),
      ]);

      const rest = await deals.request<{ invoice: Invoice }>(INVOICE_PATHS.adminRecordPayment, {
        body: { invoiceID: invoice.id, amount: invoice.total - 100_000 },
        token: later.access,
      });
      expect(rest.body.invoice).toMatchObject({ status: 'paid', balance: 0 });
      const [lifted] = await server.database.db.select().from(projects).where(eq(projects.id, projectID));
      expect(lifted?.paymentHoldSince).toBeNull();
      expect(
        (await deals.request(CHAT_PATHS.projectGet, { body: room, token: ownerNow.access })).status,
      ).toBe(200);

      const csv = await fetch(`${server.baseUrl}${INVOICE_PATHS.adminExport}?search=${invoice.number}`, {
        headers: { authorization: `Bearer ${later.access}` },
      });
      expect(csv.headers.get('content-type')).toContain('text/csv');
      const lines = (await csv.text()).trim().split('\r\n');
      expect(lines[0]).toContain('number,issued_at,due_date,status');
      expect(lines).toHaveLength(2);
      expect(lines[1]).toContain(invoice.number);
    } finally {
      server.clock.set(new Date(start));
    }
  });

  it('invoices a milestone by itself once its due date comes, and voids an invoice issued by mistake', async () => {
    const owner = await createAccount(server, 'client');
    const { milestones } = await acceptedDeal(owner);
    const start = server.clock.now().getTime();
    try {
      server.clock.set(new Date(start + 15 * DAY));
      await runSweep();
      const later = await fresh(owner);
      const listed = await deals.request<{ invoices: Invoice[] }>(INVOICE_PATHS.userList, {
        token: later.access,
      });
      expect(listed.body.invoices.map((i) => i.milestone?.id)).toEqual([milestones[0]?.id]);
      const laterAdmin = await fresh(admin);
      const voided = await deals.request<{ invoice: Invoice }>(INVOICE_PATHS.adminVoid, {
        body: { invoiceID: listed.body.invoices[0]?.id },
        token: laterAdmin.access,
      });
      expect(voided.body.invoice).toMatchObject({ status: 'void', balance: 0 });
      const again = await deals.request(INVOICE_PATHS.adminVoid, {
        body: { invoiceID: listed.body.invoices[0]?.id },
        token: laterAdmin.access,
      });
      expect(again).toMatchObject({ status: 409, body: { code: 'invoice_not_open' } });
    } finally {
      server.clock.set(new Date(start));
    }
  });

  it('keeps the admin calls for admins', async () => {
    for (const path of [INVOICE_PATHS.adminList, INVOICE_PATHS.adminReceivables, INVOICE_PATHS.adminExport]) {
      expect((await deals.request(path, { token: client.access })).status).toBe(403);
    }
    const refused = await deals.request(INVOICE_PATHS.adminIssue, {
      body: { projectID: '00000000-0000-4000-8000-000000000000' },
      token: client.access,
    });
    expect(refused.status).toBe(403);
    const both = await issue({
      projectID: '00000000-0000-4000-8000-000000000000',
      milestoneID: '00000000-0000-4000-8000-000000000000',
    });
    expect(both).toMatchObject({ status: 400, body: { field: 'milestoneID' } });
  });
});
