import type { DashboardKey } from '@app/contract';
import { and, desc, eq, not, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { exactTimestamp, isoTimestamp, keysetAfter } from '../../db/keyset.js';
import { type KeysetPages, prepareKeysetPages, readKeysetPage } from '../../db/keyset-pages.js';
import { aliased, rawRows } from '../../db/raw-rows.js';
import { licenceKeyCounters, licenceKeys } from '../../db/schema/index.js';
import { cursorPart, decodeCursor, pageOf } from '../../platform/http/cursor.js';
import { containsSearch } from '../../platform/search/contains-search.js';
import {
  LICENCE_KEY_CUSTOMER_EMAIL,
  LICENCE_KEY_CUSTOMER_NAME,
  LICENCE_KEY_KEY,
  LICENCE_KEY_NAME,
} from '../../platform/search/searched-columns.js';
import { dashboardStatus } from './dashboard-key.js';

export interface KeyListQuery {
  limit: number;
  cursor?: string | undefined;
  search?: string | undefined;
  key?: string | undefined;
  is_active?: boolean | undefined;
  at_limit?: boolean | undefined;
  product_id?: string | undefined;
  customer?: string | undefined;
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
 * Aliased by key and read as the driver's rows (`rawRows`): Drizzle's per-cell mapping was another 13 %.
 */
const PAGE_COLUMNS = aliased({
  id: licenceKeys.id,
  key: licenceKeys.key,
  is_active: licenceKeys.isActive,
  max_activations: licenceKeys.maxActivations,
  current_activations: licenceKeys.currentActivations,
  name: licenceKeys.name,
  note: licenceKeys.note,
  created_at: isoTimestamp(licenceKeys.createdAt),
  updated_at: isoTimestamp(licenceKeys.updatedAt),
  product_id: licenceKeys.productId,
  policy_id: licenceKeys.policyId,
  expires_at: isoTimestamp(licenceKeys.expiresAt),
  suspended: licenceKeys.suspended,
  trial: licenceKeys.trial,
  customer_name: licenceKeys.customerName,
  customer_email: licenceKeys.customerEmail,
  customer_ref: licenceKeys.customerRef,
  cursorAt: exactTimestamp(licenceKeys.createdAt),
});

/** A page's row as the driver returns it (`rawRows`): the reply's key, the cursor's time and the counter. */
interface PageRow extends Omit<DashboardKey, 'status' | 'expires_at'> {
  expires_at: string | null;
  cursorAt: string;
  /** The owner's change counter (int8: text or bigint from the driver); null without counters yet. */
  version: string | number | bigint | null;
}

/** A value, or a prepared statement's placeholder for one. */
type Bound = string | Placeholder;

/** The owner's change counter, read once per statement (an uncorrelated subquery: an InitPlan). */
const versionOf = (ownerId: Bound) =>
  sql`(select ${licenceKeyCounters.version} from ${licenceKeyCounters} where ${licenceKeyCounters.ownerId} = ${ownerId})`.as(
    'version',
  );

/** One page's statement, `limit + 1` rows newest first: every list shape is built here. */
function pageStatement(db: Db, ownerId: Bound, conditions: (SQL | undefined)[], limit: number | Placeholder) {
  return db
    .select({ ...PAGE_COLUMNS, version: versionOf(ownerId) })
    .from(licenceKeys)
    .where(and(eq(licenceKeys.ownerId, ownerId), ...conditions))
    .orderBy(desc(licenceKeys.createdAt), desc(licenceKeys.id))
    .limit(limit);
}

/** The first and next pages with no filter or search, prepared (`db/keyset-pages.ts`). */
const preparePlainPages = (db: Db) =>
  prepareKeysetPages('licence_keys', [licenceKeys.createdAt, licenceKeys.id], (after, limit) =>
    pageStatement(db, sql.placeholder('owner'), [after], limit),
  );

/** A licensee named by exact email (stored lower-case) or the developer's customer id (partial indexes). */
export const customerIs = (customer: string) =>
  sql`(${licenceKeys.customerEmail} = ${customer.toLowerCase()} or ${licenceKeys.customerRef} = ${customer})`;

/** A search matches the key, the name or the licensee's name or email (pg_trgm GIN index on each). */
const SEARCHED = [LICENCE_KEY_KEY, LICENCE_KEY_NAME, LICENCE_KEY_CUSTOMER_NAME, LICENCE_KEY_CUSTOMER_EMAIL];

/**
 * The owner's licence keys, one keyset page at a time (decision 025): newest first, ties broken by
 * id, each filter on an indexed column — the page index (owner, created_at, id), its twin with
 * is_active, the partial at-limit index, and pg_trgm GIN indexes for substring search — so a page
 * costs the same with ten keys or a million.
 */
export class LicenceKeyList {
  private plainPages: KeysetPages | undefined;

  constructor(private readonly db: Db) {}

  /**
   * A page and the owner's change counter as of the same snapshot (`version`, the ETag's part): one
   * round trip. Reading the counter first cost a second one per page, and under load each query's
   * wake-up of a database backend was the largest single cost of a page on the event loop.
   */
  async page(
    ownerId: string,
    query: KeyListQuery,
    nowMs: number,
  ): Promise<{ keys: DashboardKey[]; nextCursor: string | null; version: number }> {
    let rows = await this.rowsOf(ownerId, query);
    if (rows.length === 0) {
      // No row carries the counter. Read it first and the page again: a key added in between then
      // makes the next poll fetch it, where a counter read after the page would hide it behind a
      // tag that already counts it.
      const { version } = await this.counters(ownerId);
      rows = await this.rowsOf(ownerId, query);
      if (rows.length === 0) return { keys: [], nextCursor: null, version };
    }
    const page = pageOf(rows, query.limit, (row) => [row.cursorAt, row.id]);
    const keys = page.items.map(
      ({ cursorAt: _c, version: _v, ...key }): DashboardKey => ({
        ...key,
        status: dashboardStatus(key, nowMs),
      }),
    );
    return { keys, nextCursor: page.nextCursor, version: Number(rows[0]?.version ?? 0) };
  }

  private async rowsOf(ownerId: string, query: KeyListQuery): Promise<PageRow[]> {
    const plain =
      query.key === undefined &&
      query.is_active === undefined &&
      query.at_limit === undefined &&
      query.product_id === undefined &&
      query.customer === undefined &&
      !query.search?.trim();
    if (!plain) return rawRows<PageRow>(this.db, (await this.pageQuery(ownerId, query)).statement);
    this.plainPages ??= preparePlainPages(this.db);
    const after = decodeCursor(query.cursor, [cursorPart.timestamp, cursorPart.uuid]);
    return readKeysetPage<PageRow>(this.plainPages, after, query.limit, { owner: ownerId });
  }

  /**
   * The page's statement (`limit + 1` rows), also what tests and bench:scale EXPLAIN; wrapped, since
   * awaiting a Drizzle query runs it. A search reads the columns' ANALYZE samples first (cached).
   * Without filters it has the prepared statements' shape.
   */
  async pageQuery(ownerId: string, query: KeyListQuery) {
    const after = decodeCursor(query.cursor, [cursorPart.timestamp, cursorPart.uuid]);
    const conditions: (SQL | undefined)[] = [];
    if (query.key !== undefined) conditions.push(eq(licenceKeys.key, query.key));
    if (query.is_active !== undefined) conditions.push(eq(licenceKeys.isActive, query.is_active));
    if (query.at_limit !== undefined) conditions.push(query.at_limit ? atLimit : not(atLimit));
    if (query.product_id !== undefined) conditions.push(eq(licenceKeys.productId, query.product_id));
    if (query.customer !== undefined) conditions.push(customerIs(query.customer));
    conditions.push(await containsSearch(this.db, query.search, SEARCHED));
    if (after) conditions.push(keysetAfter([licenceKeys.createdAt, licenceKeys.id], after));
    return { statement: pageStatement(this.db, ownerId, conditions, query.limit + 1) };
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
