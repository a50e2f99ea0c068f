import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { type PaymentRow, planSubscriptions } from '../../db/schema/index.js';

/**
 * Whether a renewal that was just paid is for a period another payment has paid since it was opened
 * (decision 021): two "Renew" checkouts opened side by side, or a hand renewal left open while the
 * saved card renewed. A renewal extends the period end it was opened for; once that end has moved,
 * the period is paid and this payment buys nothing (it is refunded).
 *
 * Runs in the webhook's transaction and locks the subscription row, so two renewals settled at the
 * same moment are decided one after the other: the second sees the period end the first moved.
 * A renewal of an ended subscription, or of a plan changed since, is left to `fulfilPayment` as before.
 */
/** The user's active subscription to a product, its row locked until the transaction ends. */
export async function lockActiveSubscription(tx: Db, userId: string, productId: number) {
  const [current] = await tx
    .select()
    .from(planSubscriptions)
    .where(
      and(
        eq(planSubscriptions.userId, userId),
        eq(planSubscriptions.productId, productId),
        eq(planSubscriptions.status, 'active'),
      ),
    )
    .for('update');
  return current;
}

export async function periodAlreadyPaid(tx: Db, payment: PaymentRow): Promise<boolean> {
  if (payment.kind !== 'renewal' || payment.renewsPeriodEnd === null || payment.productId === null)
    return false;
  const current = await lockActiveSubscription(tx, payment.userId, payment.productId);
  if (!current || current.planId !== payment.planId) return false;
  return current.currentPeriodEnd?.getTime() !== payment.renewsPeriodEnd.getTime();
}
