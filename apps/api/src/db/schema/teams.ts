import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * Accounts with members (decision 033). An account's id is the id of the user who opened it, so
 * every table that already keys data by an owner's user id keys it by the account without change;
 * this table says who else may act on it, and with which role. Every user holds an `owner` row for
 * their own account unless they transferred it.
 */
export const accountMembers = pgTable(
  'account_members',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['owner', 'admin', 'developer', 'billing', 'viewer'] }).notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.accountId, table.userId] }),
    index('account_members_user_idx').on(table.userId, table.createdAt),
    // Exactly one owner per account.
    uniqueIndex('account_members_one_owner_idx').on(table.accountId).where(sql`${table.role} = 'owner'`),
  ],
);

/** Invitations by email; the link's token is stored as a SHA-256 hash. */
export const accountInvites = pgTable(
  'account_invites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role', { enum: ['admin', 'developer', 'billing', 'viewer'] }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: uuid('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    index('account_invites_account_page_idx').on(table.accountId, table.createdAt, table.id),
    // One open invitation per address and account: inviting again renews it.
    uniqueIndex('account_invites_open_idx')
      .on(table.accountId, table.email)
      .where(sql`${table.acceptedAt} is null and ${table.revokedAt} is null`),
  ],
);

/**
 * The account's audit trail: member and security events (who invited whom, role changes, two-factor
 * changes, sign-ins). `actor_name` is kept as it was, so the trail reads the same after a rename or
 * a member leaving.
 */
export const accountAuditEvents = pgTable(
  'account_audit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull(),
    action: text('action').notNull(),
    /** Whom or what the action was about, in words (an email, a role, a device). */
    target: text('target'),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Decision 037: 'account' (members, security), 'key-manager' (the dashboard) or 'portal' (licensees). */
    area: text('area', { enum: ['account', 'key-manager', 'portal'] })
      .notNull()
      .default('account'),
    /** The changed fields as they were and became; secrets only masked. */
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
  },
  (table) => [
    index('account_audit_events_page_idx').on(table.accountId, table.createdAt, table.id),
    // The Key Manager's audit log reads the events outside the account area by (time, id).
    index('account_audit_events_key_manager_idx')
      .on(table.accountId, table.createdAt, table.id)
      .where(sql`${table.area} <> 'account'`),
    // The retention job deletes the oldest events in batches.
    index('account_audit_events_created_idx').on(table.createdAt),
  ],
);
