import { PLAN_ALREADY_ACTIVE_MESSAGE, type UpgradeQuoteResponse, type UpgradeRequest } from '@app/contract';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import {
  planSubscriptions,
  planUpgradeRequests,
  type SaasPlanRow,
  saasPlans,
  saasProducts,
  users,
} from '../../db/schema/index.js';
import type { Clock } from '../../platform/clock.js';
import { conflict, notFound } from '../../platform/http/errors.js';
import type { ActivePlan, CatalogPort } from '../../ports/catalog.js';
import { addTerm, prorate } from '../catalog/index.js';

export const UPGRADE_NOT_FOUND_MESSAGE = 'Upgrade request not found';
export const UPGRADE_PENDING_MESSAGE = 'You already asked for a plan change for this product';

/** Plan changes of paid subscriptions: asked by the client, approved by an admin, paid if dearer. */
export class UpgradeService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly catalog: CatalogPort,
  ) {}

  quoteFor(current: ActivePlan | null, target: SaasPlanRow) {
    const now = this.clock.now();
    if (!current) {
      return {
        amountCents: target.isFree ? 0 : target.priceCents,
        periodEnd: target.isRecurring && !target.isFree ? addTerm(now, target.term) : null,
      };
    }
    return prorate({ now, periodEnd: current.subscription.currentPeriodEnd, from: current.plan, to: target });
  }

  async quote(
    userId: string,
    productId: number,
    planId: number,
  ): Promise<Omit<UpgradeQuoteResponse, 'status'>> {
    const target = await this.catalog.planOf(productId, planId);
    const current = await this.catalog.activePlan(userId, productId);
    const needsApproval = Boolean(current && !current.plan.isFree && current.plan.id !== target.id);
    const { amountCents, periodEnd } = this.quoteFor(current, target);
    const until = periodEnd ? ` The plan then runs until ${periodEnd.toISOString().slice(0, 10)}.` : '';
    const explanation = needsApproval
      ? `An admin reviews plan changes. The difference, prorated to the remaining period, is ${(amountCents / 100).toFixed(2)} ${target.currency.toUpperCase()} today (final at approval).${until}`
      : `You pay ${(amountCents / 100).toFixed(2)} ${target.currency.toUpperCase()}.${until}`;
    return {
      amount: amountCents,
      currency: target.currency,
      period_end: periodEnd?.toISOString() ?? null,
      needsApproval,
      explanation,
    };
  }

  /** The client asks to move their paid subscription to another plan of the product. */
  async request(userId: string, current: ActivePlan, target: SaasPlanRow): Promise<void> {
    if (current.plan.id === target.id) throw conflict(PLAN_ALREADY_ACTIVE_MESSAGE);
    const inserted = await this.db
      .insert(planUpgradeRequests)
      .values({
        userId,
        productId: current.product.id,
        subscriptionId: current.subscription.id,
        fromPlanId: current.plan.id,
        toPlanId: target.id,
        createdAt: this.clock.now(),
      })
      .onConflictDoNothing()
      .returning({ id: planUpgradeRequests.id });
    if (inserted.length === 0) throw conflict(UPGRADE_PENDING_MESSAGE);
  }

  async list(): Promise<UpgradeRequest[]> {
    const fromPlan = alias(saasPlans, 'from_plan');
    const rows = await this.db
      .select({
        request: planUpgradeRequests,
        user: users,
        product: saasProducts,
        fromPlan,
        toPlan: saasPlans,
      })
      .from(planUpgradeRequests)
      .innerJoin(users, eq(users.id, planUpgradeRequests.userId))
      .innerJoin(saasProducts, eq(saasProducts.id, planUpgradeRequests.productId))
      .innerJoin(fromPlan, eq(fromPlan.id, planUpgradeRequests.fromPlanId))
      .innerJoin(saasPlans, eq(saasPlans.id, planUpgradeRequests.toPlanId))
      .orderBy(desc(planUpgradeRequests.createdAt))
      .limit(200);
    return rows.map(({ request, user, product, fromPlan: from, toPlan }) => ({
      id: request.id,
      user: `${user.firstName} ${user.lastName}`.trim() || user.username,
      email: user.email,
      product: product.name,
      targetProduct: product.name,
      currentPlan: from.name,
      subscriptionPlan: toPlan.name,
      datetime: request.createdAt.toISOString(),
      status: request.status,
      amount: request.amountCents,
    }));
  }

  /**
   * Approval fixes the prorated difference. Nothing to pay: the plan switches now. Otherwise the
   * request waits for the client's payment, whose webhook switches the plan.
   */
  async approve(requestId: number): Promise<void> {
    const [request] = await this.db
      .select()
      .from(planUpgradeRequests)
      .where(eq(planUpgradeRequests.id, requestId));
    if (!request) throw notFound(UPGRADE_NOT_FOUND_MESSAGE);
    if (request.status !== 'pending') throw conflict('This request was already handled');
    const current = await this.catalog.activePlan(request.userId, request.productId);
    const [target] = await this.db.select().from(saasPlans).where(eq(saasPlans.id, request.toPlanId));
    if (!current || current.subscription.id !== request.subscriptionId || !target) {
      await this.db
        .update(planUpgradeRequests)
        .set({ status: 'canceled' })
        .where(eq(planUpgradeRequests.id, requestId));
      throw conflict('The subscription changed since the request; it was canceled');
    }
    const { amountCents, periodEnd } = this.quoteFor(current, target);
    const now = this.clock.now();
    if (amountCents > 0) {
      await this.db
        .update(planUpgradeRequests)
        .set({ status: 'approved', amountCents, approvedAt: now })
        .where(and(eq(planUpgradeRequests.id, requestId), eq(planUpgradeRequests.status, 'pending')));
      return;
    }
    await this.db.transaction(async (tx) => {
      await tx
        .update(planSubscriptions)
        .set({ planId: target.id, currentPeriodEnd: periodEnd })
        .where(eq(planSubscriptions.id, current.subscription.id));
      await tx
        .update(planUpgradeRequests)
        .set({ status: 'completed', amountCents: 0, approvedAt: now })
        .where(eq(planUpgradeRequests.id, requestId));
    });
    this.catalog.subscriptionChanged(request.userId);
  }

  /** Open (pending or approved-awaiting-payment) requests of a user, by product. */
  async openOf(userId: string) {
    return this.db
      .select({ request: planUpgradeRequests, toPlan: saasPlans })
      .from(planUpgradeRequests)
      .innerJoin(saasPlans, eq(saasPlans.id, planUpgradeRequests.toPlanId))
      .where(
        and(
          eq(planUpgradeRequests.userId, userId),
          inArray(planUpgradeRequests.status, ['pending', 'approved']),
        ),
      );
  }
}
