import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { type PaymentRow, payments, planSubscriptions, planUpgradeRequests } from '../../db/schema/index.js';

/**
 * What refunds and disputes do to the access a payment bought (decision 011), inside the webhook's
 * transaction. Each returns whether a subscription changed, so the caller can tell the caches.
 */

/** The subscription the payment bought, while it is still the active one and its period still runs. */
async function boughtSubscription(tx: Db, payment: PaymentRow, now: Date) {
  if (!payment.subscriptionId) return null;
  // A period already over was used: a later payment's access is not taken with it.
  if (payment.paidUntil && payment.paidUntil.getTime() <= now.getTime()) return null;
  const [subscription] = await tx
    .select()
    .from(planSubscriptions)
    .where(and(eq(planSubscriptions.id, payment.subscriptionId), eq(planSubscriptions.status, 'active')))
    .for('update');
  return subscription ?? null;
}

/** A full refund or a lost dispute: the subscription ends now, with any plan change still open. */
export async function endBoughtAccess(tx: Db, payment: PaymentRow, now: Date): Promise<boolean> {
  const subscription = await boughtSubscription(tx, payment, now);
  if (!subscription) return false;
  await tx
    .update(planSubscriptions)
    .set({ status: 'canceled', endedAt: now, heldAt: null })
    .where(eq(planSubscriptions.id, subscription.id));
  await tx
    .update(planUpgradeRequests)
    .set({ status: 'canceled' })
    .where(
      and(
        eq(planUpgradeRequests.subscriptionId, subscription.id),
        inArray(planUpgradeRequests.status, ['pending', 'approved']),
      ),
    );
  return true;
}

/** A dispute opened: the subscription is suspended from now (deriveState reads `heldAt`). */
export async function holdBoughtAccess(tx: Db, payment: PaymentRow, now: Date): Promise<boolean> {
  const subscription = await boughtSubscription(tx, payment, now);
  if (!subscription || subscription.heldAt) return false;
  await tx.update(planSubscriptions).set({ heldAt: now }).where(eq(planSubscriptions.id, subscription.id));
  return true;
}

/** A dispute won: the hold lifts, unless another payment of the same subscription is still disputed. */
export async function releaseBoughtAccess(tx: Db, payment: PaymentRow): Promise<boolean> {
  if (!payment.subscriptionId) return false;
  const [otherOpen] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.subscriptionId, payment.subscriptionId),
        eq(payments.disputeStatus, 'open'),
        ne(payments.id, payment.id),
      ),
    )
    .limit(1);
  if (otherOpen) return false;
  const released = await tx
    .update(planSubscriptions)
    .set({ heldAt: null })
    .where(and(eq(planSubscriptions.id, payment.subscriptionId), eq(planSubscriptions.status, 'active')))
    .returning({ id: planSubscriptions.id });
  return released.length > 0;
}
