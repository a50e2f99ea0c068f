import type { Plan, SubscriptionState } from '@app/contract';
import type { DbOrTransaction } from '../db/client.js';
import type { PlanSubscriptionRow, SaasPlanRow, SaasProductRow } from '../db/schema/index.js';

/** A subscription's state at one instant (modules/catalog/subscription-state.ts derives it). */
export interface DerivedState {
  state: SubscriptionState;
  /** When backend features stop (period end + grace); null when they never do (free, one-time). */
  accessEndsAt: Date | null;
  graceDaysLeft: number | null;
  /** Suspended because a payment for it is disputed, not for late payment (paying does not help). */
  onHold: boolean;
}

/** A user's current subscription of a product, with its plan, product and state. */
export interface ActivePlan extends DerivedState {
  plan: SaasPlanRow;
  product: SaasProductRow;
  subscription: PlanSubscriptionRow;
}

/** The recurring part of a project's accepted quote (decision 035). */
export interface ProjectSupportTerms {
  projectId: string;
  projectName: string;
  priceCents: number;
  currency: string;
  term: 'm' | 'y';
  /** What the plan lists (the quote's terms in a line or two). */
  items: string[];
}

export interface ProjectSupport {
  productId: number;
  planId: number;
}

/** Told whenever a user's subscription changes, so caches (API-key plans, rate limits) follow at once. */
export type SubscriptionListener = (userId: string) => void;

/**
 * What other features use of the catalog, as `deps.catalog`: the Key Manager reads its product and a
 * user's plan; billing reads plans and tells of the subscriptions it changes.
 * modules/catalog/service.ts implements it; the catalog's own routes use the whole service.
 */
export interface CatalogPort {
  /** A built-in product (created on first use). */
  productBySlug(slug: string): Promise<SaasProductRow>;
  productNames(ids: number[]): Promise<Map<number, string>>;
  /**
   * A plan of a product that is on sale (not deleted), or 404. With `buyerAccountId`, also a 404
   * when the product is another account's project support (decision 035).
   */
  planOf(productId: number, planId: number, buyerAccountId?: string): Promise<SaasPlanRow>;
  /** Makes the support product and plan of a project's recurring part, in the caller's transaction. */
  createProjectSupport(tx: DbOrTransaction, terms: ProjectSupportTerms): Promise<ProjectSupport>;
  /** A project's support plan and whether the account subscribes to it now, or null. */
  projectSupport(
    projectId: string,
    accountId: string,
  ): Promise<(ProjectSupport & { active: boolean }) | null>;
  toPlans(rows: SaasPlanRow[]): Promise<Plan[]>;
  /** The user's current subscription of a product with its state at this instant, or null. */
  activePlan(userId: string, productId: number): Promise<ActivePlan | null>;
  /** Free plans start at once; paid plans go through billing, which grants them on a verified payment. */
  activateFree(userId: string, productId: number, planId: number): Promise<{ launchPayment: false }>;
  /** Returns the call that stops listening. */
  onSubscriptionChange(listener: SubscriptionListener): () => void;
  subscriptionChanged(userId: string): void;
}
