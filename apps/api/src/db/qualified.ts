import { getTableName, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * `"table"."column"`, always qualified. In a select's fields Drizzle writes a column of the queried
 * table unqualified, so inside a correlated subquery (a count, a list of photo ids per row) an
 * unqualified `id` silently means the subquery's own table's `id`.
 */
export const qualified = (column: AnyPgColumn): SQL =>
  sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
