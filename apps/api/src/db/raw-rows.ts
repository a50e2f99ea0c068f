import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { DbOrTransaction } from './client.js';

/**
 * Rows as the driver returns them, without Drizzle's mapping: objects keyed by each column's name or
 * alias, values as the driver parses them (int4 → number, bool → boolean, text as text, timestamps
 * as text, int8 as text or bigint — convert with `Number`). Drizzle's mapping resolves every cell's
 * decoder through `is()` prototype walks, 10–15 % of a list page's CPU; hot lists read raw rows.
 * The query listener (tests counting statements) still sees every statement.
 */
export async function rawRows<T>(db: DbOrTransaction, query: SQLWrapper): Promise<T[]> {
  return rowsOfResult<T>(await db.execute(query));
}

type PlaceholderValues = Record<string, unknown>;

/**
 * A prepared statement's rows, unmapped. Drizzle's node-postgres and PGlite prepared queries both
 * have `all()` (run it, named on PostgreSQL, and return the driver's rows), though the abstract type
 * does not declare it; the check makes a driver without it fail loudly, in every test of the lists.
 */
export async function preparedRawRows<T>(
  statement: { execute(values?: PlaceholderValues): Promise<unknown> },
  values: PlaceholderValues,
): Promise<T[]> {
  const { all } = statement as { all?: (values: PlaceholderValues) => Promise<unknown> };
  if (typeof all !== 'function')
    throw new Error('This database driver has no prepared all(): raw rows need it');
  return (await all.call(statement, values)) as T[];
}

/** The rows of a driver's result (node-postgres and PGlite both answer `{ rows }`). */
export function rowsOfResult<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * Select columns aliased by their keys (`expr as "key"`), so a raw row's keys are the select's keys
 * whatever the columns are called in the table.
 */
export function aliased<T extends Record<string, SQLWrapper>>(columns: T): { [K in keyof T]: SQL.Aliased } {
  return Object.fromEntries(
    Object.entries(columns).map(([key, column]) => [key, sql`${column}`.as(key)]),
  ) as { [K in keyof T]: SQL.Aliased };
}
