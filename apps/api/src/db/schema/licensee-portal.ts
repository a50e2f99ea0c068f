import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { licenceKeys } from './key-manager.js';
import { storedFiles } from './stored-files.js';
import { users } from './users.js';

/**
 * An owner's licensee portal (decision 036): one row per Key Manager account, written the first time
 * its settings are saved. `handle` is the portal's address (`/portal/<handle>`), unique across
 * owners. The logo is an upload in `stored_files` (purpose `portal-logo`), served by the portal.
 * Empty optional texts are stored as null.
 */
export const licenseePortals = pgTable('licensee_portals', {
  ownerId: uuid('owner_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  handle: text('handle').notNull().unique(),
  enabled: boolean('enabled').notNull().default(false),
  displayName: text('display_name').notNull(),
  logoFileId: uuid('logo_file_id').references(() => storedFiles.id, { onDelete: 'set null' }),
  supportEmail: text('support_email'),
  supportUrl: text('support_url'),
  purchaseUrl: text('purchase_url'),
  allowRelease: boolean('allow_release').notNull().default(true),
  releasesPer30Days: integer('releases_per_30_days').notNull().default(3),
  allowCertificates: boolean('allow_certificates').notNull().default(true),
  mailSenderName: text('mail_sender_name'),
  mailSubject: text('mail_subject'),
  mailIntro: text('mail_intro'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One mailed code (decision 036): only its hash is kept. A row is written for every request, also
 * for an address that holds no licence (then no mail goes out), so the reply and the work are the
 * same either way. `wrong_tries` spends this attempt alone; nothing else is locked.
 */
export const portalSignInAttempts = pgTable(
  'portal_sign_in_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Lowercased. */
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    wrongTries: integer('wrong_tries').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true }),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The clean-up job deletes attempts long expired.
  (table) => [index('portal_sign_in_attempts_expires_idx').on(table.expiresAt)],
);

/**
 * Portal sessions (decision 036): a licensee signed in by email (all their licences of this owner)
 * or one licence by its key. The cookie carries a random token; only its SHA-256 is kept. The rows
 * stay after expiry or sign-out: they are the owner's list of portal sign-ins, newest first.
 */
export const portalSessions = pgTable(
  'portal_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['email', 'key'] }).notNull(),
    email: text('email'),
    /** Key sessions: the one licence they open (a deleted key ends the session). */
    keyId: uuid('key_id').references(() => licenceKeys.id, { onDelete: 'set null' }),
    tokenHash: text('token_hash').notNull().unique(),
    method: text('method', { enum: ['code', 'link', 'key'] }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    signedOutAt: timestamp('signed_out_at', { withTimezone: true }),
  },
  (table) => [
    // The owner's sign-in list: keyset pages, newest first.
    index('portal_sessions_owner_page_idx').on(table.ownerId, table.createdAt, table.id),
    index('portal_sessions_key_idx').on(table.keyId).where(sql`${table.keyId} is not null`),
  ],
);

export type LicenseePortalRow = typeof licenseePortals.$inferSelect;
export type PortalSessionRow = typeof portalSessions.$inferSelect;
