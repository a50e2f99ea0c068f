import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { planSubscriptions, saasPlans, saasProducts } from './catalog.js';
import { invoices } from './deals.js';
import { storedFiles } from './stored-files.js';
import { users } from './users.js';

/**
 * Downloadable products (docs/product-contract.md §Entities, Product): sold once, with an executable and
 * up to 4 media files.
 */
export const products = pgTable('products', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  priceCents: integer('price_cents').notNull().default(0),
  currency: text('currency').notNull().default('usd'),
  description: text('description').notNull().default(''),
  dependencies: text('dependencies').notNull().default(''),
  executableFileId: uuid('executable_file_id').references(() => storedFiles.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const productMedia = pgTable(
  'product_media',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => storedFiles.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (table) => [index('product_media_product_idx').on(table.productId)],
);

export const productUpdates = pgTable(
  'product_updates',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    releaseDate: date('release_date').notNull(),
    dependencies: text('dependencies').notNull().default(''),
    fileId: uuid('file_id').references(() => storedFiles.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('product_updates_product_idx').on(table.productId)],
);

/**
 * docs/product-contract.md §Entities (Upgrade request). `amountCents` is the prorated difference fixed
 * at approval.
 */
export const planUpgradeRequests = pgTable(
  'plan_upgrade_requests',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => saasProducts.id, { onDelete: 'cascade' }),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => planSubscriptions.id, { onDelete: 'cascade' }),
    fromPlanId: integer('from_plan_id')
      .notNull()
      .references(() => saasPlans.id, { onDelete: 'restrict' }),
    toPlanId: integer('to_plan_id')
      .notNull()
      .references(() => saasPlans.id, { onDelete: 'restrict' }),
    status: text('status', { enum: ['pending', 'approved', 'completed', 'canceled'] })
      .notNull()
      .default('pending'),
    amountCents: integer('amount_cents').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
  },
  (table) => [
    index('plan_upgrade_requests_user_idx').on(table.userId),
    // One open request per user and product.
    uniqueIndex('plan_upgrade_requests_open_idx')
      .on(table.userId, table.productId)
      .where(sql`${table.status} in ('pending', 'approved')`),
  ],
);

/** A checkout: what is being paid, with which provider, and how it ended. */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `invoice`: an agency invoice (decision 035), with `invoiceId` and no product or plan. */
    kind: text('kind', { enum: ['subscription', 'renewal', 'upgrade', 'invoice'] }).notNull(),
    productId: integer('product_id').references(() => saasProducts.id, { onDelete: 'cascade' }),
    planId: integer('plan_id').references(() => saasPlans.id, { onDelete: 'restrict' }),
    invoiceId: uuid('invoice_id').references(() => invoices.id, { onDelete: 'set null' }),
    upgradeRequestId: integer('upgrade_request_id').references(() => planUpgradeRequests.id, {
      onDelete: 'set null',
    }),
    description: text('description').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    provider: text('provider', { enum: ['sandbox', 'stripe'] }).notNull(),
    providerRef: text('provider_ref'),
    checkoutUrl: text('checkout_url'),
    /** `refunded`: all of it went back (a full refund or a lost dispute); the access it bought ended. */
    status: text('status', { enum: ['pending', 'paid', 'canceled', 'failed', 'refunded'] })
      .notNull()
      .default('pending'),
    statusMessage: text('status_message').notNull().default('Waiting for payment'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** The provider's id of the money (Stripe PaymentIntent): refunds and disputes name it. */
    providerPaymentRef: text('provider_payment_ref'),
    /** What the payment bought: the subscription it started, renewed or changed, and until when. */
    subscriptionId: uuid('subscription_id').references(() => planSubscriptions.id, { onDelete: 'set null' }),
    /** Null with a subscription: no end (lifetime). */
    paidUntil: timestamp('paid_until', { withTimezone: true }),
    /**
     * A renewal: the period end it extends, as it was when the checkout opened (or the saved card was
     * charged). Once another payment has moved that period end, this one pays for nothing (decision 021).
     */
    renewsPeriodEnd: timestamp('renews_period_end', { withTimezone: true }),
    refundedCents: integer('refunded_cents').notNull().default(0),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    disputeStatus: text('dispute_status', { enum: ['open', 'won', 'lost'] }),
  },
  (table) => [
    index('payments_user_idx').on(table.userId, table.createdAt),
    index('payments_provider_ref_idx').on(table.provider, table.providerRef),
    index('payments_provider_payment_ref_idx').on(table.provider, table.providerPaymentRef),
    index('payments_subscription_idx').on(table.subscriptionId),
    index('payments_invoice_idx').on(table.invoiceId),
    // A plan's payment names its product and plan; an invoice's names neither.
    check(
      'payments_what_is_paid',
      sql`(${table.kind} = 'invoice') = (${table.productId} is null and ${table.planId} is null)`,
    ),
  ],
);

/** Every verified webhook event, once: the unique key makes duplicates and replays no-ops. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: serial('id').primaryKey(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    paymentId: uuid('payment_id'),
    outcome: text('outcome').notNull(),
    payload: jsonb('payload').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex('payment_events_provider_event_idx').on(table.provider, table.eventId)],
);

/**
 * A refund of a payment being made at its provider (decision 022): written in a short transaction
 * before the provider is called, removed once its answer is recorded. One per payment, so a second
 * refund of it is refused instead of waiting; one older than the provider's timeout was left by a
 * process that died during the call, and a new refund takes it over.
 */
export const refundClaims = pgTable('refund_claims', {
  paymentId: uuid('payment_id')
    .primaryKey()
    .references(() => payments.id, { onDelete: 'cascade' }),
  /** This claim's own id: only the refund that wrote it removes it (not one that took it over). */
  claimId: uuid('claim_id').notNull(),
  /** What goes back with this refund, and the total refunded once it is made (its idempotency key). */
  amountCents: integer('amount_cents').notNull(),
  totalCents: integer('total_cents').notNull(),
  /** The admin's id, or what refunds on its own (a period paid twice). */
  claimedBy: text('claimed_by').notNull(),
  claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
});

/**
 * Receipt numbers (decision 022): drawn from one database sequence, so instances sharing a database
 * never hand out the same number, and a number is never reused, not even after a rollback.
 */
export const receiptNumberSeq = pgSequence('receipt_number_seq', { startWith: 1001 });

/** docs/product-contract.md §Entities (Receipt): one per successful payment. */
export const receipts = pgTable(
  'receipts',
  {
    id: serial('id').primaryKey(),
    /** The number printed on the receipt and its PDF (receiptNumberSeq). */
    number: bigint('number', { mode: 'number' })
      .notNull()
      .unique()
      .default(sql`nextval('receipt_number_seq')`),
    paymentId: uuid('payment_id')
      .notNull()
      .unique()
      .references(() => payments.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    method: text('method').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    address: text('address').notNull().default(''),
    city: text('city').notNull().default(''),
    country: text('country').notNull().default(''),
    items: jsonb('items').$type<string[]>().notNull(),
    duration: text('duration').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull(),
    statusMessage: text('status_message').notNull(),
  },
  // (user, issued_at, id): the payment history in keyset pages, newest first (decision 030).
  (table) => [index('receipts_user_idx').on(table.userId, table.issuedAt, table.id)],
);

export type PaymentRow = typeof payments.$inferSelect;
export type ProductRow = typeof products.$inferSelect;
export type UpgradeRequestRow = typeof planUpgradeRequests.$inferSelect;
