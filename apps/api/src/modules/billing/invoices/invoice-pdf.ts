import type { Invoice } from '@app/contract';
import { formatMoney } from '../../../platform/money.js';
import { PdfBusinessDocument, pdfDateTime, type Seller } from '../../../platform/pdf/pdf-document.js';

/**
 * An invoice as a PDF (decision 035), with the seller details receipts print: number, dates, the
 * client, the lines, subtotal, tax as issued, total, what was paid and what is left.
 */
export function renderInvoicePdf(invoice: Invoice, seller: Seller): Promise<Buffer> {
  const money = (cents: number) => formatMoney(cents, invoice.currency);
  const pdf = new PdfBusinessDocument({
    title: `Invoice ${invoice.number}`,
    author: seller.name,
    subject: invoice.description,
  });
  pdf.header(seller, 'Invoice', [
    `Invoice number: ${invoice.number}`,
    `Issued: ${pdfDateTime.format(new Date(invoice.issuedAt))} UTC`,
    `Due: ${invoice.dueDate}`,
  ]);
  pdf.heading('Billed to');
  pdf.row('Client', invoice.client.name);
  pdf.row('Email', invoice.client.email);
  pdf.row('Project', invoice.projectName);
  if (invoice.milestone) pdf.row('Milestone', invoice.milestone.title);

  pdf.heading('Items');
  pdf.table(
    [
      { title: 'Description', width: 6 },
      { title: 'Qty', width: 1, align: 'right' },
      { title: 'Unit price', width: 2, align: 'right' },
      { title: 'Amount', width: 2, align: 'right' },
    ],
    invoice.lineItems.map((line) => [
      line.description,
      String(line.quantity),
      money(line.unitAmount),
      money(line.amount),
    ]),
  );

  pdf.heading('Amount');
  pdf.row('Subtotal', money(invoice.subtotal));
  if (invoice.tax > 0 || invoice.taxRate > 0)
    pdf.row(`${invoice.taxLabel} (${invoice.taxRate}%)`, money(invoice.tax));
  pdf.row('Total', money(invoice.total));
  if (invoice.paid > 0) pdf.row('Paid', money(invoice.paid));
  if (invoice.refunded > 0) pdf.row('Refunded', money(invoice.refunded));
  pdf.row(
    'Status',
    invoice.status === 'void'
      ? 'Cancelled: nothing is owed'
      : invoice.status === 'paid'
        ? `Paid${invoice.paidAt ? ` on ${invoice.paidAt.slice(0, 10)}` : ''}`
        : `${money(invoice.balance)} due by ${invoice.dueDate}${invoice.overdue ? ` (${invoice.daysOverdue} days overdue)` : ''}`,
  );
  return pdf.footer(`${seller.name} · Invoice ${invoice.number} · Pay it in your portal, under Invoices.`);
}
