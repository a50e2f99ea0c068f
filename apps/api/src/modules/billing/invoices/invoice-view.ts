import { type Invoice, lineTotal } from '@app/contract';
import { eq } from 'drizzle-orm';
import type { DbOrTransaction } from '../../../db/client.js';
import { type InvoiceRow, invoices, projectMilestones, projects, users } from '../../../db/schema/index.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What an invoice reply needs beside the invoice: its project, client and milestone. */
export function invoiceContextColumns() {
  return {
    invoice: invoices,
    projectName: projects.name,
    client: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
    milestoneTitle: projectMilestones.title,
  };
}

/** Invoices joined to what a reply shows; the caller adds its conditions and order. */
export function selectInvoiceContexts(db: DbOrTransaction) {
  return db
    .select(invoiceContextColumns())
    .from(invoices)
    .innerJoin(projects, eq(projects.id, invoices.projectId))
    .innerJoin(users, eq(users.id, invoices.accountId))
    .leftJoin(projectMilestones, eq(projectMilestones.id, invoices.milestoneId));
}

export interface InvoiceContext {
  invoice: InvoiceRow;
  projectName: string;
  client: { id: string; firstName: string; lastName: string; email: string };
  milestoneTitle: string | null;
}

/** What is left to pay: the total less what was received, plus what went back; nothing once void. */
export function balanceOf(
  invoice: Pick<InvoiceRow, 'status' | 'totalCents' | 'paidCents' | 'refundedCents'>,
) {
  if (invoice.status !== 'open') return 0;
  return Math.max(0, invoice.totalCents - (invoice.paidCents - invoice.refundedCents));
}

/** Whole days an open invoice is past its due date (0 when not yet due). */
export function daysOverdue(invoice: Pick<InvoiceRow, 'status' | 'dueDate'>, now: Date): number {
  if (invoice.status !== 'open') return 0;
  const due = Date.parse(`${invoice.dueDate}T00:00:00Z`);
  const today = Date.parse(`${now.toISOString().slice(0, 10)}T00:00:00Z`);
  return Math.max(0, Math.round((today - due) / DAY_MS));
}

export function toInvoice(context: InvoiceContext, now: Date): Invoice {
  const { invoice, client } = context;
  const late = daysOverdue(invoice, now);
  return {
    id: invoice.id,
    number: invoice.number,
    projectID: invoice.projectId,
    projectName: context.projectName,
    client: { id: client.id, name: `${client.firstName} ${client.lastName}`.trim(), email: client.email },
    milestone:
      invoice.milestoneId && context.milestoneTitle !== null
        ? { id: invoice.milestoneId, title: context.milestoneTitle }
        : null,
    description: invoice.description,
    lineItems: invoice.lineItems.map((line) => ({ ...line, amount: lineTotal(line) })),
    subtotal: invoice.subtotalCents,
    taxLabel: invoice.taxLabel,
    taxRate: invoice.taxRateBp / 100,
    tax: invoice.taxCents,
    total: invoice.totalCents,
    currency: invoice.currency,
    status: invoice.status,
    paid: invoice.paidCents,
    refunded: invoice.refundedCents,
    balance: balanceOf(invoice),
    issuedAt: invoice.issuedAt.toISOString(),
    dueDate: invoice.dueDate,
    paidAt: invoice.paidAt?.toISOString() ?? null,
    overdue: late > 0,
    daysOverdue: late,
  };
}

/** One invoice as a reply shows it, or null. */
export async function invoiceView(
  db: DbOrTransaction,
  invoiceId: string,
  now: Date,
): Promise<Invoice | null> {
  const [context] = await selectInvoiceContexts(db).where(eq(invoices.id, invoiceId)).limit(1);
  return context ? toInvoice(context, now) : null;
}
