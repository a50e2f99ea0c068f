import PDFDocument from 'pdfkit';
import { formatMoney } from './payment-mails.js';
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

export interface Seller {
  name: string;
  /** Printed one line each. */
  addressLines: string[];
  taxId?: string | undefined;
  email: string;
}

/** The Windows-1252 characters beyond Latin-1 that the PDF's standard fonts can show. */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/**
 * The standard PDF fonts (no font file to ship) cover Windows-1252 only: other letters lose their
 * accents (ő → o), and what is left becomes `?`, rather than printing as garbage.
 */
export function pdfSafe(text: string): string {
  let out = '';
  for (const char of text.normalize('NFC')) {
    const code = char.codePointAt(0) ?? 0;
    if ((code >= 0x20 && code < 0x7f) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(char)) {
      out += char;
      continue;
    }
    if (char === '\n' || char === '\t') {
      out += ' ';
      continue;
    }
    const base = char.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
    out += /^[\x20-\x7e]+$/.test(base) ? base : '?';
  }
  return out;
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

const dateFormat = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'UTC',
});

/**
 * Renders a receipt as an A4 PDF with pdfkit (decision 022): real text, so it can be searched,
 * copied and read aloud, not a picture of a page.
 */
export function renderReceiptPdf(receipt: ReceiptPdfInput, seller: Seller): Promise<Buffer> {
  const number = formatReceiptNumber(receipt.number);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: {
      Title: `Receipt ${number}`,
      Author: pdfSafe(seller.name),
      Subject: pdfSafe(`Order ${orderLabel(receipt.orderId, receipt.items)}`),
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const text = (value: string) => pdfSafe(value);

  // The seller, top left; the receipt's number and date, top right.
  const top = doc.y;
  doc
    .font('Helvetica-Bold')
    .fontSize(14)
    .text(text(seller.name), left, top, { width: width / 2 });
  doc.font('Helvetica').fontSize(9);
  for (const line of seller.addressLines) doc.text(text(line), { width: width / 2 });
  doc.text(text(seller.email), { width: width / 2 });
  if (seller.taxId) doc.text(text(`Tax ID: ${seller.taxId}`), { width: width / 2 });
  const sellerBottom = doc.y;
  doc
    .font('Helvetica-Bold')
    .fontSize(20)
    .text('Receipt', left + width / 2, top, { width: width / 2, align: 'right' });
  doc.font('Helvetica').fontSize(10);
  doc.text(`Receipt number: ${number}`, { width: width / 2, align: 'right' });
  doc.text(`Date: ${dateFormat.format(receipt.issuedAt)} UTC`, { width: width / 2, align: 'right' });
  doc.y = Math.max(sellerBottom, doc.y) + 24;

  const row = (label: string, value: string) => {
    const y = doc.y;
    doc.font('Helvetica-Bold').fontSize(10).text(label, left, y, { width: 130 });
    const labelBottom = doc.y;
    doc.font('Helvetica').text(text(value || '—'), left + 140, y, { width: width - 140 });
    doc.y = Math.max(labelBottom, doc.y) + 4;
  };
  const heading = (title: string) => {
    doc.moveDown(0.5);
    doc.font('Helvetica-Bold').fontSize(12).text(title, left, doc.y, { width });
    doc
      .moveTo(left, doc.y + 2)
      .lineTo(left + width, doc.y + 2)
      .lineWidth(0.5)
      .strokeColor('#999999')
      .stroke();
    doc.y += 8;
  };

  heading('Billed to');
  row('Name', `${receipt.firstName} ${receipt.lastName}`.trim());
  row('Email', receipt.email);
  row('Phone', receipt.phone);
  row('Address', receipt.address);
  row('City', receipt.city);
  row('Country', receipt.country);

  heading('Payment');
  row('Order', orderLabel(receipt.orderId, receipt.items));
  row('Receipt ID', String(receipt.id));
  row('Method', receipt.method);
  row('Duration', receipt.duration);
  row('Status', `${receipt.status} — ${receipt.statusMessage}`);

  heading('Items');
  for (const item of receipt.items) {
    doc
      .font('Helvetica')
      .fontSize(10)
      .text(`•  ${text(item)}`, left, doc.y, { width });
    doc.y += 2;
  }

  heading('Amount');
  // The site's one money format ("$29.00"), as on the receipt in the browser (apps/web/src/lib/money.ts).
  row('Amount paid', formatMoney(receipt.amountCents, receipt.currency));
  if (receipt.refundedCents > 0) {
    row('Refunded', formatMoney(receipt.refundedCents, receipt.currency));
    row('Net amount', formatMoney(receipt.amountCents - receipt.refundedCents, receipt.currency));
  }

  doc.moveDown(2);
  doc
    .font('Helvetica')
    .fontSize(8)
    .fillColor('#555555')
    .text(text(`${seller.name} · Receipt ${number} · Keep this receipt for your records.`), left, doc.y, {
      width,
      align: 'center',
    });
  doc.end();
  return done;
}
