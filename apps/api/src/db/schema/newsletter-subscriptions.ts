import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * One row per email (double opt-in). Only SHA-256 hashes of the confirm and unsubscribe tokens are
 * kept: the links in the mail are the only copies of the tokens.
 */
export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull().unique(),
    status: text('status', { enum: ['pending', 'confirmed', 'unsubscribed'] })
      .notNull()
      .default('pending'),
    confirmTokenHash: text('confirm_token_hash').unique(),
    unsubscribeTokenHash: text('unsubscribe_token_hash').notNull().unique(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The admin subscriber list (decision 026 (6)): confirmed addresses, newest confirmation first, in
    // keyset pages.
    index('newsletter_confirmed_page_idx')
      .on(table.confirmedAt, table.id)
      .where(sql`${table.status} = 'confirmed'`),
  ],
);

export type NewsletterSubscriptionRow = typeof newsletterSubscriptions.$inferSelect;
