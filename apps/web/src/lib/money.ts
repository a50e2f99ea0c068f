/**
 * The one way the web shows money: US English with the currency's symbol, two decimals ("$29.00",
 * "€12.50", "CA$9.00"). Every screen that shows an amount formats it here, and the receipt PDF prints
 * the same (apps/api/src/modules/billing/receipt-pdf.ts), so a plan's price, a quote, a receipt and
 * its PDF read alike.
 */
const formats = new Map<string, Intl.NumberFormat | null>();

function formatFor(currency: string): Intl.NumberFormat | null {
  const code = currency.toUpperCase();
  let format = formats.get(code);
  if (format === undefined) {
    try {
      format = new Intl.NumberFormat('en-US', { style: 'currency', currency: code });
    } catch {
      // Not an ISO 4217 code Intl accepts: the amount keeps the code instead of a symbol.
      format = null;
    }
    formats.set(code, format);
  }
  return format;
}

/** An amount in the currency's units (dollars, euros), e.g. a listing's price. */
export function formatAmount(amount: number, currency = 'usd'): string {
  const format = formatFor(currency);
  return format ? format.format(amount) : `${amount.toFixed(2)} ${currency.toUpperCase()}`;
}

/** Integer cents, as the API sends money: 2900 → "$29.00". */
export function formatMoney(cents: number, currency = 'usd'): string {
  return formatAmount(cents / 100, currency);
}

/**
 * What a person types as an amount in the currency's units ("12.50", "1,200", "7") → integer cents,
 * as the API takes money; null when it is not an amount of at most two decimals. Thousands commas are
 * allowed ("1,200.50"); a comma with one or two digits after it is read as the decimal mark ("12,5").
 */
export function parseCents(text: string): number | null {
  const trimmed = text.trim();
  const decimalComma = /^\d+,\d{1,2}$/.test(trimmed);
  const plain = decimalComma ? trimmed.replace(',', '.') : trimmed.replace(/,(?=\d{3}(\D|$))/g, '');
  const match = /^(\d{1,8})(?:\.(\d{1,2}))?$/.exec(plain);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Cents → the text of an amount input ("1250" → "12.50"), the inverse of `parseCents`. */
export const centsInput = (cents: number): string => (cents / 100).toFixed(2);
