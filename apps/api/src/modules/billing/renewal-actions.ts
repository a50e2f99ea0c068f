import {
  CANCEL_NOT_POSSIBLE_MESSAGE,
  CARD_DECLINED_MESSAGE,
  CARD_SAVED_MESSAGE,
  CARD_SAVED_RENEWAL_DECLINED_MESSAGE,
  CARD_SAVED_RENEWAL_PAID_MESSAGE,
  NO_BILLING_ACCOUNT_MESSAGE,
  RESUME_NOT_POSSIBLE_MESSAGE,
  SANDBOX_RENEWAL_DECLINED_CARD,
  SUBSCRIPTION_CANCELED_MESSAGE,
  SUBSCRIPTION_NOT_FOUND_MESSAGE,
  SUBSCRIPTION_RESUMED_MESSAGE,
  type Subscription,
  type ZSandboxCardRequest,
} from '@app/contract';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import {
  type PaymentRow,
  planSubscriptions,
  saasPlans,
  subscriptionRenewals,
} from '../../db/schema/index.js';
import type { Clock } from '../../platform/clock.js';
import { AppError, badRequest, conflict, notFound } from '../../platform/http/errors.js';
import type { CatalogPort } from '../../ports/catalog.js';
import type { AccountBilling } from './account-billing.js';
import type { PaymentService } from './payments.js';
import type { SavedCard } from './providers/provider.js';
import { sandboxDeclines } from './providers/sandbox-cards.js';
import type { StripeProvider } from './providers/stripe-provider.js';
import type { SandboxRenewalCharges } from './renewal-charges.js';

export interface ActionResult {
  message: string;
  subscription: Subscription;
}

const STRIPE_CARD_MESSAGE = 'This plan is billed by Stripe: update the card in Manage billing';

/** What a client does to their own renewals (decision 021): cancel at period end, resume, card, portal. */
export class RenewalActions {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly catalog: CatalogPort,
    private readonly account: AccountBilling,
    private readonly payments: PaymentService,
    private readonly charges: SandboxRenewalCharges,
    private readonly stripe: StripeProvider | null,
    private readonly returnUrl: string,
  ) {}

  private async own(userId: string, subscriptionId: string) {
    const [row] = await this.db
      .select({ subscription: planSubscriptions, plan: saasPlans, renewal: subscriptionRenewals })
      .from(planSubscriptions)
      .innerJoin(saasPlans, eq(saasPlans.id, planSubscriptions.planId))
      .leftJoin(subscriptionRenewals, eq(subscriptionRenewals.subscriptionId, planSubscriptions.id))
      .where(
        and(
          eq(planSubscriptions.id, subscriptionId),
          eq(planSubscriptions.userId, userId),
          eq(planSubscriptions.status, 'active'),
        ),
      );
    if (!row) throw notFound(SUBSCRIPTION_NOT_FOUND_MESSAGE);
    return row;
  }

  private async result(userId: string, subscriptionId: string, message: string): Promise<ActionResult> {
    const subscription = (await this.account.subscriptions(userId)).find((sub) => sub.id === subscriptionId);
    if (!subscription) throw notFound(SUBSCRIPTION_NOT_FOUND_MESSAGE);
    return { message, subscription };
  }

  private stripeSubscriptionOf(renewal: typeof subscriptionRenewals.$inferSelect | null): string | null {
    return renewal?.provider === 'stripe' && renewal.status !== 'off' ? renewal.stripeSubscriptionId : null;
  }

  /** Ends the plan at its period end (no grace, no further charge). Idempotent. */
  async cancel(userId: string, subscriptionId: string): Promise<ActionResult> {
    const { subscription, plan, renewal } = await this.own(userId, subscriptionId);
    const now = this.clock.now();
    const periodEnd = subscription.currentPeriodEnd;
    if (!plan.isRecurring || plan.isFree || !periodEnd || periodEnd <= now || subscription.heldAt)
      throw conflict(CANCEL_NOT_POSSIBLE_MESSAGE);
    if (!subscription.cancelAtPeriodEnd) {
      const stripeId = this.stripeSubscriptionOf(renewal);
      if (stripeId) await this.stripeCall(() => this.requireStripe().setCancelAtPeriodEnd(stripeId, true));
      await this.db
        .update(planSubscriptions)
        .set({ cancelAtPeriodEnd: true })
        .where(eq(planSubscriptions.id, subscription.id));
      this.catalog.subscriptionChanged(userId);
    }
    return this.result(userId, subscriptionId, SUBSCRIPTION_CANCELED_MESSAGE);
  }

  /** Undoes a cancel while the paid period still runs. */
  async resume(userId: string, subscriptionId: string): Promise<ActionResult> {
    const { subscription, renewal } = await this.own(userId, subscriptionId);
    const periodEnd = subscription.currentPeriodEnd;
    if (!subscription.cancelAtPeriodEnd || !periodEnd || periodEnd <= this.clock.now())
      throw conflict(RESUME_NOT_POSSIBLE_MESSAGE);
    const stripeId = this.stripeSubscriptionOf(renewal);
    if (stripeId) await this.stripeCall(() => this.requireStripe().setCancelAtPeriodEnd(stripeId, false));
    await this.db
      .update(planSubscriptions)
      .set({ cancelAtPeriodEnd: false })
      .where(eq(planSubscriptions.id, subscription.id));
    this.catalog.subscriptionChanged(userId);
    return this.result(userId, subscriptionId, SUBSCRIPTION_RESUMED_MESSAGE);
  }

  /**
   * The sandbox's "update card": the card is checked like at checkout (declined: 402, nothing
   * saved), saved for renewals, and a renewal that is due (past due, in grace or suspended) is
   * charged at once, so paying restores the plan immediately.
   */
  async updateSandboxCard(userId: string, body: z.output<typeof ZSandboxCardRequest>): Promise<ActionResult> {
    const { subscription, plan, renewal } = await this.own(userId, body.subscriptionID);
    if (!plan.isRecurring || plan.isFree) throw badRequest('This plan has nothing to renew');
    if (this.stripeSubscriptionOf(renewal)) throw conflict(STRIPE_CARD_MESSAGE);
    this.payments.assertMayComplete('sandbox');
    const now = this.clock.now();
    const [month, year] = body.expiry.split('/').map(Number);
    if (!month || year === undefined || Date.UTC(2000 + year, month, 1) <= now.getTime())
      throw badRequest('The card has expired', 'expiry');
    if (sandboxDeclines(body.cardNumber)) throw new AppError(402, CARD_DECLINED_MESSAGE);
    const card = {
      userId,
      provider: 'sandbox' as const,
      cardLast4: body.cardNumber.slice(-4),
      cardExpiry: body.expiry,
      declinesRenewals: body.cardNumber === SANDBOX_RENEWAL_DECLINED_CARD,
      stripeCustomerId: null,
      stripeSubscriptionId: null,
      updatedAt: now,
    };
    // A past-due renewal keeps its dunning state until the charge below settles it.
    const [saved] = await this.db
      .insert(subscriptionRenewals)
      .values({ subscriptionId: subscription.id, status: 'active', ...card })
      .onConflictDoUpdate({
        target: subscriptionRenewals.subscriptionId,
        set: { ...card, status: renewal?.status === 'past_due' ? 'past_due' : 'active' },
      })
      .returning();
    if (!saved) throw new Error('card upsert returned nothing');
    this.catalog.subscriptionChanged(userId);
    const due =
      subscription.currentPeriodEnd !== null &&
      subscription.currentPeriodEnd <= now &&
      !subscription.heldAt &&
      !subscription.cancelAtPeriodEnd;
    if (!due) return this.result(userId, subscription.id, CARD_SAVED_MESSAGE);
    const charged = await this.charges.charge(subscription, saved);
    return this.result(
      userId,
      subscription.id,
      charged === 'paid' ? CARD_SAVED_RENEWAL_PAID_MESSAGE : CARD_SAVED_RENEWAL_DECLINED_MESSAGE,
    );
  }

  /**
   * What the sandbox processor saves when a recurring plan is paid with a card (kept for renewals):
   * last four digits, expiry, and whether it is the card that declines renewals.
   */
  async savedCardFor(
    payment: Pick<PaymentRow, 'planId'>,
    cardNumber: string,
    expiry: string,
  ): Promise<SavedCard | undefined> {
    if (payment.planId === null) return undefined;
    const [plan] = await this.db.select().from(saasPlans).where(eq(saasPlans.id, payment.planId));
    if (!plan?.isRecurring || plan.isFree) return undefined;
    return {
      last4: cardNumber.slice(-4),
      expiry,
      declinesRenewals: cardNumber === SANDBOX_RENEWAL_DECLINED_CARD,
    };
  }

  /** Stripe's customer portal for the caller's Stripe customer ("Manage billing"). */
  async billingPortal(userId: string): Promise<string> {
    const [renewal] = await this.db
      .select({ customer: subscriptionRenewals.stripeCustomerId })
      .from(subscriptionRenewals)
      .where(and(eq(subscriptionRenewals.userId, userId), isNotNull(subscriptionRenewals.stripeCustomerId)))
      .orderBy(desc(subscriptionRenewals.updatedAt))
      .limit(1);
    if (!renewal?.customer || !this.stripe) throw conflict(NO_BILLING_ACCOUNT_MESSAGE);
    const customer = renewal.customer;
    return this.stripeCall(() => this.requireStripe().billingPortal(customer, this.returnUrl));
  }

  private requireStripe(): StripeProvider {
    if (!this.stripe) throw new AppError(503, 'Stripe is not configured on this site');
    return this.stripe;
  }

  private async stripeCall<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw new AppError(502, 'The payment provider did not answer, try again');
    }
  }
}
