import { sql } from 'drizzle-orm';
import { date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { storedFiles } from './stored-files.js';
import { users } from './users.js';

/**
 * One project request (docs/product-contract.md §Entities) by a client; it holds one project per chosen
 * platform.
 */
export const projectOrders = pgTable(
  'project_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    proposalLink: text('proposal_link'),
    designsLink: text('designs_link'),
    designTemplates: jsonb('design_templates').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // (client, created_at, id): the client's orders in keyset pages, newest first; (created_at, id): the
  // admin's discussions list, all orders newest first (decision 026 (6)).
  (table) => [
    index('project_orders_client_idx').on(table.clientId, table.createdAt, table.id),
    index('project_orders_created_page_idx').on(table.createdAt, table.id),
  ],
);

/** Files uploaded with an order; the bytes and their access policy live in stored_files. */
export const projectOrderFiles = pgTable(
  'project_order_files',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => projectOrders.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => storedFiles.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['proposal', 'design'] }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.orderId, table.fileId] }),
    index('project_order_files_file_idx').on(table.fileId),
  ],
);

export const projects = pgTable(
  'projects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => projectOrders.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    // An APPLICATION_TYPES id from the contract: fixed reference data, not a table.
    typeId: integer('type_id').notNull(),
    status: text('status', {
      enum: ['waiting for approval', 'approved', 'in progress', 'complete', 'finished'],
    })
      .notNull()
      .default('waiting for approval'),
    startDate: date('start_date'),
    endDate: date('end_date'),
    // Null until someone reports progress, so the overall figure can say 'Data not available'.
    frontendProgress: integer('frontend_progress'),
    backendProgress: integer('backend_progress'),
    databaseProgress: integer('database_progress'),
    totalPaymentCents: integer('total_payment_cents'),
    recurringPaymentCents: integer('recurring_payment_cents'),
    term: text('term', { enum: ['m', 'y'] }),
    paymentInformation: text('payment_information'),
    paymentLink: text('payment_link'),
    /**
     * How many staff members are assigned (project_employees rows): kept by a trigger on
     * project_employees (migration 0019, decision 026), never written by code. It lets the
     * table_stats trigger keep the dashboard's "needs employees" count from projects rows alone.
     */
    employeeCount: integer('employee_count').notNull().default(0),
    /**
     * Since when the project's service is withheld from the client: an invoice stayed unpaid past its
     * due date and the grace period (decision 035). Cleared when nothing overdue is left.
     */
    paymentHoldSince: timestamp('payment_hold_since', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('projects_order_idx').on(table.orderId),
    index('projects_status_idx').on(table.status),
    // The admin projects list (decision 026): newest first, optionally by status, in keyset pages.
    index('projects_created_page_idx').on(table.createdAt, table.id),
    index('projects_status_created_page_idx').on(table.status, table.createdAt, table.id),
  ],
);

export const projectEmployees = pgTable(
  'project_employees',
  {
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    employeeId: uuid('employee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * The project's order and that order's created_at, copied next to the assignment so a staff
     * member's projects and discussions walk one index newest order first (decision 030 (8)).
     * Filled by a BEFORE INSERT trigger (migration 0022), never by code: an insert leaves them to it
     * (`default`, replaced by the trigger before the NOT NULL check).
     * No route changes an order's time or a project's order; should anyone do it in SQL, triggers on
     * project_orders and projects (migration 0023) bring the copies along.
     */
    orderId: uuid('order_id')
      .notNull()
      .$defaultFn(() => sql`default`),
    orderCreatedAt: timestamp('order_created_at', { withTimezone: true })
      .notNull()
      .$defaultFn(() => sql`default`),
  },
  (table) => [
    primaryKey({ columns: [table.projectId, table.employeeId] }),
    // A staff member's assignments newest order first (keyset pages); also serves per-employee counts.
    index('project_employees_employee_idx').on(
      table.employeeId,
      table.orderCreatedAt,
      table.orderId,
      table.projectId,
    ),
  ],
);

/** What happened to a project, shown to the client as its activity list (and mailed). */
export const projectActivities = pgTable(
  'project_activities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('project_activities_project_idx').on(table.projectId)],
);

export type ProjectRow = typeof projects.$inferSelect;
export type ProjectOrderRow = typeof projectOrders.$inferSelect;
