import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.js';

type EntitlementMap = Record<string, string | number | boolean>;
type JsonObject = Record<string, unknown>;

/**
 * What a Key Manager owner sells (decision 032). Every licence key belongs to one product; each
 * owner has one default product (`is_default`), where keys made without naming a product go.
 */
export const keyProducts = pgTable(
  'key_products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    name: text('name').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('key_products_owner_code_idx').on(table.ownerId, table.code),
    uniqueIndex('key_products_owner_default_idx').on(table.ownerId).where(sql`${table.isDefault}`),
    index('key_products_owner_page_idx').on(table.ownerId, table.createdAt, table.id),
  ],
);

/**
 * A product's policies (decision 032): the template a new key copies at issue. `duration` is ISO 8601
 * ("P1Y", "P14D"; PostgreSQL reads it as an interval), null for perpetual. At most one trial policy
 * per product.
 */
export const keyPolicies = pgTable(
  'key_policies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => keyProducts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind', { enum: ['standard', 'trial'] })
      .notNull()
      .default('standard'),
    maxActivations: integer('max_activations').notNull().default(0),
    duration: text('duration'),
    clockStarts: text('clock_starts', { enum: ['issue', 'activation'] })
      .notNull()
      .default('issue'),
    expiryBehaviour: text('expiry_behaviour', { enum: ['refuse', 'allow'] })
      .notNull()
      .default('refuse'),
    graceDays: integer('grace_days').notNull().default(0),
    leaseSeconds: integer('lease_seconds'),
    transfersPer30Days: integer('transfers_per_30_days'),
    transferIdleSeconds: integer('transfer_idle_seconds'),
    entitlements: jsonb('entitlements').$type<EntitlementMap>().notNull().default({}),
    metadata: jsonb('metadata').$type<JsonObject>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('key_policies_product_page_idx').on(table.ownerId, table.productId, table.createdAt, table.id),
    index('key_policies_owner_page_idx').on(table.ownerId, table.createdAt, table.id),
    uniqueIndex('key_policies_one_trial_idx').on(table.productId).where(sql`${table.kind} = 'trial'`),
  ],
);

/** An owner's licensing settings (decision 032); no row means the defaults. */
export const keyLicensingSettings = pgTable('key_licensing_settings', {
  ownerId: uuid('owner_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiringNoticeDays: integer('expiring_notice_days').notNull().default(7),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type KeyProductRow = typeof keyProducts.$inferSelect;
export type KeyPolicyRow = typeof keyPolicies.$inferSelect;
