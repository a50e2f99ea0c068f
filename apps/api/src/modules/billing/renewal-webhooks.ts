import { CARD_DECLINED_MESSAGE } from '@app/contract';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  payments,
  planSubscriptions,
  renewalAttempts,
  saasPlans,
  saasProducts,
  subscriptionRenewals,
} from '../../db/schema/index.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import { describePlan } from './activation.js';
import { applyOutcome } from './apply-outcome.js';
import { clearDunning, recordFailedRenewal } from './dunning.js';
import type { PaymentMails } from './payment-mails.js';
import type { PaymentLifecycle } from './payments.js';
import type { LifecycleEvent, PaymentProvider, VerifiedEvent } from './providers/provider.js';
import type { AppliedOutcome } from './webhook-outcome.js';

/**
 * What webhooks do to automatic renewals (decision 021), inside the webhook's transaction, after
 * the event was stored once under its id (so a replay does nothing):
 * - a paid checkout of a recurring plan saves the card (sandbox) or the Stripe subscription, and any
 *   paid payment of a subscription ends its dunning; a renewal paid for a period already paid is
 *   queued for a full refund;
 * - a failed off-session charge (sandbox) or `invoice.payment_failed` (Stripe) is a dunning step;
 * - `invoice.paid` for a later period is a renewal: a payment, a receipt and its mail, the period
 *   moved to Stripe's; `customer.subscription.updated/deleted` follow cancel at period end and ends.
 */
export class RenewalWebhooks implements PaymentLifecycle {
  constructor(
    private readonly mailer: Mailer,
    private readonly mails: PaymentMails,
    private readonly updateCardUrl: string,
    /** Queues the end of a Stripe subscription in the caller's transaction (null without Stripe). */
    private readonly cancelAtStripe: ((tx: Db, subscriptionRef: string) => Promise<void>) | null,
    /** Queues the full refund of a payment for a period already paid, in the caller's transaction. */
    private readonly refundPaidTwice: (tx: Db, paymentId: string) => Promise<void>,
  ) {}

  async afterOutcome(
    tx: Db,
    outcome: AppliedOutcome,
    paymentId: string,
    event: VerifiedEvent,
    now: Date,
  ): Promise<boolean> {
    if (outcome === 'period-already-paid') {
      await this.refundPaidTwice(tx, paymentId);
      return false;
    }
    if (outcome === 'refunded' || outcome === 'dispute-lost') {
      await this.stopRenewingEnded(tx, paymentId, now);
      return false;
    }
    if (outcome !== 'paid' && outcome !== 'failed') return false;
    const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId));
    if (!payment) return false;
    if (outcome === 'failed') {
      const [attempt] = await tx
        .select()
        .from(renewalAttempts)
        .where(eq(renewalAttempts.paymentId, paymentId));
      if (!attempt) return false;
      const [renewal] = await tx
        .select()
        .from(subscriptionRenewals)
        .where(eq(subscriptionRenewals.subscriptionId, attempt.subscriptionId))
        .for('update');
      const [subscription] = await tx
        .select()
        .from(planSubscriptions)
        .where(and(eq(planSubscriptions.id, attempt.subscriptionId), eq(planSubscriptions.status, 'active')));
      if (!renewal || !subscription) return false;
      await recordFailedRenewal(
        tx,
        {
          renewal,
          subscription,
          attempt: attempt.attempt,
          amountCents: payment.amountCents,
          currency: payment.currency,
          error: CARD_DECLINED_MESSAGE,
        },
        now,
        this.mailer,
        this.updateCardUrl,
      );
      return true;
    }

    if (!payment.subscriptionId || payment.planId === null) return false;
    const [plan] = await tx.select().from(saasPlans).where(eq(saasPlans.id, payment.planId));
    const recurring = plan?.isRecurring === true && !plan.isFree;
    const saved = recurring ? savedRenewal(event) : null;
    if (saved) {
      const row = {
        userId: payment.userId,
        status: 'active' as const,
        failedAttempts: 0,
        pastDueSince: null,
        nextAttemptAt: null,
        lastError: null,
        updatedAt: now,
        ...saved,
      };
      await tx
        .insert(subscriptionRenewals)
        .values({ subscriptionId: payment.subscriptionId, ...row })
        .onConflictDoUpdate({ target: subscriptionRenewals.subscriptionId, set: row });
    }
    await clearDunning(tx, payment.subscriptionId, now);
    return true;
  }

  /** A refund or a lost dispute ended the subscription: nothing is charged for it any more. */
  private async stopRenewingEnded(tx: Db, paymentId: string, now: Date): Promise<void> {
    const [row] = await tx
      .select({ status: planSubscriptions.status, subscriptionId: planSubscriptions.id })
      .from(payments)
      .innerJoin(planSubscriptions, eq(planSubscriptions.id, payments.subscriptionId))
      .where(eq(payments.id, paymentId));
    if (!row || row.status === 'active') return;
    const [stopped] = await tx
      .update(subscriptionRenewals)
      .set({ status: 'off', nextAttemptAt: null, updatedAt: now })
      .where(
        and(
          eq(subscriptionRenewals.subscriptionId, row.subscriptionId),
          ne(subscriptionRenewals.status, 'off'),
        ),
      )
      .returning();
    if (stopped?.provider === 'stripe' && stopped.stripeSubscriptionId && this.cancelAtStripe)
      await this.cancelAtStripe(tx, stopped.stripeSubscriptionId);
  }

  async applyLifecycle(
    tx: Db,
    provider: PaymentProvider,
    event: VerifiedEvent,
    now: Date,
  ): Promise<{ outcome: string; userId: string | null }> {
    const life = event.lifecycle;
    if (!life) return { outcome: 'ignored', userId: null };
    const [renewal] = await tx
      .select()
      .from(subscriptionRenewals)
      .where(eq(subscriptionRenewals.stripeSubscriptionId, life.subscriptionRef))
      .for('update');
    if (!renewal) return { outcome: 'unknown-subscription', userId: null };
    const [row] = await tx
      .select({ subscription: planSubscriptions, plan: saasPlans, product: saasProducts })
      .from(planSubscriptions)
      .innerJoin(saasPlans, eq(saasPlans.id, planSubscriptions.planId))
      .innerJoin(saasProducts, eq(saasProducts.id, planSubscriptions.productId))
      .where(and(eq(planSubscriptions.id, renewal.subscriptionId), eq(planSubscriptions.status, 'active')))
      .for('update', { of: planSubscriptions });
    if (!row) return { outcome: 'subscription-ended', userId: null };
    const { subscription, plan } = row;
    const userId = subscription.userId;

    switch (life.kind) {
      case 'invoice-paid':
        return { outcome: await this.invoicePaid(tx, life, event, provider, row, now), userId };
      case 'invoice-failed': {
        // The same failure told twice (another event id) is recorded once.
        if (renewal.status === 'past_due' && renewal.failedAttempts >= life.attemptCount)
          return { outcome: 'already-recorded', userId: null };
        await recordFailedRenewal(
          tx,
          {
            renewal,
            subscription,
            attempt: life.attemptCount,
            amountCents: plan.priceCents,
            currency: plan.currency,
            error: CARD_DECLINED_MESSAGE,
            providerNextAttemptAt: life.nextAttemptAt,
          },
          now,
          this.mailer,
          this.updateCardUrl,
        );
        return { outcome: 'renewal-failed', userId };
      }
      case 'subscription-updated': {
        await tx
          .update(planSubscriptions)
          .set({ cancelAtPeriodEnd: life.cancelAtPeriodEnd })
          .where(eq(planSubscriptions.id, subscription.id));
        const ended = ['canceled', 'unpaid', 'incomplete_expired'].includes(life.status);
        const pastDue = !ended && life.status === 'past_due';
        await tx
          .update(subscriptionRenewals)
          .set({
            status: ended ? 'off' : pastDue ? 'past_due' : renewal.status,
            pastDueSince: pastDue ? (renewal.pastDueSince ?? now) : renewal.pastDueSince,
            updatedAt: now,
          })
          .where(eq(subscriptionRenewals.subscriptionId, subscription.id));
        return { outcome: 'subscription-updated', userId };
      }
      case 'subscription-deleted': {
        await tx
          .update(subscriptionRenewals)
          .set({ status: 'off', nextAttemptAt: null, updatedAt: now })
          .where(eq(subscriptionRenewals.subscriptionId, subscription.id));
        // Deleted after failed retries: no more charges, but the grace still runs (paid by hand).
        if (renewal.status === 'past_due') return { outcome: 'renewal-stopped', userId };
        const end =
          subscription.currentPeriodEnd &&
          subscription.currentPeriodEnd < now &&
          subscription.cancelAtPeriodEnd
            ? subscription.currentPeriodEnd
            : now;
        await tx
          .update(planSubscriptions)
          .set({ status: 'canceled', endedAt: end })
          .where(eq(planSubscriptions.id, subscription.id));
        return { outcome: 'subscription-ended', userId };
      }
    }
  }

  /** A later period paid by Stripe: a renewal payment with its receipt and mail. */
  private async invoicePaid(
    tx: Db,
    life: Extract<LifecycleEvent, { kind: 'invoice-paid' }>,
    event: VerifiedEvent,
    provider: PaymentProvider,
    row: {
      subscription: typeof planSubscriptions.$inferSelect;
      plan: typeof saasPlans.$inferSelect;
      product: typeof saasProducts.$inferSelect;
    },
    now: Date,
  ): Promise<string> {
    // The checkout's own first invoice: the completed session granted that period. Its PaymentIntent
    // (when the event carries it) is how a later refund or dispute names that first payment.
    if (life.billingReason === 'subscription_create') {
      if (life.paymentRef) {
        await tx
          .update(payments)
          .set({ providerPaymentRef: life.paymentRef })
          .where(
            and(
              eq(payments.subscriptionId, row.subscription.id),
              eq(payments.provider, 'stripe'),
              eq(payments.kind, 'subscription'),
              isNull(payments.providerPaymentRef),
            ),
          );
      }
      return 'ignored-first-invoice';
    }
    const [seen] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.provider, 'stripe'), eq(payments.providerRef, life.invoiceId)));
    if (seen) return 'already-paid';
    const { subscription, plan, product } = row;
    const [payment] = await tx
      .insert(payments)
      .values({
        userId: subscription.userId,
        kind: 'renewal',
        productId: subscription.productId,
        planId: plan.id,
        description: `${describePlan(product, plan)} renewal`,
        amountCents: life.amountCents,
        currency: life.currency,
        provider: 'stripe',
        providerRef: life.invoiceId,
        providerPaymentRef: life.paymentRef,
        createdAt: now,
      })
      .returning();
    if (!payment) throw new Error('renewal payment insert returned nothing');
    await applyOutcome(
      tx,
      'paid',
      payment,
      { ...event, providerPaymentRef: life.paymentRef, billing: {} },
      provider,
      now,
    );
    if (life.periodEnd) {
      // Stripe charges on its own calendar: the period follows it.
      await tx
        .update(planSubscriptions)
        .set({ currentPeriodEnd: life.periodEnd })
        .where(eq(planSubscriptions.id, subscription.id));
      await tx.update(payments).set({ paidUntil: life.periodEnd }).where(eq(payments.id, payment.id));
    }
    await this.mails.afterOutcome(tx, 'paid', payment.id, true, now);
    await clearDunning(tx, subscription.id, now);
    return 'renewal-paid';
  }
}

/** What a paid checkout saved for renewing: the sandbox's card, or Stripe's subscription. */
function savedRenewal(event: VerifiedEvent) {
  if (event.savedCard) {
    return {
      provider: 'sandbox' as const,
      cardLast4: event.savedCard.last4,
      cardExpiry: event.savedCard.expiry,
      declinesRenewals: event.savedCard.declinesRenewals,
      stripeCustomerId: null,
      stripeSubscriptionId: null,
    };
  }
  if (event.recurring) {
    return {
      provider: 'stripe' as const,
      cardLast4: '',
      cardExpiry: '',
      declinesRenewals: false,
      stripeCustomerId: event.recurring.customerId,
      stripeSubscriptionId: event.recurring.subscriptionId,
    };
  }
  return null;
}
