import type { PlanTerm } from '@app/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  type PaymentRow,
  planSubscriptions,
  planUpgradeRequests,
  receipts,
  saasPlanItems,
  saasPlans,
  users,
} from '../../db/schema/index.js';
import { addTerm, renewalStart } from '../catalog/index.js';
import { lockActiveSubscription } from './period-already-paid.js';
import type { PlanPaymentRow } from './plan-payment.js';
import type { BillingDetails } from './providers/provider.js';

const TERM_LABEL: Record<PlanTerm, string> = { m: '1 month', y: '1 year' };

/** What a payment bought: the subscription it started, renewed or changed, paid until (null: no end). */
export interface Purchase {
  subscriptionId: string;
  paidUntil: Date | null;
}

/**
 * Applies a verified payment inside the webhook's transaction: the subscription starts, renews or
 * changes plan, and the receipt is written. The caller holds the payment row locked and has checked
 * it was not paid before, so this runs once per payment. A refund or a lost dispute later ends what
 * it returns (access-reversal.ts).
 */
export async function fulfilPayment(
  tx: Db,
  payment: PlanPaymentRow,
  billing: BillingDetails,
  methodLabel: string,
  now: Date,
): Promise<Purchase> {
  const [plan] = await tx.select().from(saasPlans).where(eq(saasPlans.id, payment.planId));
  if (!plan) throw new Error(`paid plan ${payment.planId} is missing`);
  const current = await lockActiveSubscription(tx, payment.userId, payment.productId);
  let periodEnd: Date | null;
  let duration: string;
  let subscriptionId: string;

  if (payment.kind === 'upgrade' && current) {
    // Same term: the current period continues; another term or kind starts afresh now.
    const [from] = await tx.select().from(saasPlans).where(eq(saasPlans.id, current.planId));
    const keepsPeriod = plan.isRecurring && from?.isRecurring && !from.isFree && from.term === plan.term;
    periodEnd =
      plan.isFree || !plan.isRecurring
        ? null
        : keepsPeriod
          ? current.currentPeriodEnd
          : addTerm(now, plan.term);
    await tx
      .update(planSubscriptions)
      .set({ planId: plan.id, currentPeriodEnd: periodEnd })
      .where(eq(planSubscriptions.id, current.id));
    subscriptionId = current.id;
    if (payment.upgradeRequestId !== null) {
      await tx
        .update(planUpgradeRequests)
        .set({ status: 'completed' })
        .where(eq(planUpgradeRequests.id, payment.upgradeRequestId));
    }
    duration = periodEnd
      ? `Until ${periodEnd.toISOString().slice(0, 10)} (prorated plan change)`
      : 'Lifetime';
  } else if (current && current.planId === plan.id && plan.isRecurring) {
    // A renewal (or a second payment for the plan one has): the period moves forward by one term.
    const start = renewalStart(current.currentPeriodEnd, now, current.graceStartsAt);
    periodEnd = addTerm(start, plan.term);
    await tx
      .update(planSubscriptions)
      .set({ currentPeriodEnd: periodEnd, graceStartsAt: null })
      .where(eq(planSubscriptions.id, current.id));
    subscriptionId = current.id;
    duration = `${TERM_LABEL[plan.term]} (until ${periodEnd.toISOString().slice(0, 10)})`;
  } else {
    if (current) {
      await tx
        .update(planSubscriptions)
        .set({ status: 'canceled', endedAt: now })
        .where(eq(planSubscriptions.id, current.id));
    }
    periodEnd = plan.isRecurring ? addTerm(now, plan.term) : null;
    const [started] = await tx
      .insert(planSubscriptions)
      .values({
        userId: payment.userId,
        productId: payment.productId,
        planId: plan.id,
        status: 'active',
        startedAt: now,
        currentPeriodEnd: periodEnd,
      })
      .returning({ id: planSubscriptions.id });
    if (!started) throw new Error('subscription insert returned nothing');
    subscriptionId = started.id;
    duration = periodEnd
      ? `${TERM_LABEL[plan.term]} (until ${periodEnd.toISOString().slice(0, 10)})`
      : 'Lifetime';
  }

  await writeReceipt(tx, payment, billing, methodLabel, duration, now);
  return { subscriptionId, paidUntil: periodEnd };
}

/**
 * The receipt of a paid payment (what Payment History shows), once per payment. `duration` says
 * what it bought.
 */
export async function writeReceipt(
  tx: Db,
  payment: PaymentRow,
  billing: BillingDetails,
  methodLabel: string,
  duration: string,
  now: Date,
  statusMessage = 'Payment received',
  /** What was bought, when it is not a plan (an invoice's lines). */
  lines?: string[],
): Promise<void> {
  const [user] = await tx
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, payment.userId));
  const items =
    lines?.map((item) => ({ item })) ??
    (payment.planId === null
      ? []
      : await tx
          .select({ item: saasPlanItems.item })
          .from(saasPlanItems)
          .where(eq(saasPlanItems.planId, payment.planId)));
  await tx
    .insert(receipts)
    .values({
      paymentId: payment.id,
      userId: payment.userId,
      issuedAt: now,
      method: billing.last4 ? `${methodLabel} •••• ${billing.last4}` : methodLabel,
      firstName: billing.firstName || user?.firstName || '',
      lastName: billing.lastName || user?.lastName || '',
      email: user?.email ?? '',
      phone: billing.phone ?? '',
      address: billing.address ?? '',
      city: billing.city ?? '',
      country: billing.country ?? '',
      items: [payment.description, ...items.map((row) => row.item)],
      duration,
      amountCents: payment.amountCents,
      currency: payment.currency,
      status: 'paid',
      statusMessage,
    })
    .onConflictDoNothing({ target: receipts.paymentId });
}
