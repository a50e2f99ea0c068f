import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { invoices, type PaymentRow, projectActivities } from '../../../db/schema/index.js';
import { writeReceipt } from '../fulfil.js';
import type { BillingDetails } from '../providers/provider.js';
import { refreshPaymentHold } from './payment-hold.js';

/**
 * An invoice's payment settled (decision 035), inside the webhook's transaction with the payment row
 * locked: the invoice counts the money (paid once it covers the total), the receipt is written for
 * Payment History, and the project's payment hold lifts when nothing overdue is left.
 */
export async function settleInvoicePayment(
  tx: Db,
  payment: PaymentRow,
  billing: BillingDetails,
  methodLabel: string,
  now: Date,
): Promise<void> {
  if (!payment.invoiceId) throw new Error(`invoice payment ${payment.id} names no invoice`);
  const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, payment.invoiceId)).for('update');
  if (!invoice) throw new Error(`paid invoice ${payment.invoiceId} is missing`);
  await recordInvoiceMoney(tx, invoice.id, payment.amountCents, now);
  await writeReceipt(
    tx,
    payment,
    billing,
    methodLabel,
    `Invoice ${invoice.number}`,
    now,
    'Payment received',
    [
      payment.description,
      ...invoice.lineItems.map((line) =>
        line.quantity === 1 ? line.description : `${line.description} × ${line.quantity}`,
      ),
    ],
  );
  const paidInFull = invoice.paidCents + payment.amountCents - invoice.refundedCents >= invoice.totalCents;
  await tx.insert(projectActivities).values({
    projectId: invoice.projectId,
    message: paidInFull
      ? `Invoice ${invoice.number} is paid. Thank you.`
      : `A payment was received for invoice ${invoice.number}.`,
    createdAt: now,
  });
  await refreshPaymentHold(tx, invoice.projectId, now);
}

/**
 * Money received for an invoice (a checkout, or recorded by the admin): it is paid once what was
 * received, less what went back, covers its total. The caller holds the invoice row locked.
 */
export async function recordInvoiceMoney(tx: Db, invoiceId: string, cents: number, now: Date): Promise<void> {
  await tx
    .update(invoices)
    .set({
      paidCents: sql`${invoices.paidCents} + ${cents}`,
      status: sql`case when ${invoices.status} = 'open' and ${invoices.paidCents} + ${cents} - ${invoices.refundedCents} >= ${invoices.totalCents} then 'paid' else ${invoices.status} end`,
      paidAt: sql`case when ${invoices.status} = 'open' and ${invoices.paidCents} + ${cents} - ${invoices.refundedCents} >= ${invoices.totalCents} then ${now.toISOString()}::timestamptz else ${invoices.paidAt} end`,
    })
    .where(eq(invoices.id, invoiceId));
}

/**
 * Money of an invoice's payment went back (a refund or a lost dispute): the invoice shows it. A
 * refund is the agency's decision, so the invoice is not reopened; the admin issues a new one if
 * something is still owed.
 */
export async function invoiceRefunded(
  tx: Db,
  payment: PaymentRow,
  refundedTotalCents: number,
): Promise<void> {
  if (!payment.invoiceId) return;
  const extra = refundedTotalCents - payment.refundedCents;
  if (extra <= 0) return;
  await tx
    .update(invoices)
    .set({ refundedCents: sql`${invoices.refundedCents} + ${extra}` })
    .where(eq(invoices.id, payment.invoiceId));
}
