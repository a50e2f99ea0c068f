import type { DashboardKey } from '@app/contract';
import { and, desc, eq, not, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { licenceKeyCounters, licenceKeys } from '../../db/schema/index.js';
import { LICENCE_KEY_KEY, LICENCE_KEY_NAME } from '../../db/searched-columns.js';
import {
  cursorPart,
  decodeCursor,
  exactTimestamp,
  isoTimestamp,
  keysetAfter,
  pageOf,
} from '../../platform/http/cursor.js';
import { containsSearch } from '../../platform/search/contains-search.js';

export interface KeyListQuery {
  limit: number;
  cursor?: string | undefined;
  search?: string | undefined;
  key?: string | undefined;
  is_active?: boolean | undefined;
  at_limit?: boolean | undefined;
}

export interface KeyCounters {
  keys: number;
  activeKeys: number;
  activations: number;
  /** Grows with every change to the owner's keys (the ETag of get-keys and data). */
  version: number;
}

const NO_COUNTERS: KeyCounters = { keys: 0, activeKeys: 0, activations: 0, version: 0 };

/** `max_activations > 0 and current_activations >= max_activations`: the partial index's predicate. */
const atLimit = sql`${licenceKeys.maxActivations} > 0 and ${licenceKeys.currentActivations} >= ${licenceKeys.maxActivations}`;

/**
 * A page reads only what the dashboard shows, in the reply's own shape (`toDashboard`'s fields, times
 * as ISO text from the database), plus the cursor's exact time: no device rules, entitlements (JSON)
 * or owner column to decode, no Date per time. Half of a page's CPU was decoding and re-encoding rows.
 */
const PAGE_COLUMNS = {
  id: licenceKeys.id,
  key: licenceKeys.key,
  is_active: licenceKeys.isActive,
  max_activations: licenceKeys.maxActivations,
  current_activations: licenceKeys.currentActivations,
  name: licenceKeys.name,
  note: licenceKeys.note,
  created_at: isoTimestamp(licenceKeys.createdAt),
  updated_at: isoTimestamp(licenceKeys.updatedAt),
  cursorAt: exactTimestamp(licenceKeys.createdAt),
};

/** A search matches the key or the name (pg_trgm GIN index on each). */
const SEARCHED = [LICENCE_KEY_KEY, LICENCE_KEY_NAME];

/**
 * The owner's licence keys, one keyset page at a time (decision 025): newest first, ties broken by
 * id, each filter on an indexed column — the page index (owner, created_at, id), its twin with
 * is_active, the partial at-limit index, and pg_trgm GIN indexes for substring search — so a page
 * costs the same with ten keys or a million.
 */
export class LicenceKeyList {
  constructor(private readonly db: Db) {}

  async page(
    ownerId: string,
    query: KeyListQuery,
  ): Promise<{ keys: DashboardKey[]; nextCursor: string | null }> {
    const rows = await (await this.pageQuery(ownerId, query)).statement;
    const page = pageOf(rows, query.limit, (row) => [row.cursorAt, row.id]);
    const keys = page.items.map(({ cursorAt: _, ...key }): DashboardKey => key);
    return { keys, nextCursor: page.nextCursor };
  }

  /**
   * The page's statement (`limit + 1` rows), also what tests and bench:scale EXPLAIN; wrapped, since
   * awaiting a Drizzle query runs it. A search reads the columns' ANALYZE samples first (cached).
   */
  async pageQuery(ownerId: string, query: KeyListQuery) {
    const after = decodeCursor(query.cursor, [cursorPart.timestamp, cursorPart.uuid]);
    const conditions: (SQL | undefined)[] = [eq(licenceKeys.ownerId, ownerId)];
    if (query.key !== undefined) conditions.push(eq(licenceKeys.key, query.key));
    if (query.is_active !== undefined) conditions.push(eq(licenceKeys.isActive, query.is_active));
    if (query.at_limit !== undefined) conditions.push(query.at_limit ? atLimit : not(atLimit));
    conditions.push(await containsSearch(this.db, query.search, SEARCHED));
    if (after) conditions.push(keysetAfter([licenceKeys.createdAt, licenceKeys.id], after));
    const statement = this.db
      .select(PAGE_COLUMNS)
      .from(licenceKeys)
      .where(and(...conditions))
      .orderBy(desc(licenceKeys.createdAt), desc(licenceKeys.id))
      .limit(query.limit + 1);
    return { statement };
  }

  /** The owner's maintained counts: one primary-key read, whatever the number of keys. */
  async counters(ownerId: string): Promise<KeyCounters> {
    const [row] = await this.db
      .select({
        keys: licenceKeyCounters.keys,
        activeKeys: licenceKeyCounters.activeKeys,
        activations: licenceKeyCounters.activations,
        version: licenceKeyCounters.version,
      })
      .from(licenceKeyCounters)
      .where(eq(licenceKeyCounters.ownerId, ownerId));
    return row ?? NO_COUNTERS;
  }
}
