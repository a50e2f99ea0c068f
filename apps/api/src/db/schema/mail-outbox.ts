import { jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Every mail the product sends is recorded here; without SMTP this table is the delivery. */
export const mailOutbox = pgTable('mail_outbox', {
  id: uuid('id').primaryKey().defaultRandom(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html'),
  headers: jsonb('headers').$type<Record<string, string>>(),
  transport: text('transport', { enum: ['smtp', 'outbox'] }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
