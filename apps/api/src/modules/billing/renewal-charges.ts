import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import {
  type PlanSubscriptionRow,
  payments,
  renewalAttempts,
  type SubscriptionRenewalRow,
  saasPlans,
  saasProducts,
  subscriptionRenewals,
} from '../../db/schema/index.js';
import type { Clock } from '../../platform/clock.js';
import { describePlan } from './activation.js';
import type { PaymentService } from './payments.js';
import type { SandboxProvider } from './providers/sandbox-provider.js';

export type ChargeResult = 'paid' | 'failed' | 'skipped';

/**
 * Charges a sandbox subscription's saved card off-session (decision 021): a renewal payment and its
 * try are recorded first (unique per subscription, period end and try, so a sweep running twice or
 * on two instances charges once), then the sandbox processor reports the outcome as a signed
 * webhook through the same verification and rules as a checkout's. Card 4000 0000 0000 0341
 * declines every renewal, as Stripe's does. What a failure starts (dunning) is the webhook's work.
 */
export class SandboxRenewalCharges {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly payments: PaymentService,
    private readonly sandbox: SandboxProvider,
    private readonly log: FastifyBaseLogger,
  ) {}

  async charge(subscription: PlanSubscriptionRow, renewal: SubscriptionRenewalRow): Promise<ChargeResult> {
    const now = this.clock.now();
    const periodEnd = subscription.currentPeriodEnd;
    if (!periodEnd || renewal.provider !== 'sandbox' || renewal.status === 'off') return 'skipped';
    const refusal = this.payments.refusal('sandbox');
    if (refusal) {
      // Test payments off, or payments moved to Stripe: renewed by hand from now on.
      await this.db
        .update(subscriptionRenewals)
        .set({ status: 'off', nextAttemptAt: null, lastError: refusal, updatedAt: now })
        .where(eq(subscriptionRenewals.subscriptionId, subscription.id));
      return 'skipped';
    }
    const attempt = renewal.failedAttempts + 1;
    const payment = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ plan: saasPlans, product: saasProducts })
        .from(saasPlans)
        .innerJoin(saasProducts, eq(saasProducts.id, saasPlans.productId))
        .where(eq(saasPlans.id, subscription.planId));
      if (!row?.plan.isRecurring || row.plan.isFree) return null;
      const [created] = await tx
        .insert(payments)
        .values({
          userId: subscription.userId,
          kind: 'renewal',
          productId: subscription.productId,
          planId: row.plan.id,
          renewsPeriodEnd: periodEnd,
          description: `${describePlan(row.product, row.plan)} renewal`,
          amountCents: row.plan.priceCents,
          currency: row.plan.currency,
          provider: 'sandbox',
          statusMessage: 'Charging the saved card',
          createdAt: now,
        })
        .returning();
      if (!created) throw new Error('renewal payment insert returned nothing');
      const [claimed] = await tx
        .insert(renewalAttempts)
        .values({
          subscriptionId: subscription.id,
          paymentId: created.id,
          periodEnd,
          attempt,
          createdAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: renewalAttempts.id });
      if (!claimed) {
        // Another sweep took this try: nothing of ours is kept.
        await tx.delete(payments).where(eq(payments.id, created.id));
        return null;
      }
      await tx.update(payments).set({ providerRef: created.id }).where(eq(payments.id, created.id));
      return created;
    });
    if (!payment) return 'skipped';

    const declined = renewal.declinesRenewals;
    const signed = this.sandbox.signEvent(declined ? 'checkout.failed' : 'checkout.completed', {
      paymentID: payment.id,
      amount: payment.amountCents,
      currency: payment.currency,
      billing: { last4: renewal.cardLast4 },
    });
    await this.payments.handleWebhook('sandbox', signed.body, signed.headers);
    const [settled] = await this.db
      .select({ status: payments.status })
      .from(payments)
      .where(eq(payments.id, payment.id));
    const result: ChargeResult = settled?.status === 'paid' ? 'paid' : 'failed';
    this.log.info(
      { subscriptionId: subscription.id, paymentId: payment.id, attempt, result },
      'renewal charged',
    );
    return result;
  }
}
