import {
  PAYMENT_STARTED_MESSAGE,
  type PaymentData,
  PLAN_ACTIVATED_MESSAGE,
  PLAN_ALREADY_ACTIVE_MESSAGE,
  SUBSCRIPTION_ON_HOLD_MESSAGE,
  UPGRADE_REQUESTED_MESSAGE,
} from '@app/contract';
import type { SaasPlanRow, SaasProductRow } from '../../db/schema/index.js';
import { badRequest, conflict, notFound } from '../../platform/http/errors.js';
import type { CatalogPort } from '../../ports/catalog.js';
import type { PaymentService } from './payments.js';
import type { UpgradeService } from './upgrades.js';

/**
 * A plan that Stripe renews is paid by Stripe's own invoices, which Stripe keeps retrying: a hand-paid
 * charge for the same period would leave that invoice open and take the money twice (decision 021).
 * A sandbox renewal paid by hand settles its own retries, so it stays allowed.
 */
export const RENEWS_ITSELF_MESSAGE =
  'This plan renews itself through Stripe with your saved card. To pay an overdue renewal, update the card with Manage billing in the Subscriptions tab.';

/** Whether Stripe charges a subscription's renewals right now (not switched off). */
export type RenewsItself = (subscriptionId: string) => Promise<boolean>;

export const CHANGE_NEEDS_UPGRADE_MESSAGE =
  'You already have a paid plan for this product: ask for a plan change (isUpgrade) instead';

export interface Caller {
  id: string;
  email: string;
}

export interface ActivationResult {
  message: string;
  launchPayment: boolean;
  paymentData?: PaymentData;
}

const TERM = { m: 'monthly', y: 'yearly' } as const;

export function describePlan(product: Pick<SaasProductRow, 'name'>, plan: SaasPlanRow): string {
  const kind = plan.isFree ? 'free' : plan.isRecurring ? TERM[plan.term] : 'one-time';
  return `${product.name} — ${plan.name} (${kind})`;
}

/**
 * `plans/activate`: free plans start at once; a paid plan opens a checkout (access comes with the
 * verified webhook); a client with a paid plan asks for a change, which an admin approves.
 */
export class Activation {
  constructor(
    private readonly catalog: CatalogPort,
    private readonly payments: PaymentService,
    private readonly upgrades: UpgradeService,
    private readonly renewsItself: RenewsItself,
  ) {}

  async activate(
    caller: Caller,
    productId: number,
    planId: number,
    isUpgrade: boolean,
  ): Promise<ActivationResult> {
    const target = await this.catalog.planOf(productId, planId, caller.id);
    const current = await this.catalog.activePlan(caller.id, productId);
    const currentIsPaid = current !== null && !current.plan.isFree;
    if (current?.onHold) throw conflict(SUBSCRIPTION_ON_HOLD_MESSAGE);
    if (current?.plan.id === target.id) {
      // Paying again for one's recurring plan is how a past-due subscription is renewed.
      if (current.state === 'active' || !target.isRecurring || target.isFree)
        throw conflict(PLAN_ALREADY_ACTIVE_MESSAGE);
      return this.renew(caller, productId);
    }
    if (currentIsPaid && current) {
      if (!isUpgrade) throw conflict(CHANGE_NEEDS_UPGRADE_MESSAGE);
      await this.upgrades.request(caller.id, current, target);
      return { message: UPGRADE_REQUESTED_MESSAGE, launchPayment: false };
    }
    if (target.isFree) {
      await this.catalog.activateFree(caller.id, productId, planId);
      return { message: PLAN_ACTIVATED_MESSAGE, launchPayment: false };
    }
    const product = current?.product ?? { name: await this.productName(productId) };
    const paymentData = await this.payments.start({
      userId: caller.id,
      email: caller.email,
      kind: 'subscription',
      productId,
      planId,
      amountCents: target.priceCents,
      currency: target.currency,
      description: describePlan(product, target),
    });
    return { message: PAYMENT_STARTED_MESSAGE, launchPayment: true, paymentData };
  }

  /** Pays the next period of the caller's recurring plan (also restores a suspended one). */
  async renew(caller: Caller, productId: number): Promise<ActivationResult> {
    const current = await this.catalog.activePlan(caller.id, productId);
    if (!current) throw notFound('You have no plan for this product');
    if (current.onHold) throw conflict(SUBSCRIPTION_ON_HOLD_MESSAGE);
    if (current.plan.isFree || !current.plan.isRecurring) throw badRequest('This plan has nothing to renew');
    if (await this.renewsItself(current.subscription.id)) throw conflict(RENEWS_ITSELF_MESSAGE);
    const paymentData = await this.payments.start({
      userId: caller.id,
      email: caller.email,
      kind: 'renewal',
      productId,
      planId: current.plan.id,
      renewsPeriodEnd: current.subscription.currentPeriodEnd,
      amountCents: current.plan.priceCents,
      currency: current.plan.currency,
      description: `${describePlan(current.product, current.plan)} renewal`,
    });
    return { message: PAYMENT_STARTED_MESSAGE, launchPayment: true, paymentData };
  }

  /** Pays the difference of an approved plan change. */
  async payUpgrade(caller: Caller, requestId: number): Promise<ActivationResult> {
    const open = await this.upgrades.openOf(caller.id);
    const entry = open.find((row) => row.request.id === requestId);
    if (!entry) throw notFound('Upgrade request not found');
    if (entry.request.status !== 'approved') throw conflict('This plan change is not approved yet');
    const paymentData = await this.payments.start({
      userId: caller.id,
      email: caller.email,
      kind: 'upgrade',
      productId: entry.request.productId,
      planId: entry.toPlan.id,
      upgradeRequestId: entry.request.id,
      amountCents: entry.request.amountCents,
      currency: entry.toPlan.currency,
      description: `${describePlan({ name: await this.productName(entry.request.productId) }, entry.toPlan)} plan change`,
    });
    return { message: PAYMENT_STARTED_MESSAGE, launchPayment: true, paymentData };
  }

  private async productName(productId: number): Promise<string> {
    const products = await this.catalog.productNames([productId]);
    return products.get(productId) ?? 'Product';
  }
}
