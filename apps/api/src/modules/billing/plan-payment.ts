import type { PaymentRow } from '../../db/schema/index.js';

/** A payment for a SaaS plan (a subscription, its renewal or a plan change): it names both. */
export type PlanPaymentRow = PaymentRow & { productId: number; planId: number };

/** Plan payments buy subscriptions; invoice payments (decision 035) settle an invoice instead. */
export function isPlanPayment(row: PaymentRow): row is PlanPaymentRow {
  return row.productId !== null && row.planId !== null;
}
