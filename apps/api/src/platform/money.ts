/**
 * `$29.00`, `€12.50`: the server's one money format, as the web's (apps/web/src/lib/money.ts), for
 * mails and PDFs. An amount in a currency Intl does not know keeps its code.
 */
export function formatMoney(cents: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(
      cents / 100,
    );
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;
  }
}
