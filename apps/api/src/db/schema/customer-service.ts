import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { storedFiles } from './stored-files.js';
import { users } from './users.js';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * One customer-service conversation per visitor email. The `*_seen_at` columns are the read state
 * of each side; `visitor_active_at` is the visitor's last sign of life (socket heartbeat or poll),
 * which decides whether a staff reply is also emailed.
 */
export const csChats = pgTable(
  'cs_chats',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull().unique(),
    createdAt: at('created_at').notNull().defaultNow(),
    lastMessageAt: at('last_message_at'),
    visitorSeenAt: at('visitor_seen_at'),
    staffSeenAt: at('staff_seen_at'),
    visitorActiveAt: at('visitor_active_at'),
    lastOfflineMailAt: at('last_offline_mail_at'),
  },
  (table) => [
    // The staff inbox (decision 026 (6)): chats with a message, most recent first, in keyset pages.
    index('cs_chats_inbox_page_idx')
      .on(table.lastMessageAt, table.id)
      .where(sql`${table.lastMessageAt} is not null`),
  ],
);

/**
 * A visitor's chat session (one per browser). Only the SHA-256 of the token is stored. An unverified
 * session sees its own messages and staff replies since it started; entering the mailed 6-digit
 * code (stored hashed, short-lived, limited attempts) unlocks the chat's whole history.
 */
export const csSessions = pgTable(
  'cs_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    chatId: uuid('chat_id')
      .notNull()
      .references(() => csChats.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    verified: boolean('verified').notNull().default(false),
    createdAt: at('created_at').notNull().defaultNow(),
    lastUsedAt: at('last_used_at').notNull().defaultNow(),
    codeHash: text('code_hash'),
    codeExpiresAt: at('code_expires_at'),
    codeAttempts: integer('code_attempts').notNull().default(0),
  },
  (table) => [index('cs_sessions_chat_idx').on(table.chatId)],
);

export const csMessages = pgTable(
  'cs_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    chatId: uuid('chat_id')
      .notNull()
      .references(() => csChats.id, { onDelete: 'cascade' }),
    /** The visitor session that wrote it; null for staff replies. */
    sessionId: uuid('session_id').references(() => csSessions.id, { onDelete: 'set null' }),
    sender: text('sender', { enum: ['visitor', 'staff'] }).notNull(),
    staffUserId: uuid('staff_user_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull().default(''),
    mediaFileId: uuid('media_file_id').references(() => storedFiles.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [index('cs_messages_chat_idx').on(table.chatId, table.id)],
);

/** Staff users an admin marked as customer service; they may answer visitor chats. */
export const csAgents = pgTable('cs_agents', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: at('created_at').notNull().defaultNow(),
});

export type CsChatRow = typeof csChats.$inferSelect;
export type CsSessionRow = typeof csSessions.$inferSelect;
export type CsMessageRow = typeof csMessages.$inferSelect;
