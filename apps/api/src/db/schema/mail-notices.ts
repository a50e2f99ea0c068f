import { bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Notices waiting to be mailed as one digest (decision 018): a burst of changes to one subject (a
 * project) becomes one mail per recipient. Written in the change's transaction; the `mail.digest`
 * job deletes the rows it mails in the mail's transaction, so a notice is mailed once, and a
 * restart loses nothing.
 */
export const mailNotices = pgTable(
  'mail_notices',
  {
    /** Insertion order: the digest lists the notices as they happened. */
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Which digest composes the mail, e.g. `project`. */
    kind: text('kind').notNull(),
    /** What the notices are about within the kind, e.g. a project id. */
    topic: text('topic').notNull(),
    recipient: text('recipient').notNull(),
    line: text('line').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('mail_notices_digest_idx').on(table.kind, table.topic, table.recipient, table.id)],
);
