import { sql } from 'drizzle-orm';
import {
  bigint,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { storedFiles } from './stored-files.js';
import { users } from './users.js';

/**
 * docs/product-contract.md §Entities (Business type). Reference data: rows are inserted by a migration
 * (RealEstate).
 */
export const businessTypes = pgTable('business_types', {
  id: serial('id').primaryKey(),
  type: text('type').notNull().unique(),
});

/** A registered business; owning one makes `hasBusinessAccount` true. */
export const businesses = pgTable(
  'businesses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    typeId: integer('type_id')
      .notNull()
      .references(() => businessTypes.id),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // (owner, created_at, id): the businesses list's keyset order for an owner (decision 030 (6)).
  (table) => [index('businesses_owner_idx').on(table.ownerId, table.createdAt, table.id)],
);

/** An agent is an ordinary client account (user type c) linked to one business (decision 005). */
export const businessAgents = pgTable(
  'business_agents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // (business, created_at, id): the agents list's keyset order (decision 030).
  (table) => [index('business_agents_business_idx').on(table.businessId, table.createdAt, table.id)],
);

/** Houses, buildings and lands in one table; kind-specific columns are null for other kinds. */
export const properties = pgTable(
  'real_estate_properties',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['house', 'building', 'land'] }).notNull(),
    statusId: integer('status_id').notNull().default(1),
    bedrooms: integer('bedrooms'),
    bathrooms: integer('bathrooms'),
    garages: integer('garages'),
    floors: integer('floors'),
    units: integer('units'),
    yearBuilt: integer('year_built'),
    zoning: text('zoning'),
    area: doublePrecision('area').notNull(),
    priceCents: bigint('price_cents', { mode: 'number' }).notNull(),
    address: text('address').notNull(),
    countryCode: text('country_code').notNull(),
    stateCode: text('state_code').notNull().default(''),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    description: text('description').notNull().default(''),
    thumbnailFileId: uuid('thumbnail_file_id').references(() => storedFiles.id, { onDelete: 'set null' }),
    agentId: uuid('agent_id').references(() => businessAgents.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The listings' keyset order (newest first), for the owner's view and for an agent's (decision 030).
    index('real_estate_properties_business_kind_idx').on(
      table.businessId,
      table.kind,
      table.createdAt,
      table.id,
    ),
    index('real_estate_properties_agent_idx').on(table.agentId, table.kind, table.createdAt, table.id),
    // A search term that names a status or a country becomes `status_id in (…)` / `country_code in (…)`
    // beside the address trigram: with these the planner can OR three index scans instead of walking
    // the whole business when the term matches few listings.
    index('real_estate_properties_business_status_idx').on(table.businessId, table.kind, table.statusId),
    index('real_estate_properties_business_country_idx').on(table.businessId, table.kind, table.countryCode),
    index('real_estate_properties_thumbnail_idx').on(table.thumbnailFileId),
    // The public, embeddable listings: a business's unsold listings of every kind, newest first, in
    // keyset pages. Partial, so sold listings (status 2) cost the walk nothing.
    index('real_estate_properties_public_idx')
      .on(table.businessId, table.createdAt, table.id)
      .where(sql`status_id <> 2`),
  ],
);

/** Listing photos (up to 10 per listing), in display order. */
export const propertyImages = pgTable(
  'real_estate_property_images',
  {
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .unique()
      .references(() => storedFiles.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (table) => [primaryKey({ columns: [table.propertyId, table.fileId] })],
);

export type BusinessRow = typeof businesses.$inferSelect;
export type PropertyRow = typeof properties.$inferSelect;
