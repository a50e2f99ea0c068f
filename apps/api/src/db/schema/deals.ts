import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { projects } from './projects.js';
import { users } from './users.js';

/** Raw bytes (PostgreSQL bytea): the PDF an accepted quote was frozen as. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** One line of a quote or an invoice; money is integer cents of the document's currency. */
export interface DealLineItem {
  description: string;
  quantity: number;
  unitAmount: number;
}

/** A milestone as a quote proposes it. */
export interface QuoteMilestoneTerms {
  title: string;
  amount: number;
  /** YYYY-MM-DD */
  dueDate: string;
}

/**
 * A priced offer for a project (decision 035). A project's quotes are its revisions, numbered from
 * 1: a new revision supersedes the open one, and a sent or decided revision is never edited again,
 * so the history is what the client saw. At most one revision per project is open (draft or sent).
 */
export const quotes = pgTable(
  'quotes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** The client account the project belongs to (its order's client), for the account's lists. */
    accountId: uuid('account_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    revision: integer('revision').notNull(),
    status: text('status', {
      enum: ['draft', 'sent', 'accepted', 'declined', 'superseded', 'withdrawn'],
    }).notNull(),
    currency: text('currency').notNull().default('usd'),
    lineItems: jsonb('line_items').$type<DealLineItem[]>().notNull(),
    milestones: jsonb('milestones').$type<QuoteMilestoneTerms[]>().notNull(),
    /** The one-off price: the line items' sum, which the milestones split. */
    totalCents: integer('total_cents').notNull(),
    /** The optional recurring part (the spec's recurringPayment and term). */
    recurringCents: integer('recurring_cents'),
    term: text('term', { enum: ['m', 'y'] }),
    validUntil: date('valid_until'),
    terms: text('terms').notNull().default(''),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** Who decided for the client: the person signed in, the name they typed, and from where. */
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    acceptedName: text('accepted_name'),
    decidedIp: text('decided_ip'),
    declineReason: text('decline_reason'),
    /** The PDF the quote was frozen as when accepted, and its SHA-256 (printed on the project). */
    acceptedPdf: bytea('accepted_pdf'),
    acceptedPdfSha256: text('accepted_pdf_sha256'),
  },
  (table) => [
    uniqueIndex('quotes_project_revision_idx').on(table.projectId, table.revision),
    uniqueIndex('quotes_project_open_idx')
      .on(table.projectId)
      .where(sql`${table.status} in ('draft', 'sent')`),
    // The admin's list newest first, optionally by status; a client account's quotes.
    index('quotes_created_page_idx').on(table.createdAt, table.id),
    index('quotes_status_created_page_idx').on(table.status, table.createdAt, table.id),
    index('quotes_account_idx').on(table.accountId, table.createdAt, table.id),
  ],
);

/**
 * A project's milestones, written from its accepted quote. Each can be invoiced once (an invoice's
 * `milestone_id`). The team delivers on it and the client approves it or asks for changes: its
 * status moves by those steps, recorded in milestone_events, with the deliverables in
 * milestone_deliverables (schema/deliverables.ts).
 */
export const projectMilestones = pgTable(
  'project_milestones',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    quoteId: uuid('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    amountCents: integer('amount_cents').notNull(),
    dueDate: date('due_date').notNull(),
    status: text('status', { enum: ['pending', 'delivered', 'changes requested', 'approved'] })
      .notNull()
      .default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex('project_milestones_project_position_idx').on(table.projectId, table.position)],
);

/**
 * An invoice (decision 035): numbered per year without gaps (invoice_counters, in the issuing
 * transaction), never deleted; `void` cancels one that should not be paid. Paid through the payment
 * providers (payments.invoice_id) or recorded by the admin (paid elsewhere, e.g. the payment link).
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Printed number, e.g. INV-2026-0001. */
    number: text('number').notNull().unique(),
    year: integer('year').notNull(),
    sequence: integer('sequence').notNull(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    quoteId: uuid('quote_id').references(() => quotes.id, { onDelete: 'set null' }),
    /** The milestone it bills; null for an invoice of the whole quote. */
    milestoneId: uuid('milestone_id').references(() => projectMilestones.id, { onDelete: 'set null' }),
    description: text('description').notNull(),
    lineItems: jsonb('line_items').$type<DealLineItem[]>().notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    /** Basis points (2000 = 20 %), as configured when it was issued. */
    taxRateBp: integer('tax_rate_bp').notNull().default(0),
    taxLabel: text('tax_label').notNull().default(''),
    taxCents: integer('tax_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: ['open', 'paid', 'void'] })
      .notNull()
      .default('open'),
    paidCents: integer('paid_cents').notNull().default(0),
    refundedCents: integer('refunded_cents').notNull().default(0),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    dueDate: date('due_date').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    issuedBy: uuid('issued_by').references(() => users.id, { onDelete: 'set null' }),
    remindersSent: integer('reminders_sent').notNull().default(0),
    lastReminderAt: timestamp('last_reminder_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('invoices_year_sequence_idx').on(table.year, table.sequence),
    // One invoice per milestone, unless the earlier one was voided.
    uniqueIndex('invoices_milestone_idx')
      .on(table.milestoneId)
      .where(sql`${table.milestoneId} is not null and ${table.status} <> 'void'`),
    index('invoices_issued_page_idx').on(table.issuedAt, table.id),
    index('invoices_status_issued_page_idx').on(table.status, table.issuedAt, table.id),
    index('invoices_account_idx').on(table.accountId, table.issuedAt, table.id),
    index('invoices_project_idx').on(table.projectId),
    index('invoices_open_due_idx').on(table.dueDate).where(sql`${table.status} = 'open'`),
    check('invoices_paid_not_negative', sql`${table.paidCents} >= 0 and ${table.refundedCents} >= 0`),
  ],
);

/**
 * The last invoice number handed out per year. Issuing an invoice bumps its year's row in the same
 * transaction that inserts the invoice: the row lock orders concurrent issues, and a rollback
 * returns the number, so numbers have no gaps.
 */
export const invoiceCounters = pgTable('invoice_counters', {
  year: integer('year').primaryKey(),
  last: integer('last').notNull(),
});

export type QuoteRow = typeof quotes.$inferSelect;
export type ProjectMilestoneRow = typeof projectMilestones.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;
