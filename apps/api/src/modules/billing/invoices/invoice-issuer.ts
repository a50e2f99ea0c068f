import { INVOICE_DUE_DAYS } from '@app/contract';
import { and, asc, eq, ne } from 'drizzle-orm';
import type { Config } from '../../../config.js';
import type { Db, DbTransaction } from '../../../db/client.js';
import {
  type DealLineItem,
  invoices,
  projectMilestones,
  projectOrders,
  projects,
  quotes,
} from '../../../db/schema/index.js';
import type { Clock } from '../../../platform/clock.js';
import { badRequest, codedError, conflict, notFound } from '../../../platform/http/errors.js';
import { formatMoney } from '../../../platform/money.js';
import type { InvoiceNotices } from './invoice-notices.js';
import { formatInvoiceNumber, nextInvoiceSequence } from './invoice-numbers.js';
import { recordInvoiceMoney } from './invoice-settlement.js';
import { refreshPaymentHold } from './payment-hold.js';

const DAY_MS = 24 * 60 * 60 * 1000;
export const INVOICE_NOT_FOUND = 'Invoice not found';

/** The configured tax (INVOICE_TAX_RATE in percent) in basis points, and its label. */
export function taxOf(config: Pick<Config, 'INVOICE_TAX_RATE' | 'INVOICE_TAX_LABEL'>) {
  return { rateBp: Math.round(Number(config.INVOICE_TAX_RATE) * 100), label: config.INVOICE_TAX_LABEL };
}

interface NewInvoice {
  projectId: string;
  quoteId: string;
  milestoneId: string | null;
  description: string;
  lineItems: DealLineItem[];
  currency: string;
  dueDate: string | undefined;
  issuedBy: string | null;
}

/**
 * Issues, voids and records payments of invoices (decision 035). An invoice bills one milestone of
 * a project's accepted quote (the admin's click, or the daily sweep once it is due) or the whole
 * quote. Its number is drawn in the issuing transaction (no gaps); a milestone is invoiced once
 * (a partial unique index holds it when the sweep and the admin race).
 */
export class InvoiceIssuer {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly tax: { rateBp: number; label: string },
    private readonly notices: InvoiceNotices,
  ) {}

  async issueForMilestone(milestoneId: string, dueDate: string | undefined, issuedBy: string | null) {
    return this.db.transaction(async (tx) => {
      const [found] = await tx
        .select({ milestone: projectMilestones, currency: quotes.currency, project: projects.name })
        .from(projectMilestones)
        .innerJoin(quotes, eq(quotes.id, projectMilestones.quoteId))
        .innerJoin(projects, eq(projects.id, projectMilestones.projectId))
        .where(eq(projectMilestones.id, milestoneId))
        // The quote's row too: the whole quote's invoice locks it, so the two cannot race.
        .for('update', { of: [projectMilestones, quotes] });
      if (!found) throw notFound('Milestone not found');
      const { milestone } = found;
      await this.assertNotInvoiced(tx, milestone.projectId, milestone.id);
      return this.issue(tx, {
        projectId: milestone.projectId,
        quoteId: milestone.quoteId,
        milestoneId: milestone.id,
        description: `${found.project}: ${milestone.title}`,
        lineItems: [
          {
            description: `Milestone ${milestone.position}: ${milestone.title}`,
            quantity: 1,
            unitAmount: milestone.amountCents,
          },
        ],
        currency: found.currency,
        dueDate,
        issuedBy,
      });
    });
  }

  /** The whole accepted quote in one invoice, when none of its milestones was invoiced yet. */
  async issueWholeQuote(projectId: string, dueDate: string | undefined, issuedBy: string | null) {
    return this.db.transaction(async (tx) => {
      const [quote] = await tx
        .select({
          id: quotes.id,
          lineItems: quotes.lineItems,
          currency: quotes.currency,
          project: projects.name,
        })
        .from(quotes)
        .innerJoin(projects, eq(projects.id, quotes.projectId))
        .where(and(eq(quotes.projectId, projectId), eq(quotes.status, 'accepted')))
        .for('update', { of: quotes });
      if (!quote) throw conflict('This project has no accepted quote to invoice', 'projectID');
      await this.assertNotInvoiced(tx, projectId, null);
      return this.issue(tx, {
        projectId,
        quoteId: quote.id,
        milestoneId: null,
        description: `${quote.project}: the whole quote`,
        lineItems: quote.lineItems,
        currency: quote.currency,
        dueDate,
        issuedBy,
      });
    });
  }

  /** A milestone billed once; the whole quote only while nothing of it was billed (and vice versa). */
  private async assertNotInvoiced(tx: DbTransaction, projectId: string, milestoneId: string | null) {
    const live = await tx
      .select({ number: invoices.number, milestoneId: invoices.milestoneId })
      .from(invoices)
      .where(and(eq(invoices.projectId, projectId), ne(invoices.status, 'void')))
      .orderBy(asc(invoices.issuedAt));
    const whole = live.find((row) => row.milestoneId === null);
    if (whole) throw conflict(`The whole quote is already billed by invoice ${whole.number}`, 'milestoneID');
    if (milestoneId === null && live.length > 0)
      throw conflict(
        `Milestones of this quote are already billed (invoice ${live[0]?.number}): invoice the others one by one`,
        'projectID',
      );
    const same = live.find((row) => row.milestoneId === milestoneId);
    if (same) throw conflict(`This milestone is already billed by invoice ${same.number}`, 'milestoneID');
  }

  private async issue(tx: DbTransaction, input: NewInvoice): Promise<string> {
    const now = this.clock.now();
    const today = now.toISOString().slice(0, 10);
    const dueDate =
      input.dueDate ?? new Date(now.getTime() + INVOICE_DUE_DAYS * DAY_MS).toISOString().slice(0, 10);
    if (dueDate < today) throw badRequest('The due date must be today or later', 'dueDate');
    const [owner] = await tx
      .select({ accountId: projectOrders.clientId })
      .from(projects)
      .innerJoin(projectOrders, eq(projectOrders.id, projects.orderId))
      .where(eq(projects.id, input.projectId));
    if (!owner) throw notFound('Project not found');
    const subtotal = input.lineItems.reduce((sum, line) => sum + line.quantity * line.unitAmount, 0);
    const taxCents = Math.round((subtotal * this.tax.rateBp) / 10_000);
    const year = now.getUTCFullYear();
    const sequence = await nextInvoiceSequence(tx, year);
    const number = formatInvoiceNumber(year, sequence);
    const [created] = await tx
      .insert(invoices)
      .values({
        number,
        year,
        sequence,
        accountId: owner.accountId,
        projectId: input.projectId,
        quoteId: input.quoteId,
        milestoneId: input.milestoneId,
        description: input.description,
        lineItems: input.lineItems,
        subtotalCents: subtotal,
        taxRateBp: this.tax.rateBp,
        taxLabel: this.tax.rateBp > 0 ? this.tax.label : '',
        taxCents,
        totalCents: subtotal + taxCents,
        currency: input.currency,
        issuedAt: now,
        dueDate,
        issuedBy: input.issuedBy,
      })
      .returning({ id: invoices.id });
    if (!created) throw new Error('invoice insert returned nothing');
    await this.notices.add(
      tx,
      { accountId: owner.accountId, projectId: input.projectId, number },
      'invoice_due',
      `Invoice ${number} for ${formatMoney(subtotal + taxCents, input.currency)} is due on ${dueDate}: pay it in your portal.`,
    );
    return created.id;
  }

  /** An invoice that should not be paid (issued by mistake); its number stays taken. */
  async void(invoiceId: string): Promise<void> {
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      const invoice = await lockInvoice(tx, invoiceId);
      if (invoice.status !== 'open' || invoice.paidCents > 0)
        throw codedError(
          'invoice_not_open',
          `Invoice ${invoice.number} is ${invoice.status === 'open' ? 'partly paid' : invoice.status}: it cannot be voided`,
          'invoiceID',
        );
      await tx.update(invoices).set({ status: 'void', voidedAt: now }).where(eq(invoices.id, invoice.id));
      await refreshPaymentHold(tx, invoice.projectId, now);
      await this.notices.add(
        tx,
        invoice,
        'invoice_due',
        `Invoice ${invoice.number} was cancelled: nothing is owed on it.`,
      );
    });
  }

  /** Money the admin received outside the product (a transfer, the payment link); partial is fine. */
  async recordPayment(invoiceId: string, cents: number): Promise<void> {
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      const invoice = await lockInvoice(tx, invoiceId);
      if (invoice.status !== 'open')
        throw codedError(
          'invoice_not_open',
          `Invoice ${invoice.number} is ${invoice.status}: no payment is due on it`,
          'invoiceID',
        );
      const balance = invoice.totalCents - (invoice.paidCents - invoice.refundedCents);
      if (cents > balance)
        throw badRequest(
          `Only ${formatMoney(balance, invoice.currency)} is left to pay on invoice ${invoice.number}`,
          'amount',
        );
      await recordInvoiceMoney(tx, invoice.id, cents, now);
      await refreshPaymentHold(tx, invoice.projectId, now);
      await this.notices.add(
        tx,
        invoice,
        'payment_received',
        `We received ${formatMoney(cents, invoice.currency)} for invoice ${invoice.number}. Thank you.`,
      );
    });
  }
}

export async function lockInvoice(tx: DbTransaction, invoiceId: string) {
  const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId)).for('update');
  if (!invoice) throw notFound(INVOICE_NOT_FOUND);
  return invoice;
}
