import { Readable } from 'node:stream';
import { type DashboardKey, EXPORT_COLUMNS, type ZExportKeysQuery } from '@app/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client.js';
import { keyPolicies, keyProducts } from '../../../db/schema/index.js';
import { csvRecord } from '../../../platform/csv/csv.js';
import type { LicenceKeyList } from '../licence-key-list.js';

export type ExportKeys = z.output<typeof ZExportKeysQuery>;

/** Keys read per page: one keyset page of the list's index per round trip. */
export const EXPORT_PAGE_KEYS = 1000;
/** Bytes buffered ahead of a slow reader: less than one page, so at most one page is read ahead. */
const STREAM_BUFFER_BYTES = 64 * 1024;

/**
 * An owner's keys as CSV (decision 032), newest first, written page by page as the reader takes
 * them: a page of 1,000 keys (get-keys' keyset pages, so the product and customer filters use the
 * list's indexes) is read only when the stream wants more, so memory stays flat however many keys
 * there are, and a reader who goes away stops the reading. The status filter is applied to each
 * page after it is read: a status depends on the time (expiry), which no index holds, so a rare
 * status may cost reading every key. Products and policies are shown by code and name, looked up
 * once per export for the ids a page brings.
 */
export function exportKeysCsv(
  db: Db,
  list: LicenceKeyList,
  ownerId: string,
  query: ExportKeys,
  nowMs: number,
): Readable {
  const names = new ExportNames(db, ownerId);
  async function* pages() {
    yield Buffer.from(csvRecord(EXPORT_COLUMNS));
    let cursor: string | undefined;
    do {
      const page = await list.page(
        ownerId,
        {
          limit: EXPORT_PAGE_KEYS,
          cursor,
          product_id: query.product_id,
          customer: query.customer,
          is_active: query.is_active,
          at_limit: query.at_limit,
          search: query.search,
        },
        nowMs,
      );
      const keys = query.status ? page.keys.filter((key) => key.status === query.status) : page.keys;
      await names.learn(keys);
      let text = '';
      for (const key of keys) text += csvRecord(names.row(key));
      if (text) yield Buffer.from(text);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
  }
  return Readable.from(pages(), { objectMode: false, highWaterMark: STREAM_BUFFER_BYTES });
}

/** Product codes and policy names by id, read for the ids a page brings that are not known yet. */
class ExportNames {
  // Null: gone since the page was read (deleted), so not asked for again.
  private readonly products = new Map<string, string | null>();
  private readonly policies = new Map<string, string | null>();

  constructor(
    private readonly db: Db,
    private readonly ownerId: string,
  ) {}

  async learn(keys: readonly DashboardKey[]): Promise<void> {
    const products = unknownIds(
      keys.map((key) => key.product_id),
      this.products,
    );
    const policies = unknownIds(
      keys.flatMap((key) => (key.policy_id ? [key.policy_id] : [])),
      this.policies,
    );
    if (products.length > 0) {
      for (const id of products) this.products.set(id, null);
      const rows = await this.db
        .select({ id: keyProducts.id, code: keyProducts.code })
        .from(keyProducts)
        .where(and(eq(keyProducts.ownerId, this.ownerId), inArray(keyProducts.id, products)));
      for (const row of rows) this.products.set(row.id, row.code);
    }
    if (policies.length > 0) {
      for (const id of policies) this.policies.set(id, null);
      const rows = await this.db
        .select({ id: keyPolicies.id, name: keyPolicies.name })
        .from(keyPolicies)
        .where(and(eq(keyPolicies.ownerId, this.ownerId), inArray(keyPolicies.id, policies)));
      for (const row of rows) this.policies.set(row.id, row.name);
    }
  }

  /** A key's cells in EXPORT_COLUMNS order. */
  row(key: DashboardKey): (string | number | boolean | null)[] {
    const cells: Record<(typeof EXPORT_COLUMNS)[number], string | number | boolean | null> = {
      id: key.id,
      key: key.key,
      name: key.name,
      product: this.products.get(key.product_id) ?? null,
      policy: key.policy_id ? (this.policies.get(key.policy_id) ?? null) : null,
      status: key.status,
      is_active: key.is_active,
      suspended: key.suspended,
      trial: key.trial,
      max_activations: key.max_activations,
      current_activations: key.current_activations,
      expires_at: key.expires_at,
      customer_name: key.customer_name,
      customer_email: key.customer_email,
      customer_ref: key.customer_ref,
      created_at: key.created_at,
    };
    return EXPORT_COLUMNS.map((column) => cells[column]);
  }
}

function unknownIds(ids: readonly string[], known: ReadonlyMap<string, string | null>): string[] {
  return [...new Set(ids)].filter((id) => !known.has(id));
}
