import {
  type ActivatedProduct,
  PLAN_ALREADY_ACTIVE_MESSAGE,
  PLAN_NOT_FOUND_MESSAGE,
  type Plan,
  PRODUCT_NOT_FOUND_MESSAGE,
} from '@app/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db, DbOrTransaction } from '../../db/client.js';
import {
  planSubscriptions,
  type SaasPlanRow,
  type SaasProductRow,
  saasPlanItems,
  saasPlans,
  saasProducts,
} from '../../db/schema/index.js';
import type { Clock } from '../../platform/clock.js';
import { badRequest, conflict, notFound } from '../../platform/http/errors.js';
import type {
  ActivePlan,
  CatalogPort,
  ProjectSupport,
  ProjectSupportTerms,
  SubscriptionListener,
} from '../../ports/catalog.js';
import { BUILT_IN_PRODUCTS, type BuiltInProduct } from './built-in-products.js';
import { assertMayBuy, createProjectSupport, projectSupportOf } from './project-support.js';
import { stateOf } from './subscription-state.js';

/**
 * Products, plans and subscriptions. Payment (paid plans, renewals, upgrades) lives in billing.
 * Other features use it as CatalogPort (ports/catalog.ts).
 */
export class CatalogService implements CatalogPort {
  private builtIns: Promise<void> | null = null;
  private readonly listeners = new Set<SubscriptionListener>();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** Idempotent; memoised per process (a failed attempt is retried on the next call). */
  ensureBuiltIns(): Promise<void> {
    this.builtIns ??= (async () => {
      for (const product of BUILT_IN_PRODUCTS) await this.ensureProduct(product);
    })().catch((error: unknown) => {
      this.builtIns = null;
      throw error;
    });
    return this.builtIns;
  }

  async productBySlug(slug: string): Promise<SaasProductRow> {
    await this.ensureBuiltIns();
    const [row] = await this.db.select().from(saasProducts).where(eq(saasProducts.slug, slug)).limit(1);
    if (!row) throw new Error(`built-in product ${slug} is missing`);
    return row;
  }

  async listPlans(productId: number, userId: string) {
    await this.ensureBuiltIns();
    const [product] = await this.db.select().from(saasProducts).where(eq(saasProducts.id, productId));
    if (!product) throw notFound(PRODUCT_NOT_FOUND_MESSAGE);
    await assertMayBuy(this.db, product, userId);
    const rows = await this.db
      .select()
      .from(saasPlans)
      .where(and(eq(saasPlans.productId, productId), eq(saasPlans.archived, false)))
      .orderBy(asc(saasPlans.position), asc(saasPlans.id));
    const active = await this.activePlan(userId, productId);
    return {
      product: { id: product.id, name: product.name },
      plans: await this.toPlans(rows),
      activePlanID: active?.plan.id ?? null,
    };
  }

  onSubscriptionChange(listener: SubscriptionListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  subscriptionChanged(userId: string): void {
    for (const listener of this.listeners) listener(userId);
  }

  /** The user's current subscription of a product with its state at this instant, or null. */
  async activePlan(userId: string, productId: number): Promise<ActivePlan | null> {
    const [row] = await this.db
      .select({ plan: saasPlans, product: saasProducts, subscription: planSubscriptions })
      .from(planSubscriptions)
      .innerJoin(saasPlans, eq(saasPlans.id, planSubscriptions.planId))
      .innerJoin(saasProducts, eq(saasProducts.id, planSubscriptions.productId))
      .where(
        and(
          eq(planSubscriptions.userId, userId),
          eq(planSubscriptions.productId, productId),
          eq(planSubscriptions.status, 'active'),
        ),
      )
      .limit(1);
    if (!row) return null;
    return { ...row, ...stateOf(row.subscription, this.clock.now()) };
  }

  async productNames(ids: number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .select({ id: saasProducts.id, name: saasProducts.name })
      .from(saasProducts)
      .where(inArray(saasProducts.id, ids));
    return new Map(rows.map((row) => [row.id, row.name]));
  }

  /** A plan of a product that is on sale (not deleted), or 404. */
  async planOf(productId: number, planId: number, buyerAccountId?: string): Promise<SaasPlanRow> {
    await this.ensureBuiltIns();
    const [found] = await this.db
      .select({ plan: saasPlans, projectId: saasProducts.projectId })
      .from(saasPlans)
      .innerJoin(saasProducts, eq(saasProducts.id, saasPlans.productId))
      .where(
        and(eq(saasPlans.id, planId), eq(saasPlans.productId, productId), eq(saasPlans.archived, false)),
      );
    if (!found) throw notFound(PLAN_NOT_FOUND_MESSAGE);
    if (buyerAccountId !== undefined) await assertMayBuy(this.db, found, buyerAccountId);
    return found.plan;
  }

  createProjectSupport(tx: DbOrTransaction, terms: ProjectSupportTerms): Promise<ProjectSupport> {
    return createProjectSupport(tx, terms);
  }

  projectSupport(projectId: string, accountId: string) {
    return projectSupportOf(this.db, projectId, accountId);
  }

  /** Free plans start at once; paid plans go through billing, which grants them on a verified payment. */
  async activateFree(userId: string, productId: number, planId: number): Promise<{ launchPayment: false }> {
    const plan = await this.planOf(productId, planId);
    if (!plan.isFree) throw badRequest('This plan is paid: it starts after payment');
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
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
      if (current?.planId === planId) throw conflict(PLAN_ALREADY_ACTIVE_MESSAGE);
      if (current) {
        await tx
          .update(planSubscriptions)
          .set({ status: 'canceled', endedAt: now })
          .where(eq(planSubscriptions.id, current.id));
      }
      // The partial unique index turns a concurrent double activation into a conflict, not two rows.
      const inserted = await tx
        .insert(planSubscriptions)
        .values({ userId, productId, planId, status: 'active', startedAt: now })
        .onConflictDoNothing()
        .returning({ id: planSubscriptions.id });
      if (inserted.length === 0) throw conflict(PLAN_ALREADY_ACTIVE_MESSAGE);
    });
    this.subscriptionChanged(userId);
    return { launchPayment: false };
  }

  async activatedProducts(userId: string): Promise<ActivatedProduct[]> {
    const rows = await this.db
      .select({ subscription: planSubscriptions, plan: saasPlans, product: saasProducts })
      .from(planSubscriptions)
      .innerJoin(saasPlans, eq(saasPlans.id, planSubscriptions.planId))
      .innerJoin(saasProducts, eq(saasProducts.id, planSubscriptions.productId))
      .where(and(eq(planSubscriptions.userId, userId), eq(planSubscriptions.status, 'active')))
      .orderBy(asc(saasProducts.id));
    const plans = await this.toPlans(rows.map((row) => row.plan));
    return rows.map((row, index) => ({
      id: row.product.id,
      name: row.product.name,
      subscribedPlanID: row.plan.id,
      plan: plans[index] as Plan,
      subscription: {
        status: row.subscription.status,
        started_at: row.subscription.startedAt.toISOString(),
        period_end: row.subscription.currentPeriodEnd?.toISOString() ?? null,
      },
    }));
  }

  async toPlans(rows: SaasPlanRow[]): Promise<Plan[]> {
    const ids = rows.map((row) => row.id);
    const items = ids.length
      ? await this.db
          .select()
          .from(saasPlanItems)
          .where(inArray(saasPlanItems.planId, ids))
          .orderBy(asc(saasPlanItems.position), asc(saasPlanItems.id))
      : [];
    return rows.map((row) => ({
      id: row.id,
      plan_id: row.id,
      product_id: row.productId,
      name: row.name,
      price: row.priceCents,
      currency: row.currency,
      items: items.filter((i) => i.planId === row.id).map((i) => ({ item_id: i.id, item: i.item })),
      term: row.term,
      is_recurring: row.isRecurring,
      is_free: row.isFree,
      hasAPI: row.hasApi,
      api_information: { calls_per_minute: row.callsPerMinute },
      max_keys_allowed: row.maxKeysAllowed,
    }));
  }

  private async ensureProduct(product: BuiltInProduct): Promise<void> {
    await this.db
      .insert(saasProducts)
      .values({ slug: product.slug, name: product.name, description: product.description })
      .onConflictDoNothing({ target: saasProducts.slug });
    const [row] = await this.db.select().from(saasProducts).where(eq(saasProducts.slug, product.slug));
    if (!row) throw new Error(`could not create product ${product.slug}`);
    for (const [position, plan] of product.plans.entries()) {
      const { items, ...fields } = plan;
      const inserted = await this.db
        .insert(saasPlans)
        .values({ ...fields, productId: row.id, position })
        .onConflictDoNothing({ target: [saasPlans.productId, saasPlans.slug] })
        .returning({ id: saasPlans.id });
      const planId = inserted[0]?.id;
      // Items only with a new plan, so a re-run never duplicates or restores edited items.
      if (planId !== undefined && items.length) {
        await this.db
          .insert(saasPlanItems)
          .values(items.map((item, index) => ({ planId, item, position: index })));
      }
    }
  }
}
