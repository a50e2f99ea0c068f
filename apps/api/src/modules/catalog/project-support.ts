import { PRODUCT_NOT_FOUND_MESSAGE } from '@app/contract';
import { and, eq } from 'drizzle-orm';
import type { DbOrTransaction } from '../../db/client.js';
import {
  planSubscriptions,
  projectOrders,
  projects,
  type SaasProductRow,
  saasPlanItems,
  saasPlans,
  saasProducts,
} from '../../db/schema/index.js';
import { notFound } from '../../platform/http/errors.js';
import type { ProjectSupport, ProjectSupportTerms } from '../../ports/catalog.js';

const TERM_NAME = { m: 'Monthly support', y: 'Yearly support' } as const;

/**
 * A project's support (decision 035): the recurring part of its accepted quote becomes a product of
 * its own with one recurring plan, so the client subscribes to it as to any plan and the renewal
 * engine (decision 021) renews it, with its saved card, dunning and grace. The product names the
 * project; it is left out of the catalog's lists and sold to the project's account alone.
 */
export async function createProjectSupport(
  tx: DbOrTransaction,
  terms: ProjectSupportTerms,
): Promise<ProjectSupport> {
  const [product] = await tx
    .insert(saasProducts)
    .values({
      slug: `project-support-${terms.projectId}`,
      name: `Support: ${terms.projectName}`.slice(0, 200),
      description: `Support and maintenance of ${terms.projectName}, as agreed in its quote.`,
      projectId: terms.projectId,
    })
    .onConflictDoUpdate({
      target: saasProducts.projectId,
      set: { name: `Support: ${terms.projectName}`.slice(0, 200) },
    })
    .returning({ id: saasProducts.id });
  if (!product) throw new Error('support product insert returned nothing');
  // A quote revised after a cancelled deal cannot be accepted twice; one plan per product is enough.
  const [existing] = await tx
    .select({ id: saasPlans.id })
    .from(saasPlans)
    .where(eq(saasPlans.productId, product.id));
  if (existing) return { productId: product.id, planId: existing.id };
  const [plan] = await tx
    .insert(saasPlans)
    .values({
      productId: product.id,
      slug: 'support',
      name: TERM_NAME[terms.term],
      priceCents: terms.priceCents,
      currency: terms.currency,
      term: terms.term,
      isRecurring: true,
      isFree: false,
      hasApi: false,
    })
    .returning({ id: saasPlans.id });
  if (!plan) throw new Error('support plan insert returned nothing');
  await tx
    .insert(saasPlanItems)
    .values(terms.items.map((item, position) => ({ planId: plan.id, item: item.slice(0, 200), position })));
  return { productId: product.id, planId: plan.id };
}

/** A project's support product is for the project's account: anyone else is told it does not exist. */
export async function assertMayBuy(
  db: DbOrTransaction,
  product: Pick<SaasProductRow, 'projectId'>,
  accountId: string,
): Promise<void> {
  if (!product.projectId) return;
  const [owned] = await db
    .select({ id: projects.id })
    .from(projects)
    .innerJoin(projectOrders, eq(projectOrders.id, projects.orderId))
    .where(and(eq(projects.id, product.projectId), eq(projectOrders.clientId, accountId)))
    .limit(1);
  if (!owned) throw notFound(PRODUCT_NOT_FOUND_MESSAGE);
}

/** A project's support plan and whether the account subscribes to it now, or null. */
export async function projectSupportOf(
  db: DbOrTransaction,
  projectId: string,
  accountId: string,
): Promise<{ productId: number; planId: number; active: boolean } | null> {
  const [row] = await db
    .select({ productId: saasProducts.id, planId: saasPlans.id })
    .from(saasProducts)
    .innerJoin(saasPlans, eq(saasPlans.productId, saasProducts.id))
    .where(eq(saasProducts.projectId, projectId))
    .limit(1);
  if (!row) return null;
  const [subscribed] = await db
    .select({ id: planSubscriptions.id })
    .from(planSubscriptions)
    .where(
      and(
        eq(planSubscriptions.productId, row.productId),
        eq(planSubscriptions.userId, accountId),
        eq(planSubscriptions.status, 'active'),
      ),
    )
    .limit(1);
  return { ...row, active: subscribed !== undefined };
}
