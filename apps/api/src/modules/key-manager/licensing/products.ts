import {
  DEFAULT_PRODUCT,
  DEFAULT_PRODUCT_DELETE_MESSAGE,
  KEY_MANAGER_ERRORS,
  KEY_PRODUCT_NOT_FOUND_MESSAGE,
  type KeyProduct,
  LICENSING_LIMITS,
  PRODUCT_CODE_TAKEN_MESSAGE,
  PRODUCT_HAS_KEYS_MESSAGE,
  PRODUCT_LIMIT_MESSAGE,
} from '@app/contract';
import { and, count, desc, eq } from 'drizzle-orm';
import type { Db, DbOrTransaction } from '../../../db/client.js';
import { exactTimestamp, keysetAfter } from '../../../db/keyset.js';
import { type KeyProductRow, keyProducts, licenceKeys, managerApiKeys } from '../../../db/schema/index.js';
import { cursorPart, decodeCursor, pageOf } from '../../../platform/http/cursor.js';
import { conflict, notFound, refusal } from '../../../platform/http/errors.js';
import type { CallContext } from '../call-context.js';
import { auditKeyAction } from '../key-audit.js';

/** Owners whose default product id is remembered (it never changes once made). */
const DEFAULT_IDS_MAX = 50_000;

/** The API-key restriction message when a product still has restricted API keys. */
const PRODUCT_HAS_API_KEYS_MESSAGE =
  'API keys are restricted to this product. Revoke them before deleting it.';

/**
 * An owner's products (decision 032). Every key belongs to one; the default product is made the
 * first time an owner needs it (a key made without naming a product).
 */
export class KeyProducts {
  private readonly defaultIds = new Map<string, string>();

  constructor(private readonly db: Db) {}

  /** The owner's default product id, made on first use (idempotent under races). */
  async defaultId(ownerId: string, db: DbOrTransaction = this.db): Promise<string> {
    const known = this.defaultIds.get(ownerId);
    if (known) return known;
    await db
      .insert(keyProducts)
      .values({ ownerId, code: DEFAULT_PRODUCT.code, name: DEFAULT_PRODUCT.name, isDefault: true })
      .onConflictDoNothing();
    const [row] = await db
      .select({ id: keyProducts.id })
      .from(keyProducts)
      .where(and(eq(keyProducts.ownerId, ownerId), eq(keyProducts.isDefault, true)));
    if (!row) throw new Error('default product missing after insert');
    if (this.defaultIds.size >= DEFAULT_IDS_MAX) this.defaultIds.clear();
    this.defaultIds.set(ownerId, row.id);
    return row.id;
  }

  async create(ownerId: string, code: string, name: string, ctx?: CallContext): Promise<KeyProduct> {
    await this.defaultId(ownerId);
    const [{ products } = { products: 0 }] = await this.db
      .select({ products: count() })
      .from(keyProducts)
      .where(eq(keyProducts.ownerId, ownerId));
    if (products >= LICENSING_LIMITS.productsPerOwner) throw conflict(PRODUCT_LIMIT_MESSAGE);
    const row = await this.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(keyProducts)
        .values({ ownerId, code, name })
        .onConflictDoNothing()
        .returning();
      if (!created) throw conflict(PRODUCT_CODE_TAKEN_MESSAGE, 'code');
      if (ctx)
        await auditKeyAction(tx, ctx, { action: 'product.created', target: code, after: { code, name } });
      return created;
    });
    return toProduct(row);
  }

  async rename(ownerId: string, id: string, name: string, ctx?: CallContext): Promise<KeyProduct> {
    const row = await this.db.transaction(async (tx) => {
      const [before] = await tx
        .select({ name: keyProducts.name })
        .from(keyProducts)
        .where(and(eq(keyProducts.id, id), eq(keyProducts.ownerId, ownerId)))
        .for('update');
      if (!before) throw notFound(KEY_PRODUCT_NOT_FOUND_MESSAGE);
      const [after] = await tx.update(keyProducts).set({ name }).where(eq(keyProducts.id, id)).returning();
      if (!after) throw notFound(KEY_PRODUCT_NOT_FOUND_MESSAGE);
      if (ctx && before.name !== after.name) {
        await auditKeyAction(tx, ctx, {
          action: 'product.changed',
          target: after.code,
          before: { name: before.name },
          after: { name: after.name },
        });
      }
      return after;
    });
    return toProduct(row);
  }

  /** Only a product without keys or restricted API keys; never the default one. */
  async remove(ownerId: string, id: string, ctx?: CallContext): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(keyProducts)
        .where(and(eq(keyProducts.id, id), eq(keyProducts.ownerId, ownerId)))
        .for('update');
      if (!row) throw notFound(KEY_PRODUCT_NOT_FOUND_MESSAGE);
      if (row.isDefault) throw conflict(DEFAULT_PRODUCT_DELETE_MESSAGE);
      const [key] = await tx
        .select({ id: licenceKeys.id })
        .from(licenceKeys)
        .where(and(eq(licenceKeys.ownerId, ownerId), eq(licenceKeys.productId, id)))
        .limit(1);
      if (key) throw conflict(PRODUCT_HAS_KEYS_MESSAGE);
      const [apiKey] = await tx
        .select({ id: managerApiKeys.id })
        .from(managerApiKeys)
        .where(eq(managerApiKeys.productId, id))
        .limit(1);
      if (apiKey) throw conflict(PRODUCT_HAS_API_KEYS_MESSAGE);
      // Trials taken of it go with it (key_trials cascades), and so do its policies.
      await tx.delete(keyProducts).where(eq(keyProducts.id, id));
      if (ctx) {
        await auditKeyAction(tx, ctx, {
          action: 'product.deleted',
          target: row.code,
          before: { code: row.code, name: row.name },
        });
      }
    });
  }

  async byId(ownerId: string, id: string, db: DbOrTransaction = this.db): Promise<KeyProductRow> {
    const [row] = await db
      .select()
      .from(keyProducts)
      .where(and(eq(keyProducts.id, id), eq(keyProducts.ownerId, ownerId)));
    if (!row) throw notFound(KEY_PRODUCT_NOT_FOUND_MESSAGE);
    return row;
  }

  /** A product by the code an app sends; the public REST's refusal when there is none. */
  async byCode(ownerId: string, code: string, db: DbOrTransaction = this.db): Promise<KeyProductRow> {
    const [row] = await db
      .select()
      .from(keyProducts)
      .where(and(eq(keyProducts.ownerId, ownerId), eq(keyProducts.code, code)));
    if (!row) throw refusal(KEY_MANAGER_ERRORS.productNotFound);
    return row;
  }

  /** Newest first, in keyset pages (the default product is made first, so it comes last). */
  async page(ownerId: string, limit: number, cursor?: string) {
    await this.defaultId(ownerId);
    const after = decodeCursor(cursor, [cursorPart.timestamp, cursorPart.uuid]);
    const rows = await this.db
      .select({ row: keyProducts, cursorAt: exactTimestamp(keyProducts.createdAt) })
      .from(keyProducts)
      .where(
        and(eq(keyProducts.ownerId, ownerId), keysetAfter([keyProducts.createdAt, keyProducts.id], after)),
      )
      .orderBy(desc(keyProducts.createdAt), desc(keyProducts.id))
      .limit(limit + 1);
    const { items, nextCursor } = pageOf(rows, limit, (item) => [item.cursorAt, item.row.id]);
    return { products: items.map((item) => toProduct(item.row)), nextCursor };
  }
}

export function toProduct(row: KeyProductRow): KeyProduct {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    isDefault: row.isDefault,
    createdAt: row.createdAt.toISOString(),
  };
}
