import { formatMoney } from '../../platform/money.js';
import { PdfBusinessDocument, pdfDateTime, type Seller } from '../../platform/pdf/pdf-document.js';
import { formatReceiptNumber } from './receipt-number.js';

/**
 * What a receipt PDF shows: the Receipt fields of docs/product-contract.md §Entities, its number, what
 * went back, and the seller.
 */
export interface ReceiptPdfInput {
  number: number;
  id: number;
  orderId: string;
  issuedAt: Date;
  method: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  country: string;
  items: string[];
  duration: string;
  amountCents: number;
  refundedCents: number;
  currency: string;
  status: string;
  statusMessage: string;
}

/**
 * The order as a person recognises it: what was bought (the receipt's first item, the payment's
 * description: product and plan) and a short reference, not the payment's UUID. The web's receipt
 * dialog shows the same (apps/web/src/features/billing/receipt-order.ts).
 */
export function orderLabel(orderId: string, items: readonly string[]): string {
  const reference = `ref. ${orderId.slice(0, 8).toUpperCase()}`;
  return items[0] ? `${items[0]} · ${reference}` : reference;
}

/**
 * Renders a receipt as an A4 PDF with pdfkit (decision 022): real text, so it can be searched,
 * copied and read aloud, not a picture of a page.
 */
export function renderReceiptPdf(receipt: ReceiptPdfInput, seller: Seller): Promise<Buffer> {
  const number = formatReceiptNumber(receipt.number);
  const pdf = new PdfBusinessDocument({
    title: `Receipt ${number}`,
    author: seller.name,
    subject: `Order ${orderLabel(receipt.orderId, receipt.items)}`,
  });
  pdf.header(seller, 'Receipt', [
    `Receipt number: ${number}`,
    `Date: ${pdfDateTime.format(receipt.issuedAt)} UTC`,
  ]);

  pdf.heading('Billed to');
  pdf.row('Name', `${receipt.firstName} ${receipt.lastName}`.trim());
  pdf.row('Email', receipt.email);
  pdf.row('Phone', receipt.phone);
  pdf.row('Address', receipt.address);
  pdf.row('City', receipt.city);
  pdf.row('Country', receipt.country);

  pdf.heading('Payment');
  pdf.row('Order', orderLabel(receipt.orderId, receipt.items));
  pdf.row('Receipt ID', String(receipt.id));
  pdf.row('Method', receipt.method);
  pdf.row('Duration', receipt.duration);
  pdf.row('Status', `${receipt.status} — ${receipt.statusMessage}`);

  pdf.heading('Items');
  for (const item of receipt.items) pdf.paragraph(`•  ${item}`);

  pdf.heading('Amount');
  // The site's one money format ("$29.00"), as on the receipt in the browser (apps/web/src/lib/money.ts).
  pdf.row('Amount paid', formatMoney(receipt.amountCents, receipt.currency));
  if (receipt.refundedCents > 0) {
    pdf.row('Refunded', formatMoney(receipt.refundedCents, receipt.currency));
    pdf.row('Net amount', formatMoney(receipt.amountCents - receipt.refundedCents, receipt.currency));
  }
  return pdf.footer(`${seller.name} · Receipt ${number} · Keep this receipt for your records.`);
}
