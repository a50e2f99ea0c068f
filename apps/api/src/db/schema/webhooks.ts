import { boolean, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * Outbound webhooks (docs/decisions/016). An owner's HTTPS endpoints and the event types each one
 * wants. The signing secret must be readable by the server to sign, so it is stored encrypted
 * (AES-256-GCM, key from WEBHOOK_SECRET_KEY or the JWT secret), never as a hash.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description'),
    events: text('events').array().notNull(),
    secretCiphertext: text('secret_ciphertext').notNull(),
    /** The secret's last four characters, so the owner can tell which one a receiver holds. */
    secretLastFour: text('secret_last_four').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** Licensing (decision 032): only events whose `data.key.product` is this code; null: all. */
    product: text('product'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('webhook_endpoints_owner_idx').on(table.ownerId)],
);

/** One event that happened (`evt_…`), stored once however many endpoints receive it. */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: text('id').primaryKey(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('webhook_events_created_idx').on(table.createdAt)],
);

/**
 * One event for one endpoint: the unit a `webhooks.deliver` job works on, so each endpoint retries
 * on its own schedule. `attempts` counts every POST, redeliveries included.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: text('event_id')
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'succeeded', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('webhook_deliveries_event_endpoint_uq').on(table.eventId, table.endpointId),
    index('webhook_deliveries_endpoint_idx').on(table.endpointId),
  ],
);

/** The delivery log: every POST with what the endpoint answered (an excerpt of at most 1 KB). */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    /** Null when no HTTP answer came (refused address, connection error, timeout). */
    statusCode: integer('status_code'),
    succeeded: boolean('succeeded').notNull(),
    latencyMs: integer('latency_ms').notNull(),
    responseExcerpt: text('response_excerpt'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('webhook_attempts_endpoint_idx').on(table.endpointId, table.createdAt.desc(), table.id.desc()),
    index('webhook_attempts_delivery_idx').on(table.deliveryId),
  ],
);

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
