import { pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { planSubscriptions } from './catalog.js';

/**
 * Reminder mails already sent, one per subscription, kind and billing period: the scheduled job can
 * run on every instance, twice, or late, and each reminder still goes out once.
 */
export const billingReminders = pgTable(
  'billing_reminders',
  {
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => planSubscriptions.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['ending-soon', 'grace-started', 'suspended'] }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.subscriptionId, table.kind, table.periodEnd] })],
);
