import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Requests from the CRM marketing page (early access, demo, reserved spot), listed for admins. */
export const crmLeads = pgTable(
  'crm_leads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    company: text('company').notNull().default(''),
    intent: text('intent', { enum: ['early-access', 'demo', 'reserve-spot'] }).notNull(),
    message: text('message').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The admin Leads list (decision 026 (6)): newest first, optionally by intent, in keyset pages.
    index('crm_leads_created_page_idx').on(table.createdAt, table.id),
    index('crm_leads_intent_created_page_idx').on(table.intent, table.createdAt, table.id),
  ],
);
