import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rawRows } from '../../db/raw-rows.js';
import { ReadThroughCache } from '../cache/read-through-cache.js';

/**
 * What ANALYZE keeps about a text column (or an index's expression): the share of NULLs, the most
 * common values with their shares, and a histogram of the rest — the sample the planner itself
 * matches a LIKE pattern against to estimate its rows. `pg_stats` shows it as `tablename`/`attname`;
 * an expression index's column is the index's name and `expr`.
 */
export interface ColumnSample {
  nullShare: number;
  common: { value: string; share: number }[];
  histogram: string[];
}

/** Where `pg_stats` keeps a column's sample. */
export interface SampleOf {
  table: string;
  column: string;
}

/** A sample is re-read at most once a minute: autovacuum re-analyses a table after ~10 % of it changed. */
const SAMPLE_TTL_MS = 60_000;

/** Per database handle (each app, and each test file's app, has its own), forgotten with it. */
const caches = new WeakMap<Db, ReadThroughCache<ColumnSample>>();

/** The column's sample from the last ANALYZE, or null when the table has not been analysed yet. */
export function columnSample(db: Db, of: SampleOf): Promise<ColumnSample | null> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new ReadThroughCache<ColumnSample>({ ttlMs: SAMPLE_TTL_MS, rememberMisses: true });
    caches.set(db, cache);
  }
  return cache.read(`${of.table}.${of.column}`, () => readSample(db, of));
}

type SampleRow = {
  null_frac: number | string | null;
  common: string[] | null;
  shares: (number | string)[] | null;
  histogram: string[] | null;
};

async function readSample(db: Db, of: SampleOf): Promise<ColumnSample | null> {
  const [row] = await rawRows<SampleRow>(
    db,
    sql`
    select null_frac, most_common_vals::text::text[] as common, most_common_freqs as shares,
      histogram_bounds::text::text[] as histogram
    from pg_stats
    where schemaname = current_schema() and tablename = ${of.table} and attname = ${of.column}
      and not inherited`,
  );
  if (!row) return null;
  const shares = (row.shares ?? []).map(Number);
  return {
    nullShare: Number(row.null_frac ?? 0),
    common: (row.common ?? []).map((value, index) => ({ value, share: shares[index] ?? 0 })),
    histogram: row.histogram ?? [],
  };
}
