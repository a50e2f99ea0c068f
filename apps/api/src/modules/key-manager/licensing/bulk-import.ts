import {
  BULK_LIMITS,
  type ImportKeysResponse,
  type ImportRowError,
  KEY_MANAGER_ERRORS,
  keyLimitMessage,
  NO_PLAN_MESSAGE,
  type ZImportKeysRequest,
} from '@app/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client.js';
import { keyProducts, licenceKeys } from '../../../db/schema/index.js';
import type { Clock } from '../../../platform/clock.js';
import { conflict } from '../../../platform/http/errors.js';
import type { CallContext } from '../call-context.js';
import { LicenceKeyList } from '../licence-key-list.js';
import type { KeyManagerPlans } from '../plans.js';
import {
  BULK_CHUNK_ROWS,
  type BulkKey,
  type BulkProgress,
  insertKeysUnderPlan,
  KEY_TAKEN_MESSAGE,
} from './bulk-insert.js';
import { type ImportRow, readImport } from './import-rows.js';
import { bareTerms } from './key-terms.js';
import type { KeyProducts } from './products.js';

export type ImportKeys = z.output<typeof ZImportKeysRequest>;
type ImportReply = Omit<ImportKeysResponse, 'status'>;

const rowsWord = (count: number) => `${count.toLocaleString('en-US')} row${count === 1 ? '' : 's'}`;
export const keysImportedMessage = (count: number) =>
  `${count.toLocaleString('en-US')} key${count === 1 ? '' : 's'} imported`;
const NO_ROWS_MESSAGE = 'The file has no rows below its header';

/**
 * Imports keys from CSV (decision 032), all or nothing: every row is checked — alone (import-rows.ts),
 * then against the owner's products and every owner's keys (keys are unique across owners) — and a
 * dry run, or any bad row, writes nothing. Otherwise all rows are written in one transaction under
 * the plan limit, as bulk issue writes (bulk-insert.ts); a row without a key gets a generated one.
 * Keys made without a policy: the row's activations and expiry, the row's product or the import's
 * (else the default product). Like bulk issue, no `key.created` webhooks (bulk-issue.ts says why).
 */
export class BulkImport {
  private readonly list: LicenceKeyList;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly plans: KeyManagerPlans,
    private readonly products: KeyProducts,
  ) {
    this.list = new LicenceKeyList(db);
  }

  /** `onProgress` hears the rows checked against existing keys, then the keys written (bulk-insert.ts). */
  async run(ctx: CallContext, input: ImportKeys, onProgress?: BulkProgress): Promise<ImportReply> {
    // The import's product first: another owner's (or no) product is a 404 whatever the file holds.
    const chosenProduct = input.productId
      ? (await this.products.byId(ctx.ownerId, input.productId)).id
      : null;
    const read = readImport(input.csv);
    const productIds = await this.productsOf(ctx.ownerId, read.valid, read.errors);
    await this.refuseTakenKeys(read.valid, read.errors, (done, total) =>
      onProgress?.('checking', done, total),
    );
    const errorCount = new Set(read.errors.map((error) => error.line)).size;
    const reply = (imported: number, message: string): ImportReply => ({
      message,
      dryRun: input.dryRun,
      rows: read.rows,
      imported,
      errorCount,
      errors: read.errors.sort((a, b) => a.line - b.line).slice(0, BULK_LIMITS.reportedErrorsMax),
    });
    if (errorCount > 0) {
      const bad = `${errorCount.toLocaleString('en-US')} of ${rowsWord(read.rows)} cannot be imported`;
      return reply(0, input.dryRun ? bad : `Nothing imported: ${bad}`);
    }
    if (read.rows === 0) return reply(0, NO_ROWS_MESSAGE);
    const plan = await this.plans.activePlanOf(ctx.ownerId);
    if (!plan) throw conflict(NO_PLAN_MESSAGE);
    if (input.dryRun) {
      // The limit as of now (the import itself checks it again under the lock).
      const { keys } = await this.list.counters(ctx.ownerId);
      if (plan.maxKeysAllowed > 0 && keys + read.rows > plan.maxKeysAllowed) {
        throw conflict(keyLimitMessage(plan.maxKeysAllowed));
      }
      return reply(0, `${rowsWord(read.rows)} can be imported`);
    }
    const fallback = chosenProduct ?? (await this.products.defaultId(ctx.ownerId));
    const keys = read.valid.map((row) => toBulkKey(row, productIds.get(row.product ?? '') ?? fallback));
    const inserted = await insertKeysUnderPlan(
      this.db,
      ctx,
      plan,
      keys,
      this.clock.now(),
      undefined,
      (done, total) => onProgress?.('writing', done, total),
      { action: 'keys.imported', target: null, detail: { rows: read.rows } },
    );
    return reply(inserted.length, keysImportedMessage(inserted.length));
  }

  /** The ids of the product codes the rows name; a row naming no product of the owner's is an error. */
  private async productsOf(ownerId: string, rows: ImportRow[], errors: ImportRowError[]) {
    const codes = [...new Set(rows.flatMap((row) => (row.product ? [row.product] : [])))];
    const ids = new Map<string, string>();
    // At most LICENSING_LIMITS.productsPerOwner codes can match; the rest are errors.
    for (let from = 0; from < codes.length; from += BULK_CHUNK_ROWS) {
      const found = await this.db
        .select({ id: keyProducts.id, code: keyProducts.code })
        .from(keyProducts)
        .where(
          and(
            eq(keyProducts.ownerId, ownerId),
            inArray(keyProducts.code, codes.slice(from, from + BULK_CHUNK_ROWS)),
          ),
        );
      for (const product of found) ids.set(product.code, product.id);
    }
    for (const row of rows) {
      if (row.product && !ids.has(row.product)) {
        errors.push({
          line: row.line,
          field: 'product',
          message: `${KEY_MANAGER_ERRORS.productNotFound.message}: "${row.product}"`,
        });
      }
    }
    return ids;
  }

  /** Keys are unique across every owner (the table's unique index): a row whose key exists is an error. */
  private async refuseTakenKeys(
    rows: ImportRow[],
    errors: ImportRowError[],
    onChecked: (done: number, total: number) => void,
  ) {
    const lines = new Map(rows.flatMap((row) => (row.key ? [[row.key, row.line] as const] : [])));
    const keys = [...lines.keys()];
    for (let from = 0; from < keys.length; from += BULK_CHUNK_ROWS) {
      onChecked(from, keys.length);
      const taken = await this.db
        .select({ key: licenceKeys.key })
        .from(licenceKeys)
        .where(inArray(licenceKeys.key, keys.slice(from, from + BULK_CHUNK_ROWS)));
      for (const { key } of taken) {
        errors.push({ line: lines.get(key) ?? 0, field: 'key', message: KEY_TAKEN_MESSAGE });
      }
    }
    onChecked(keys.length, keys.length);
  }
}

function toBulkKey(row: ImportRow, productId: string): BulkKey {
  const terms = bareTerms(productId, row.maxActivations);
  terms.expiresAt = row.expiresAt;
  return {
    key: row.key,
    line: row.line,
    name: row.name,
    note: row.note,
    terms,
    isActive: row.isActive,
    customerName: row.customerName,
    customerEmail: row.customerEmail,
    customerRef: row.customerRef,
  };
}
