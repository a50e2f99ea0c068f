import { eq } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { planSubscriptions, saasPlans, saasProducts, users } from '../../db/schema/index.js';

/** Who holds a subscription and what it is for: what every subscription mail and list names. */
const subscriberColumns = {
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  product: saasProducts.name,
  plan: saasPlans.name,
};

/**
 * Subscriptions with their subscriber, product and plan (the reminders' rows): `fields` and the
 * subscriber's columns, from plan_subscriptions joined to users, saas_products and saas_plans. The
 * caller adds its where, order and limit, and the subscription_renewals join where it reads
 * automatic renewals (decision 021).
 */
export function selectSubscriptionRows<Fields extends SelectedFields>(db: Db, fields: Fields) {
  return db
    .select({ ...fields, ...subscriberColumns })
    .from(planSubscriptions)
    .innerJoin(users, eq(users.id, planSubscriptions.userId))
    .innerJoin(saasProducts, eq(saasProducts.id, planSubscriptions.productId))
    .innerJoin(saasPlans, eq(saasPlans.id, planSubscriptions.planId));
}
