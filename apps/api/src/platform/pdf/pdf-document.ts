import PDFDocument from 'pdfkit';

/** Who sells: printed at the top of receipts, quotes and invoices (config.ts sellerOf). */
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

export const pdfDateTime = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'UTC',
});

/** A table column: its heading, its share of the width, and how its cells align. */
export interface PdfColumn {
  title: string;
  width: number;
  align?: 'left' | 'right';
}

/**
 * An A4 business document drawn with pdfkit (decision 022): real text, so it can be searched, copied
 * and read aloud. Receipts, quotes and invoices share its layout: the seller and the title at the
 * top, headed sections of label/value rows, tables, a footer line.
 */
export class PdfBusinessDocument {
  readonly doc: PDFKit.PDFDocument;
  private readonly chunks: Buffer[] = [];
  private readonly done: Promise<Buffer>;
  readonly left: number;
  readonly width: number;

  constructor(info: { title: string; author: string; subject: string }) {
    this.doc = new PDFDocument({
      size: 'A4',
      margin: 56,
      info: { Title: pdfSafe(info.title), Author: pdfSafe(info.author), Subject: pdfSafe(info.subject) },
    });
    this.doc.on('data', (chunk: Buffer) => this.chunks.push(chunk));
    this.done = new Promise<Buffer>((resolve, reject) => {
      this.doc.on('end', () => resolve(Buffer.concat(this.chunks)));
      this.doc.on('error', reject);
    });
    this.left = this.doc.page.margins.left;
    this.width = this.doc.page.width - this.left - this.doc.page.margins.right;
  }

  /** The seller top left; the document's title and its reference lines top right. */
  header(seller: Seller, title: string, lines: string[]): void {
    const { doc, left, width } = this;
    const top = doc.y;
    doc
      .font('Helvetica-Bold')
      .fontSize(14)
      .text(pdfSafe(seller.name), left, top, { width: width / 2 });
    doc.font('Helvetica').fontSize(9);
    for (const line of seller.addressLines) doc.text(pdfSafe(line), { width: width / 2 });
    doc.text(pdfSafe(seller.email), { width: width / 2 });
    if (seller.taxId) doc.text(pdfSafe(`Tax ID: ${seller.taxId}`), { width: width / 2 });
    const sellerBottom = doc.y;
    doc
      .font('Helvetica-Bold')
      .fontSize(20)
      .text(pdfSafe(title), left + width / 2, top, { width: width / 2, align: 'right' });
    doc.font('Helvetica').fontSize(10);
    for (const line of lines) doc.text(pdfSafe(line), { width: width / 2, align: 'right' });
    doc.y = Math.max(sellerBottom, doc.y) + 24;
  }

  heading(title: string): void {
    const { doc, left, width } = this;
    doc.moveDown(0.5);
    doc.font('Helvetica-Bold').fontSize(12).text(pdfSafe(title), left, doc.y, { width });
    doc
      .moveTo(left, doc.y + 2)
      .lineTo(left + width, doc.y + 2)
      .lineWidth(0.5)
      .strokeColor('#999999')
      .stroke();
    doc.y += 8;
  }

  /** A label and its value on one line (the value wraps); an empty value prints as a dash. */
  row(label: string, value: string): void {
    const { doc, left, width } = this;
    const y = doc.y;
    doc.font('Helvetica-Bold').fontSize(10).text(pdfSafe(label), left, y, { width: 130 });
    const labelBottom = doc.y;
    doc.font('Helvetica').text(pdfSafe(value || '—'), left + 140, y, { width: width - 140 });
    doc.y = Math.max(labelBottom, doc.y) + 4;
  }

  paragraph(value: string): void {
    this.doc
      .font('Helvetica')
      .fontSize(10)
      .text(pdfSafe(value), this.left, this.doc.y, { width: this.width });
    this.doc.y += 4;
  }

  /** A table: a bold heading row, then one row per entry; column widths are shares of the page. */
  table(columns: PdfColumn[], rows: string[][]): void {
    const { doc, left, width } = this;
    const total = columns.reduce((sum, column) => sum + column.width, 0);
    const draw = (cells: string[], font: string) => {
      const y = doc.y;
      let x = left;
      let bottom = y;
      columns.forEach((column, i) => {
        const w = (column.width / total) * width;
        doc
          .font(font)
          .fontSize(10)
          .text(pdfSafe(cells[i] ?? ''), x, y, { width: w - 6, align: column.align ?? 'left' });
        bottom = Math.max(bottom, doc.y);
        x += w;
      });
      doc.y = bottom + 4;
    };
    draw(
      columns.map((column) => column.title),
      'Helvetica-Bold',
    );
    for (const cells of rows) draw(cells, 'Helvetica');
  }

  footer(value: string): Promise<Buffer> {
    const { doc, left, width } = this;
    doc.moveDown(2);
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor('#555555')
      .text(pdfSafe(value), left, doc.y, { width, align: 'center' });
    doc.end();
    return this.done;
  }
}
