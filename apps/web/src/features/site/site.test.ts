import { describe, expect, it } from 'vitest';
import { brandFromDocument } from '../../lib/brand';
import { subscribersCsv } from './components/subscribers-csv';

function documentWith(brand: string, email: string): Document {
  const doc = document.implementation.createHTMLDocument('t');
  doc.head.innerHTML = `<meta name="application-name" content="${brand}"><meta name="contact-email" content="${email}">`;
  return doc;
}

describe('brandFromDocument', () => {
  it('reads the brand the server wrote into the page', () => {
    expect(brandFromDocument(documentWith('Acme', 'hi@acme.test'))).toEqual({
      status: 'ok',
      brandName: 'Acme',
      contactEmail: 'hi@acme.test',
    });
  });

  it('ignores unreplaced tokens, so the dev server fetches the config instead', () => {
    expect(brandFromDocument(documentWith('__BRAND_NAME__', '__CONTACT_EMAIL__'))).toBeUndefined();
    expect(brandFromDocument(document.implementation.createHTMLDocument('empty'))).toBeUndefined();
  });
});

describe('subscribersCsv', () => {
  it('writes a header and quoted rows with CRLF line ends', () => {
    const csv = subscribersCsv([{ email: 'a@b.test', confirmedAt: '2026-01-02T03:04:05.000Z' }]);
    expect(csv).toBe('"email","confirmed_at"\r\n"a@b.test","2026-01-02T03:04:05.000Z"\r\n');
  });

  it('defuses spreadsheet formulas and escapes quotes', () => {
    const csv = subscribersCsv([{ email: '=HYPERLINK("x")@b.test', confirmedAt: 'x' }]);
    expect(csv).toContain('"\'=HYPERLINK(""x"")@b.test"');
  });
});
