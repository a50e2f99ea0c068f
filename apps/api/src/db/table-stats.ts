import { inArray } from 'drizzle-orm';
import type { Db } from './client.js';
import { tableStats } from './schema/index.js';

/**
 * Reads of the trigger-kept table_stats rows (migration 0018, decision 026): one primary-key lookup
 * per name, whatever the size of the tables behind them.
 */
async function statsOf(db: Db, names: readonly string[]) {
  const rows = await db
    .select()
    .from(tableStats)
    .where(inArray(tableStats.name, [...names]));
  return new Map(rows.map((row) => [row.name, row]));
}

/**
 * The change versions of `tables`, as one string for an ETag. Read it BEFORE the rows it describes:
 * a change that commits in between then only costs one extra full reply, never a stale 304.
 */
export async function tableVersions(db: Db, tables: readonly string[]): Promise<string> {
  const stats = await statsOf(db, tables);
  return tables.map((name) => stats.get(name)?.version ?? 0).join('.');
}

/** Maintained row counts (`projects`, `projects:in progress`, `users:c`, …); 0 for a name never counted. */
export async function tableCounts<Name extends string>(
  db: Db,
  names: readonly Name[],
): Promise<Record<Name, number>> {
  const stats = await statsOf(db, names);
  return Object.fromEntries(names.map((name) => [name, Number(stats.get(name)?.rows ?? 0)])) as Record<
    Name,
    number
  >;
}
