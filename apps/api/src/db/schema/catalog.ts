import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { projects } from './projects.js';
import { users } from './users.js';

/**
 * SaaS products, their plans and who subscribes to which. Minimal tables from the Key Manager
 * issue; the catalog & billing issue extends them (admin management, payments). `slug` names the
 * built-in rows the code ensures exist (e.g. `key-manager`), so lookups never depend on an id.
 */
export const saasProducts = pgTable('saas_products', {
  id: serial('id').primaryKey(),
  slug: text('slug').unique(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  /** The `date` the admin gives when adding a SaaS product. */
  releaseDate: date('release_date'),
  /**
   * A project's support (decision 035): the recurring part of its accepted quote, sold to that
   * project's account alone and renewed by the renewal engine. Not in the catalog's lists.
   */
  projectId: uuid('project_id')
    .unique()
    .references(() => projects.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const saasPlans = pgTable(
  'saas_plans',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => saasProducts.id, { onDelete: 'cascade' }),
    slug: text('slug'),
    name: text('name').notNull(),
    /** Integer cents in `currency`; 0 for free plans. */
    priceCents: integer('price_cents').notNull().default(0),
    currency: text('currency').notNull().default('usd'),
    term: text('term', { enum: ['m', 'y'] })
      .notNull()
      .default('m'),
    isRecurring: boolean('is_recurring').notNull().default(true),
    isFree: boolean('is_free').notNull().default(false),
    hasApi: boolean('has_api').notNull().default(true),
    callsPerMinute: integer('calls_per_minute').notNull().default(10),
    /** 0 means unlimited (docs/product-contract.md §Constants). */
    maxKeysAllowed: integer('max_keys_allowed').notNull().default(0),
    position: integer('position').notNull().default(0),
    archived: boolean('archived').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('saas_plans_product_idx').on(table.productId),
    uniqueIndex('saas_plans_product_slug_idx').on(table.productId, table.slug),
    check('saas_plans_calls_per_minute_min', sql`${table.callsPerMinute} >= 10`),
    check('saas_plans_max_keys_nonneg', sql`${table.maxKeysAllowed} >= 0`),
    check('saas_plans_price_nonneg', sql`${table.priceCents} >= 0`),
  ],
);

/** docs/product-contract.md §Entities (Plan items: item_id, item). */
export const saasPlanItems = pgTable(
  'saas_plan_items',
  {
    id: serial('id').primaryKey(),
    planId: integer('plan_id')
      .notNull()
      .references(() => saasPlans.id, { onDelete: 'cascade' }),
    item: text('item').notNull(),
    position: integer('position').notNull().default(0),
  },
  (table) => [index('saas_plan_items_plan_idx').on(table.planId)],
);

/** A user's plan of a product. At most one `active` row per user and product. */
export const planSubscriptions = pgTable(
  'plan_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => saasProducts.id, { onDelete: 'cascade' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => saasPlans.id, { onDelete: 'restrict' }),
    status: text('status', { enum: ['active', 'canceled', 'expired'] })
      .notNull()
      .default('active'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    /** Null for free plans (no period). */
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** Set while a payment for it is disputed: suspended until the dispute is won (decision 011). */
    heldAt: timestamp('held_at', { withTimezone: true }),
    /** Ends at `current_period_end` with no grace, and is not renewed (decision 021). */
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /**
     * A failed automatic renewal (dunning, decision 021): the 10-day grace counts from here instead of
     * from the period end. Null: from the period end.
     */
    graceStartsAt: timestamp('grace_starts_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('plan_subscriptions_user_idx').on(table.userId),
    uniqueIndex('plan_subscriptions_one_active_idx')
      .on(table.userId, table.productId)
      .where(sql`${table.status} = 'active'`),
    // The reminder job reads active subscriptions by the window their period end falls in.
    index('plan_subscriptions_active_period_end_idx')
      .on(table.currentPeriodEnd)
      .where(sql`${table.status} = 'active'`),
  ],
);

export type SaasPlanRow = typeof saasPlans.$inferSelect;
export type SaasProductRow = typeof saasProducts.$inferSelect;
export type PlanSubscriptionRow = typeof planSubscriptions.$inferSelect;
