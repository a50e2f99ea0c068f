import { Param, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * `column = any($n::uuid[])`: a page's ids as one array parameter. Drizzle's `inArray` writes a
 * parameter per id, and building fifty of them (and PostgreSQL parsing them) was a large part of a
 * list page's CPU; `= any(array)` uses the same index. `Param` keeps the array whole.
 */
export const anyUuid = (column: AnyPgColumn, ids: readonly string[]): SQL =>
  sql`${column} = any(${new Param([...ids])}::uuid[])`;
