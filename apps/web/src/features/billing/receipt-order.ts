import type { Receipt } from '@app/contract';

/**
 * A receipt's order as a person recognises it: what was bought (its first item, the payment's
 * description: product and plan) and a short reference, rather than the payment's UUID. The receipt
 * PDF prints the same (apps/api/src/modules/billing/receipt-pdf.ts, `orderLabel`).
 */
export function receiptOrder(receipt: Pick<Receipt, 'order_id' | 'items'>): string {
  const reference = `ref. ${receipt.order_id.slice(0, 8).toUpperCase()}`;
  const bought = receipt.items[0];
  return bought ? `${bought} · ${reference}` : reference;
}
