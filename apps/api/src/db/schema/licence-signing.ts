import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * Ed25519 keys that sign an owner's offline licence certificates (decision 024). The id is the `kid`
 * in every certificate (derived from the public key). The private key is kept encrypted
 * (AES-256-GCM, key from LICENSE_SECRET_KEY or DATA_DIR/license-secret-key), never returned by any
 * route. `rotated_at` null marks the one current key of an owner (partial unique index); a rotated
 * key only verifies, and retiring it deletes the row.
 */
export const licenceSigningKeys = pgTable(
  'licence_signing_keys',
  {
    id: text('id').primaryKey(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SubjectPublicKeyInfo DER, base64. */
    publicKey: text('public_key').notNull(),
    /** PKCS#8 DER sealed with the server's licence secret key, bound to this row's id. */
    privateKeySealed: text('private_key_sealed').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
  },
  (table) => [
    index('licence_signing_keys_owner_idx').on(table.ownerId, table.createdAt),
    uniqueIndex('licence_signing_keys_current_idx').on(table.ownerId).where(sql`${table.rotatedAt} is null`),
  ],
);

export type LicenceSigningKeyRow = typeof licenceSigningKeys.$inferSelect;
