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
