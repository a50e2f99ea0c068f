import { PROPERTY_STATUSES, type PropertyKind, type PropertyListQuery } from '@app/contract';
import { and, desc, eq, inArray, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { exactTimestamp, keysetAfter } from '../../db/keyset.js';
import { prepareKeysetPages, readKeysetPage } from '../../db/keyset-pages.js';
import { aliased, rawRows } from '../../db/raw-rows.js';
import { properties } from '../../db/schema/index.js';
import { cursorPart, decodeCursor } from '../../platform/http/cursor.js';
import { containsSearch } from '../../platform/search/contains-search.js';
import { PROPERTY_ADDRESS } from '../../platform/search/searched-columns.js';
import { LISTING_COLUMNS, type ListingRow } from './property-mapper.js';
import { listCountries } from './reference-data.js';

/** Whose listings a page walks: the owner's whole business, or one agent's assignments. */
export type PropertyScope = { businessId: string } | { agentId: string };

/**
 * The statement of one keyset page of listings (decision 030): newest first on
 * (created_at, id), `limit + 1` rows. The owner walks (business, kind, created_at, id), an agent
 * (agent, kind, created_at, id), so an agent's cursor only ever reaches their own listings. `search`
 * matches the address (trigram index) or a status or country whose name contains the term (names are
 * reference data in code: the term becomes `status_id in (…)` / `country_code in (…)`, each with its
 * index). Also run by `npm run bench:scale` for its EXPLAINs.
 */
export async function propertyPageQuery(
  db: Db,
  scope: PropertyScope,
  kind: PropertyKind,
  query: PropertyListQuery,
) {
  const after = decodeCursor(query.cursor, [cursorPart.timestamp, cursorPart.uuid]);
  const search = await searchCondition(db, query.search);
  const statement = listingPage(
    db,
    'agentId' in scope ? { agentId: scope.agentId } : { businessId: scope.businessId },
    kind,
    and(search, keysetAfter([properties.createdAt, properties.id], after)),
    query.limit + 1,
  );
  // Wrapped: awaiting a Drizzle query runs it, and callers (bench:scale) EXPLAIN it first. Run it with
  // `rawRows` (its columns are aliased for that).
  return { statement };
}

/** A listing page's row as the driver returns it. */
export type ListingPageRow = ListingRow & { cursorAt: string };

/** A listing page's columns: the listing and its creation time, exact (the cursor's key). */
export const LISTING_PAGE_COLUMNS = {
  ...LISTING_COLUMNS,
  ...aliased({ cursorAt: exactTimestamp(properties.createdAt) }),
};

/** A value, or a prepared statement's placeholder for one. */
type Bound<T> = T | Placeholder;

/** One page's statement, `limit` rows newest first: every listing page shape is built here. */
function listingPage(
  db: Db,
  scope: { businessId: Bound<string> } | { agentId: Bound<string> },
  kind: Bound<PropertyKind>,
  where: SQL | undefined,
  limit: Bound<number>,
) {
  return db
    .select(LISTING_PAGE_COLUMNS)
    .from(properties)
    .where(
      and(
        'agentId' in scope
          ? eq(properties.agentId, scope.agentId)
          : eq(properties.businessId, scope.businessId),
        eq(properties.kind, kind),
        where,
      ),
    )
    .orderBy(desc(properties.createdAt), desc(properties.id))
    .limit(limit);
}

/**
 * A business's or an agent's listings of one kind, a keyset page at a time. Without a search the
 * first and next pages are prepared statements (`db/keyset-pages.ts`; placeholders `scope`, the
 * business or agent, and `kind`); a search builds `propertyPageQuery`'s statement.
 */
export class ListingPages {
  private plain: ReturnType<typeof prepareListingPages> | undefined;

  constructor(private readonly db: Db) {}

  /** `limit + 1` rows of the page `query` asks for, as the driver returns them. */
  async read(scope: PropertyScope, kind: PropertyKind, query: PropertyListQuery): Promise<ListingPageRow[]> {
    if (query.search?.trim()) {
      const { statement } = await propertyPageQuery(this.db, scope, kind, query);
      return rawRows<ListingPageRow>(this.db, statement);
    }
    this.plain ??= prepareListingPages(this.db);
    const after = decodeCursor(query.cursor, [cursorPart.timestamp, cursorPart.uuid]);
    const pages = 'agentId' in scope ? this.plain.agent : this.plain.business;
    return readKeysetPage(pages, after, query.limit, {
      scope: 'agentId' in scope ? scope.agentId : scope.businessId,
      kind,
    });
  }
}

function prepareListingPages(db: Db) {
  const kind = sql.placeholder('kind');
  const keyset = [properties.createdAt, properties.id] as const;
  return {
    business: prepareKeysetPages('listings_business', keyset, (after, limit) =>
      listingPage(db, { businessId: sql.placeholder('scope') }, kind, after, limit),
    ),
    agent: prepareKeysetPages('listings_agent', keyset, (after, limit) =>
      listingPage(db, { agentId: sql.placeholder('scope') }, kind, after, limit),
    ),
  };
}

async function searchCondition(db: Db, search: string | undefined): Promise<SQL | undefined> {
  const address = await containsSearch(db, search, [PROPERTY_ADDRESS]);
  if (!address) return undefined;
  const term = search?.trim().toLowerCase() ?? '';
  const statusIds = PROPERTY_STATUSES.filter((s) => s.status.toLowerCase().includes(term)).map((s) => s.id);
  const countryCodes = listCountries()
    .filter((country) => country.name.toLowerCase().includes(term))
    .map((country) => country.id);
  return or(
    address,
    statusIds.length > 0 ? inArray(properties.statusId, statusIds) : undefined,
    countryCodes.length > 0 ? inArray(properties.countryCode, countryCodes) : undefined,
  );
}
