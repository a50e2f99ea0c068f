import type { ApiInfo, Plan, ZPlanAddRequest, ZPlanUpdateRequest } from '@app/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { planSubscriptions, saasPlanItems, saasPlans, saasProducts } from '../../db/schema/index.js';
import { notFound } from '../../platform/http/errors.js';
import type { CatalogService } from './service.js';

type PlanAdd = z.output<typeof ZPlanAddRequest>;
type PlanUpdate = z.output<typeof ZPlanUpdateRequest>;

/**
 * Free disables recurrence and term (docs/product-contract.md §States): stored as a non-recurring
 * monthly plan at 0.
 */
function planFields(input: PlanAdd | PlanUpdate) {
  return {
    name: input.name,
    priceCents: input.isFree ? 0 : input.price,
    term: input.isFree ? ('m' as const) : input.term,
    isRecurring: input.isFree ? false : input.is_recurring,
    isFree: input.isFree,
    ...(input.callsPerMinute !== undefined ? { callsPerMinute: input.callsPerMinute } : {}),
    ...(input.maxKeysAllowed !== undefined ? { maxKeysAllowed: input.maxKeysAllowed } : {}),
  };
}

/** The admin side of plans: add, edit (features added and removed), delete, API limits. */
export class PlanAdmin {
  constructor(
    private readonly db: Db,
    private readonly catalog: CatalogService,
  ) {}

  private async requireProduct(productId: number) {
    await this.catalog.ensureBuiltIns();
    const [product] = await this.db.select().from(saasProducts).where(eq(saasProducts.id, productId));
    if (!product) throw notFound('Product not found');
    return product;
  }

  async add(input: PlanAdd): Promise<Plan> {
    await this.requireProduct(input.productID);
    const plan = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(saasPlans)
        .values({ productId: input.productID, ...planFields(input), position: 100 })
        .returning();
      if (!row) throw new Error('plan insert returned nothing');
      if (input.items.length) {
        await tx
          .insert(saasPlanItems)
          .values(input.items.map((item, position) => ({ planId: row.id, item, position })));
      }
      return row;
    });
    return (await this.catalog.toPlans([plan]))[0] as Plan;
  }

  async update(input: PlanUpdate): Promise<Plan> {
    await this.catalog.planOf(input.productID, input.selectedPlanID);
    const plan = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(saasPlans)
        .set(planFields(input))
        .where(eq(saasPlans.id, input.selectedPlanID))
        .returning();
      if (!row) throw notFound('Plan not found');
      if (input.featuresToDelete.length) {
        await tx
          .delete(saasPlanItems)
          .where(and(eq(saasPlanItems.planId, row.id), inArray(saasPlanItems.id, input.featuresToDelete)));
      }
      if (input.newFeaturesToAdd.length) {
        await tx
          .insert(saasPlanItems)
          .values(
            input.newFeaturesToAdd.map((item, index) => ({ planId: row.id, item, position: 100 + index })),
          );
      }
      return row;
    });
    await this.notifySubscribers(plan.id);
    return (await this.catalog.toPlans([plan]))[0] as Plan;
  }

  /** Plans with subscribers are kept for them (archived) and leave the catalog. */
  async remove(productId: number, planId: number): Promise<void> {
    await this.catalog.planOf(productId, planId);
    await this.db.update(saasPlans).set({ archived: true }).where(eq(saasPlans.id, planId));
  }

  async plans(productId: number, planId?: number): Promise<{ plans: Plan[]; apiInfo: ApiInfo[] }> {
    await this.requireProduct(productId);
    const rows = await this.db
      .select()
      .from(saasPlans)
      .where(
        and(
          eq(saasPlans.productId, productId),
          eq(saasPlans.archived, false),
          planId ? eq(saasPlans.id, planId) : undefined,
        ),
      )
      .orderBy(asc(saasPlans.position), asc(saasPlans.id));
    return { plans: await this.catalog.toPlans(rows), apiInfo: await this.apiInfo(productId, planId) };
  }

  async apiInfo(productId?: number, planId?: number): Promise<ApiInfo[]> {
    await this.catalog.ensureBuiltIns();
    const rows = await this.db
      .select({ plan: saasPlans, product: saasProducts })
      .from(saasPlans)
      .innerJoin(saasProducts, eq(saasProducts.id, saasPlans.productId))
      .where(
        and(
          eq(saasPlans.archived, false),
          productId ? eq(saasPlans.productId, productId) : undefined,
          planId ? eq(saasPlans.id, planId) : undefined,
        ),
      )
      .orderBy(asc(saasProducts.id), asc(saasPlans.position), asc(saasPlans.id));
    return rows.map(({ plan, product }) => ({
      productID: product.id,
      product: product.name,
      planID: plan.id,
      plan: plan.name,
      calls_per_minute: plan.callsPerMinute,
      hasAPI: plan.hasApi,
    }));
  }

  async setCallsPerMinute(productId: number, planId: number, callsPerMinute: number): Promise<void> {
    await this.catalog.planOf(productId, planId);
    await this.db.update(saasPlans).set({ callsPerMinute, hasApi: true }).where(eq(saasPlans.id, planId));
    await this.notifySubscribers(planId);
  }

  /** Rate limits and key limits follow a plan edit at once (the API-key cache is dropped). */
  private async notifySubscribers(planId: number): Promise<void> {
    const rows = await this.db
      .select({ userId: planSubscriptions.userId })
      .from(planSubscriptions)
      .where(and(eq(planSubscriptions.planId, planId), eq(planSubscriptions.status, 'active')));
    for (const row of rows) this.catalog.subscriptionChanged(row.userId);
  }
}
