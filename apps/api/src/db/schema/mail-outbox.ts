import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Every mail the product sends, recorded in the sender's transaction. With SMTP a `mail.deliver` job
 * delivers it (status queued → sent, or failed after the last retry); without SMTP (trial) the
 * table itself is the delivery (status outbox), read in the admin's Mail view.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    headers: jsonb('headers').$type<Record<string, string>>(),
    /** The sender's name when a feature chooses one (the licensee portal's owner, decision 036); the address stays MAIL_FROM's. */
    fromName: text('from_name'),
    transport: text('transport', { enum: ['smtp', 'outbox'] }).notNull(),
    status: text('status', { enum: ['queued', 'sent', 'failed', 'outbox'] })
      .notNull()
      .default('outbox'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('mail_outbox_created_idx').on(table.createdAt.desc(), table.id.desc())],
);
