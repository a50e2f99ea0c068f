import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { keyPolicies, keyProducts } from './key-products.js';
import { users } from './users.js';

/** Licence keys (docs/product-contract.md §Entities, Digital key). `max_activations` 0 means unlimited. */
export const licenceKeys = pgTable(
  'licence_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull().unique(),
    name: text('name'),
    note: text('note'),
    maxActivations: integer('max_activations').notNull().default(0),
    currentActivations: integer('current_activations').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    /** Device rules of this key (decision 023); null = the owner's `key_device_policies` row applies. */
    leaseSeconds: integer('lease_seconds'),
    transfersPer30Days: integer('transfers_per_30_days'),
    transferIdleSeconds: integer('transfer_idle_seconds'),
    /** Extension (decision 024): owner-defined map copied into offline licence certificates. */
    entitlements: jsonb('entitlements')
      .$type<Record<string, string | number | boolean>>()
      .notNull()
      .default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // Licensing (decision 032): copied from the policy at issue, each may be overridden.
    productId: uuid('product_id')
      .notNull()
      .references(() => keyProducts.id, { onDelete: 'restrict' }),
    policyId: uuid('policy_id').references(() => keyPolicies.id, { onDelete: 'set null' }),
    /** Null: never expires, or (with `duration`) the clock starts at the first activation. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** ISO 8601 ("P1Y"): what renew-key extends by, and the length a first activation starts. */
    duration: text('duration'),
    expiryBehaviour: text('expiry_behaviour', { enum: ['refuse', 'allow'] })
      .notNull()
      .default('refuse'),
    graceDays: integer('grace_days').notNull().default(0),
    suspended: boolean('suspended').notNull().default(false),
    trial: boolean('trial').notNull().default(false),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    customerName: text('customer_name'),
    customerEmail: text('customer_email'),
    customerRef: text('customer_ref'),
    /** The `expires_at` a `key.expiring` / `key.expired` event was sent for (once per expiry date). */
    expiringNoticeFor: timestamp('expiring_notice_for', { withTimezone: true }),
    expiredNoticeFor: timestamp('expired_notice_for', { withTimezone: true }),
  },
  (table) => [
    index('licence_keys_owner_product_page_idx').on(
      table.ownerId,
      table.productId,
      table.createdAt,
      table.id,
    ),
    index('licence_keys_owner_customer_email_idx')
      .on(table.ownerId, table.customerEmail)
      .where(sql`${table.customerEmail} is not null`),
    index('licence_keys_owner_customer_ref_idx')
      .on(table.ownerId, table.customerRef)
      .where(sql`${table.customerRef} is not null`),
    // The expiry notice job reads keys by expiry.
    index('licence_keys_expires_idx').on(table.expiresAt).where(sql`${table.expiresAt} is not null`),
    // Keyset pages of get-keys (decision 025): newest first, ties broken by id, per owner.
    index('licence_keys_owner_page_idx').on(table.ownerId, table.createdAt, table.id),
    index('licence_keys_owner_active_page_idx').on(table.ownerId, table.isActive, table.createdAt, table.id),
    index('licence_keys_owner_at_limit_page_idx')
      .on(table.ownerId, table.createdAt, table.id)
      .where(sql`${table.maxActivations} > 0 and ${table.currentActivations} >= ${table.maxActivations}`),
    // Substring search on key and name uses pg_trgm GIN indexes, created by hand at the end of
    // migration 0013 (after CREATE EXTENSION), so they are not declared here.
    check('licence_keys_current_nonneg', sql`${table.currentActivations} >= 0`),
    check('licence_keys_max_nonneg', sql`${table.maxActivations} >= 0`),
  ],
);

/**
 * Per-owner counts of licence keys, kept by statement-level triggers on `licence_keys` in the same
 * transaction as every change (hand-written SQL at the end of migration 0013, decision 025). The
 * dashboard reads its figures here instead of counting rows; `version` grows with every change to
 * the owner's keys and is the ETag of get-keys and data.
 */
export const licenceKeyCounters = pgTable('licence_key_counters', {
  ownerId: uuid('owner_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  keys: integer('keys').notNull().default(0),
  activeKeys: integer('active_keys').notNull().default(0),
  activations: bigint('activations', { mode: 'number' }).notNull().default(0),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/**
 * Extension: devices (fingerprints) holding an activation, so re-activating one counts once
 * (decision 023). `created_at` is when it was first seen; `last_seen_at` moves with every
 * activation and heartbeat, and drives leases and transfers.
 */
export const licenceKeyDevices = pgTable(
  'licence_key_devices',
  {
    id: uuid('id').notNull().defaultRandom().unique(),
    keyId: uuid('key_id')
      .notNull()
      .references(() => licenceKeys.id, { onDelete: 'cascade' }),
    fingerprint: text('fingerprint').notNull(),
    name: text('name'),
    platform: text('platform'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The key's owner and product, copied by the `licence_key_devices_owner` BEFORE INSERT trigger
     * (migration 0040; a key never changes either), so the owner's device list pages by an index.
     */
    ownerId: uuid('owner_id'),
    productId: uuid('product_id'),
  },
  (table) => [
    primaryKey({ columns: [table.keyId, table.fingerprint] }),
    index('licence_key_devices_key_seen_idx').on(table.keyId, table.lastSeenAt),
    // The lease job reads devices not seen for at least the shortest lease.
    index('licence_key_devices_seen_idx').on(table.lastSeenAt),
    // The owner's Devices tab (list-devices): newest seen first, all products or one.
    index('licence_key_devices_owner_seen_idx').on(table.ownerId, table.lastSeenAt, table.id),
    index('licence_key_devices_product_seen_idx').on(table.productId, table.lastSeenAt, table.id),
  ],
);

/** An owner's device rules: the defaults of every key that has no value of its own (decision 023). */
export const keyDevicePolicies = pgTable('key_device_policies', {
  ownerId: uuid('owner_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  leaseSeconds: integer('lease_seconds').notNull().default(0),
  transfersPer30Days: integer('transfers_per_30_days').notNull().default(0),
  transferIdleSeconds: integer('transfer_idle_seconds').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Manager API keys: only the SHA-256 hash of the key is kept (looked up by its unique index); the
 * prefix and last four characters let the owner recognise a key. `requests_made` and `last_used`
 * are flushed from memory in batches (see usage-counter.ts).
 */
export const managerApiKeys = pgTable(
  'manager_api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name'),
    /** `secret` (km_live_, every operation) or `publishable` (km_pub_, scopes in the contract). */
    type: text('type', { enum: ['secret', 'publishable'] })
      .notNull()
      .default('secret'),
    keyHash: text('key_hash').notNull().unique(),
    prefix: text('prefix').notNull(),
    lastFour: text('last_four').notNull(),
    requestsMade: bigint('requests_made', { mode: 'number' }).notNull().default(0),
    lastUsed: timestamp('last_used', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The failure this key simulates until `simulationEndsAt` (contract key-manager-simulation.ts). */
    simulation: text('simulation', { enum: ['payment-required', 'no-plan', 'rate-limit'] }),
    /** The simulated plan rate, for `rate-limit` only. */
    simulationCallsPerMinute: integer('simulation_calls_per_minute'),
    simulationEndsAt: timestamp('simulation_ends_at', { withTimezone: true }),
    /** Licensing (decision 032): the one product this API key may reach; null for all. */
    productId: uuid('product_id').references(() => keyProducts.id, { onDelete: 'restrict' }),
    /** Rolled (decision 037): the key stops working at this time; a job then sets `revokedAt`. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Rolled: the key that replaced this one. */
    replacedBy: uuid('replaced_by'),
    /** When `api_key.expiring` was sent for this key's `expiresAt` (once). */
    expiringNoticeAt: timestamp('expiring_notice_at', { withTimezone: true }),
  },
  (table) => [
    index('manager_api_keys_owner_idx').on(table.ownerId),
    // The roll job reads rolled keys still open by their stop time.
    index('manager_api_keys_rolled_idx')
      .on(table.expiresAt)
      .where(sql`${table.expiresAt} is not null and ${table.revokedAt} is null`),
  ],
);

/** Key-event log: who changed which key how, from where. No FK to the key: it outlives deletion. */
export const keyEvents = pgTable(
  'key_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    keyId: uuid('key_id').notNull(),
    action: text('action', {
      // transfer: a device took an idle one's slot; release: freed from the dashboard; expire: lease lapsed.
      enum: [
        'create',
        'change',
        'activate',
        'deactivate',
        'enable',
        'disable',
        'delete',
        'transfer',
        'release',
        'expire',
        // Licensing (decision 032).
        'renew',
        'suspend',
        'reinstate',
        'convert',
        // The licensee portal (decision 036): an offline certificate downloaded by the licensee.
        'certificate',
      ],
    }).notNull(),
    delta: integer('delta').notNull().default(0),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** Who acted, by name as they were then, when a person did it on the dashboard (decision 033). */
    actorName: text('actor_name'),
    /** Who acted (decision 036): `licensee` for the licensee portal; null for the owner's side and apps. */
    actorKind: text('actor_kind', { enum: ['licensee'] }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('key_events_owner_time_idx').on(table.ownerId, table.createdAt),
    // A key's history page (newest first) and its deletion's cleanup read by key.
    index('key_events_key_time_idx').on(table.keyId, table.createdAt, table.id),
    // A licence's releases by its licensee in the rolling 30 days (the portal's allowance).
    index('key_events_licensee_release_idx')
      .on(table.keyId, table.createdAt)
      .where(sql`${table.actorKind} = 'licensee' and ${table.action} = 'release'`),
  ],
);

export type LicenceKeyRow = typeof licenceKeys.$inferSelect;
export type ManagerApiKeyRow = typeof managerApiKeys.$inferSelect;
export type KeyEventAction = (typeof keyEvents.$inferSelect)['action'];

/**
 * Trials taken (decision 032): one per device fingerprint per product, and one per email when given.
 * Kept when the trial key is deleted, so deleting it does not open a new trial.
 */
export const keyTrials = pgTable(
  'key_trials',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => keyProducts.id, { onDelete: 'cascade' }),
    fingerprint: text('fingerprint').notNull(),
    email: text('email'),
    keyId: uuid('key_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.productId, table.fingerprint] }),
    uniqueIndex('key_trials_product_email_idx')
      .on(table.productId, table.email)
      .where(sql`${table.email} is not null`),
  ],
);
