import type { Quote } from '@app/contract';
import { formatMoney } from '../../../platform/money.js';
import { PdfBusinessDocument, pdfDateTime, type Seller } from '../../../platform/pdf/pdf-document.js';

const TERM_WORD = { m: 'month', y: 'year' } as const;

/** The acceptance printed on a frozen quote: the name typed, when, and from which address. */
export interface QuoteAcceptance {
  name: string;
  at: Date;
  ip: string;
}

/**
 * A quote as a PDF (decision 035): the seller, the client, the lines, the milestones, the recurring
 * part, validity and terms. Accepting a quote renders it once more with the acceptance and stores
 * that PDF: what was agreed stays readable as it was, whatever changes later.
 */
export function renderQuotePdf(quote: Quote, seller: Seller, acceptance?: QuoteAcceptance): Promise<Buffer> {
  const money = (cents: number) => formatMoney(cents, quote.currency);
  const title = `Quote ${quote.projectName} — revision ${quote.revision}`;
  const pdf = new PdfBusinessDocument({ title, author: seller.name, subject: quote.projectName });
  pdf.header(seller, 'Quote', [
    `Project: ${quote.projectName}`,
    `Revision ${quote.revision}`,
    `Issued: ${pdfDateTime.format(new Date(quote.sentAt ?? quote.createdAt))} UTC`,
    quote.validUntil ? `Valid until: ${quote.validUntil}` : 'No expiry date',
  ]);

  pdf.heading('For');
  pdf.row('Client', quote.client.name);
  pdf.row('Email', quote.client.email);

  pdf.heading('Work');
  pdf.table(
    [
      { title: 'Description', width: 6 },
      { title: 'Qty', width: 1, align: 'right' },
      { title: 'Unit price', width: 2, align: 'right' },
      { title: 'Amount', width: 2, align: 'right' },
    ],
    quote.lineItems.map((line) => [
      line.description,
      String(line.quantity),
      money(line.unitAmount),
      money(line.amount),
    ]),
  );
  pdf.row('Total', money(quote.total));
  if (quote.recurringPayment && quote.term) {
    pdf.row('Then', `${money(quote.recurringPayment)} per ${TERM_WORD[quote.term]}, renewed until cancelled`);
  }

  pdf.heading('Milestones');
  pdf.table(
    [
      { title: 'Milestone', width: 6 },
      { title: 'Due', width: 2 },
      { title: 'Amount', width: 2, align: 'right' },
    ],
    quote.milestones.map((milestone) => [milestone.title, milestone.dueDate, money(milestone.amount)]),
  );

  if (quote.terms) {
    pdf.heading('Terms');
    pdf.paragraph(quote.terms);
  }

  if (acceptance) {
    pdf.heading('Accepted');
    pdf.row('Accepted by', acceptance.name);
    pdf.row('On', `${pdfDateTime.format(acceptance.at)} UTC`);
    pdf.row('From address', acceptance.ip || 'unknown');
  }
  return pdf.footer(`${seller.name} · ${title}`);
}
