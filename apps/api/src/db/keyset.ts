import { type Placeholder, type SQL, type SQLWrapper, sql } from 'drizzle-orm';

// The SQL side of list pages: keyset conditions, exact cursor times and substring patterns. The
// HTTP side (opaque cursor tokens, pages of replies) is platform/http/cursor.ts.

/**
 * A timestamp column as exact text (microseconds, UTC) for a cursor: a JavaScript Date keeps only
 * milliseconds, and a cursor rounded to them would skip rows created in the same millisecond.
 */
export const exactTimestamp = (column: SQLWrapper) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * A timestamp as a reply shows it: what `Date#toISOString` writes (milliseconds, truncated as
 * node-postgres truncates them), formatted by the database so a page of rows costs no Date parsing
 * and formatting on the event loop.
 */
export const isoTimestamp = (column: SQLWrapper) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A `%term%` ILIKE pattern with the user's own `%`, `_` and `\` taken literally; null for no search. */
export function containsPattern(search: string | undefined): string | null {
  const term = search?.trim();
  return term ? `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
}

/**
 * The keyset condition for the rows after a cursor's (timestamp, uuid, …) key: `(t, id) < key` for a
 * newest-first list, `>` for an oldest-first one; no condition without a cursor. The row comparison
 * is what lets a composite (t, id) index serve the page. Every column after the timestamp is a uuid
 * (a staff member's assignments sort by (order time, order id, project id)). The key's parts may be a
 * prepared statement's placeholders.
 */
export function keysetAfter(
  columns: readonly [SQLWrapper, SQLWrapper, ...SQLWrapper[]],
  after: readonly (string | Placeholder)[] | undefined,
  order: 'newest-first' | 'oldest-first' = 'newest-first',
): SQL | undefined {
  if (!after) return undefined;
  const [at, ...ids] = columns;
  const left = sql.join(
    [at, ...ids].map((column) => sql`${column}`),
    sql`, `,
  );
  const right = sql.join(
    [sql`${after[0]}::timestamptz`, ...ids.map((_, index) => sql`${after[index + 1]}::uuid`)],
    sql`, `,
  );
  return order === 'newest-first' ? sql`(${left}) < (${right})` : sql`(${left}) > (${right})`;
}
