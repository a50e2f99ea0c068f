import { type AnyColumn, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { containsPattern } from '../../db/keyset.js';
import { columnSample, type SampleOf } from './column-sample.js';
import { rareWordsOf } from './search-words.js';

/** A trigram-indexed text column (or the indexed expression) and where ANALYZE keeps its sample. */
export interface SearchedColumn {
  sql: AnyColumn | SQL;
  sample: SampleOf;
}

/**
 * "Any of `columns` contains the search" (ILIKE `%term%`, LIKE's own characters literal), or
 * undefined without a search: the one way the lists build a substring search (decision 025).
 *
 * Per column, a term whose words are all uncommon, or that is common itself, stays one
 * `column ILIKE '%term%'`, as before: the planner either reads the trigram index or walks the
 * newest-first index until a page is full. A rare term with a common word ("Customer 4242" where
 * every name holds "customer") becomes `column ILIKE '%4242%' and (column || '') ILIKE
 * '%Customer 4242%'`: the trigram index is asked for the uncommon words only, and the whole term is
 * rechecked on the rows they find — through `|| ''`, an expression no index has, so the planner
 * cannot fold it back into the index scan and read the common word's posting lists after all. Each
 * word is a substring of the term, so the rows matched are exactly those `ILIKE '%term%'` matches.
 */
export async function containsSearch(
  db: Db,
  search: string | undefined,
  columns: readonly SearchedColumn[],
): Promise<SQL | undefined> {
  const pattern = containsPattern(search);
  if (!pattern || !search) return undefined;
  const term = search.trim();
  const matches = await Promise.all(
    columns.map(async (column) => {
      const words = rareWordsOf(term, await columnSample(db, column.sample));
      if (!words) return ilike(column.sql, pattern);
      const found = words.map((word) => ilike(column.sql, `%${word}%`));
      return sql`(${sql.join(found, sql` and `)} and (${column.sql} || '') ilike ${pattern})`;
    }),
  );
  return matches.length === 1 ? matches[0] : or(...matches);
}
