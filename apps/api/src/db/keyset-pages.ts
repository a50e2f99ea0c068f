import { type Placeholder, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { keysetAfter } from './keyset.js';
import { preparedRawRows } from './raw-rows.js';

/** What `preparedRawRows` runs: a Drizzle prepared statement. */
type Prepared = { execute(values?: Record<string, unknown>): Promise<unknown> };

/** A list's first-page and next-page statements, prepared. */
export interface KeysetPages {
  first: Prepared;
  next: Prepared;
}

/**
 * A list's two commonest shapes — the first page, and the next one after a cursor's (time, id) —
 * with no search or filter, built once and prepared as `<name>_first_page` and `<name>_next_page`.
 * Building a page's statement was a tenth to a sixth of its CPU, and PostgreSQL parses a prepared
 * one once per connection. `page` builds the list's statement from the keyset condition and the
 * limit (placeholders `at`, `id` and `limit`); its other placeholders are bound by `readKeysetPage`.
 */
export function prepareKeysetPages(
  name: string,
  keyset: readonly [SQLWrapper, SQLWrapper],
  page: (after: SQL | undefined, limit: Placeholder) => { prepare(name: string): Prepared },
): KeysetPages {
  const limit = sql.placeholder('limit');
  const after = keysetAfter(keyset, [sql.placeholder('at'), sql.placeholder('id')]);
  return {
    first: page(undefined, limit).prepare(`${name}_first_page`),
    next: page(after, limit).prepare(`${name}_next_page`),
  };
}

/**
 * `limit + 1` rows (the extra one tells whether another page exists) as the driver returns them: the
 * page after `after` (a decoded cursor: time, id), else the first. `values` binds the statements'
 * other placeholders (the owner, the scope, …).
 */
export function readKeysetPage<T>(
  pages: KeysetPages,
  after: readonly string[] | undefined,
  limit: number,
  values: Record<string, unknown> = {},
): Promise<T[]> {
  const bound = { ...values, limit: limit + 1 };
  return after
    ? preparedRawRows<T>(pages.next, { ...bound, at: after[0], id: after[1] })
    : preparedRawRows<T>(pages.first, bound);
}
