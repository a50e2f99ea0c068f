import { bigint, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * Maintained by statement-level triggers (migration 0016, decision 026): `version` grows with every
 * statement that changes the table named by `name` (list ETags read it instead of the rows), and
 * `rows` counts its rows, or the rows of one group (`projects:in progress`, `users:c`), so dashboard
 * counters are one primary-key read each.
 */
export const tableStats = pgTable('table_stats', {
  name: text('name').primaryKey(),
  rows: bigint('rows', { mode: 'number' }).notNull().default(0),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});
