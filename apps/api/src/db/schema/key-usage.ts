import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  pgTable,
  real,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * Key Manager usage (decision 037). Public REST calls counted per hour and per (product, key, API key,
 * operation, outcome, platform, app version); written in batches from memory (usage/flush.ts) with
 * `insert … on conflict do update set n = n + excluded.n`. No foreign key to keys, products or API
 * keys: the figures outlive them, like key_events. The unique index leads with (owner_id, hour), so
 * an owner's period is one range scan whatever other owners hold. Kept 90 days.
 */
export const keyUsageHourly = pgTable(
  'key_usage_hourly',
  {
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    apiKeyId: uuid('api_key_id').notNull(),
    operation: text('operation').notNull(),
    outcome: text('outcome').notNull(),
    productId: uuid('product_id'),
    keyId: uuid('key_id'),
    platform: text('platform'),
    appVersion: text('app_version'),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (table) => [
    unique('key_usage_hourly_cell')
      .on(
        table.ownerId,
        table.hour,
        table.apiKeyId,
        table.operation,
        table.outcome,
        table.productId,
        table.keyId,
        table.platform,
        table.appVersion,
      )
      .nullsNotDistinct(),
    index('key_usage_hourly_hour_idx').on(table.hour),
  ],
);

/** Devices seen per day (a hash of the fingerprint, never the fingerprint): the unique-device count. */
export const keyUsageDevices = pgTable(
  'key_usage_devices',
  {
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    device: text('device').notNull(),
    apiKeyId: uuid('api_key_id').notNull(),
    productId: uuid('product_id'),
    keyId: uuid('key_id'),
  },
  (table) => [
    unique('key_usage_devices_cell')
      .on(table.ownerId, table.day, table.device, table.apiKeyId, table.productId, table.keyId)
      .nullsNotDistinct(),
    index('key_usage_devices_day_idx').on(table.day),
  ],
);

/** The public REST interface's request log: one row per counted call, 30 days, capped per owner. */
export const keyRequestLog = pgTable(
  'key_request_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    operation: text('operation').notNull(),
    keyId: uuid('key_id'),
    maskedKey: text('masked_key'),
    apiKeyId: uuid('api_key_id').notNull(),
    productId: uuid('product_id'),
    outcome: text('outcome').notNull(),
    status: smallint('status').notNull(),
    latencyMs: real('latency_ms').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    country: text('country'),
    platform: text('platform'),
    appVersion: text('app_version'),
  },
  (table) => [
    index('key_request_log_owner_at_idx').on(table.ownerId, table.at.desc(), table.id.desc()),
    index('key_request_log_owner_key_idx')
      .on(table.ownerId, table.keyId, table.at.desc(), table.id.desc())
      .where(sql`${table.keyId} is not null`),
    index('key_request_log_at_idx').on(table.at),
  ],
);

/**
 * Per owner: the usage settings (weekly mail and the week last mailed) and the request log's row
 * count, kept by the flush and the trim, so the per-owner cap never counts rows.
 */
export const keyUsageOwners = pgTable('key_usage_owners', {
  ownerId: uuid('owner_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  weeklyMail: boolean('weekly_mail').notNull().default(false),
  /** Monday (UTC) of the last week mailed: the job sends a week once even when it runs twice. */
  weeklyMailSentFor: date('weekly_mail_sent_for', { mode: 'string' }),
  requestLogRows: integer('request_log_rows').notNull().default(0),
});
