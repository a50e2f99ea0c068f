import type { MailChoice, NotificationKind } from '@app/contract';
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * The notification centre (decision 034): one row per person and thing that happened, newest first
 * in the bell. Written in the transaction of the change it tells of.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<NotificationKind>().notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** A path of the web app. */
    link: text('link').notNull(),
    /** What it is about (`project-chat:<id>`): an unread one of the same kind and topic is replaced. */
    topic: text('topic'),
    /** How many happenings this row stands for (replacements while unread add one each). */
    count: integer('count').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (table) => [
    // The bell's keyset pages: a person's rows, newest first.
    index('notifications_user_page_idx').on(table.userId, table.createdAt, table.id),
    // The unread count reads only unread rows.
    index('notifications_unread_idx').on(table.userId).where(sql`${table.readAt} is null`),
    // At most one unread row per person, kind and topic: the upsert that replaces it arbitrates here.
    uniqueIndex('notifications_unread_topic_idx')
      .on(table.userId, table.kind, table.topic)
      .where(sql`${table.readAt} is null and ${table.topic} is not null`),
  ],
);

/** A person's mail choice per kind; a kind without a row has the default (`defaultMailChoice`). */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<NotificationKind>().notNull(),
    mail: text('mail').$type<MailChoice>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.kind] })],
);

export type NotificationRow = typeof notifications.$inferSelect;
