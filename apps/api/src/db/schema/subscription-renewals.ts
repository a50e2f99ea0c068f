import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { payments } from './billing.js';
import { planSubscriptions } from './catalog.js';
import { users } from './users.js';

/**
 * How a subscription renews itself (decision 021): the saved card and where it lives (the sandbox
 * keeps last four digits and expiry; Stripe keeps the card, we keep its customer and subscription
 * ids), and the dunning state after a failed renewal. No row, or `off`: renewed by hand.
 */
export const subscriptionRenewals = pgTable(
  'subscription_renewals',
  {
    subscriptionId: uuid('subscription_id')
      .primaryKey()
      .references(() => planSubscriptions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['sandbox', 'stripe'] }).notNull(),
    /** `past_due`: the last renewal charge failed; retried on `next_attempt_at` (null: no retry left). */
    status: text('status', { enum: ['active', 'past_due', 'off'] })
      .notNull()
      .default('active'),
    cardLast4: text('card_last4').notNull().default(''),
    /** MM/YY. */
    cardExpiry: text('card_expiry').notNull().default(''),
    /** Sandbox card 4000 0000 0000 0341: attaches and pays at checkout, declines every renewal. */
    declinesRenewals: boolean('declines_renewals').notNull().default(false),
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    /** Failed charges for the current period end (0 after a paid one). */
    failedAttempts: integer('failed_attempts').notNull().default(0),
    pastDueSince: timestamp('past_due_since', { withTimezone: true }),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    lastError: text('last_error'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('subscription_renewals_stripe_subscription_idx').on(table.stripeSubscriptionId),
    index('subscription_renewals_user_idx').on(table.userId),
    // The admin's past-due view, newest first.
    index('subscription_renewals_past_due_idx')
      .on(table.pastDueSince, table.subscriptionId)
      .where(sql`${table.status} = 'past_due'`),
  ],
);

/**
 * Each off-session charge of a saved card: which period end and which try, so a renewal sweep that
 * runs twice (or on two instances) charges a period's try once, and the webhook knows a renewal
 * payment from a checkout.
 */
export const renewalAttempts = pgTable(
  'renewal_attempts',
  {
    id: serial('id').primaryKey(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => planSubscriptions.id, { onDelete: 'cascade' }),
    paymentId: uuid('payment_id')
      .notNull()
      .unique()
      .references(() => payments.id, { onDelete: 'cascade' }),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    attempt: integer('attempt').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('renewal_attempts_once_idx').on(table.subscriptionId, table.periodEnd, table.attempt),
  ],
);

export type SubscriptionRenewalRow = typeof subscriptionRenewals.$inferSelect;
