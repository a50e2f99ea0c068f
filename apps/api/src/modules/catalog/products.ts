import type {
  Product,
  ProductAddFields,
  SaasProduct,
  ZProductAddFields,
  ZProductUpdateFields,
  ZSaasProductAddRequest,
} from '@app/contract';
import { asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import {
  type ProductRow,
  productMedia,
  products,
  productUpdates,
  type StoredFileRow,
  saasPlans,
  saasProducts,
  storedFiles,
} from '../../db/schema/index.js';
import { notFound } from '../../platform/http/errors.js';
import type { CatalogService } from './service.js';

export type { ProductAddFields };

const fileUrl = (id: string) => `/api/v1/files/${id}`;

/** Downloadable products (with executable, media and updates) and SaaS products. */
export class ProductCatalog {
  constructor(
    private readonly db: Db,
    private readonly catalog: CatalogService,
  ) {}

  async addProduct(
    fields: z.output<typeof ZProductAddFields>,
    executable: StoredFileRow | undefined,
    media: StoredFileRow[],
  ): Promise<Product> {
    const row = await this.db.transaction(async (tx) => {
      const [product] = await tx
        .insert(products)
        .values({
          name: fields.applicationName,
          priceCents: fields.applicationPrice,
          description: fields.applicationDescription,
          dependencies: fields.dependencies,
          executableFileId: executable?.id ?? null,
        })
        .returning();
      if (!product) throw new Error('product insert returned nothing');
      if (media.length) {
        await tx
          .insert(productMedia)
          .values(media.map((file, position) => ({ productId: product.id, fileId: file.id, position })));
      }
      return product;
    });
    return (await this.toProducts([row]))[0] as Product;
  }

  async addUpdate(
    fields: z.output<typeof ZProductUpdateFields>,
    file: StoredFileRow | undefined,
  ): Promise<Product> {
    const [product] = await this.db.select().from(products).where(eq(products.id, fields.productID));
    if (!product) throw notFound('Product not found');
    await this.db.insert(productUpdates).values({
      productId: product.id,
      releaseDate: fields.date,
      dependencies: fields.dependencies,
      fileId: file?.id ?? null,
    });
    return (await this.toProducts([product]))[0] as Product;
  }

  async addSaasProduct(input: z.output<typeof ZSaasProductAddRequest>): Promise<SaasProduct> {
    const [row] = await this.db
      .insert(saasProducts)
      .values({ name: input.name, description: input.description, releaseDate: input.date })
      .returning();
    if (!row) throw new Error('saas product insert returned nothing');
    return {
      id: row.id,
      slug: row.slug,
      name: row.name,
      description: row.description,
      date: input.date,
      plans: [],
    };
  }

  async listProducts(): Promise<Product[]> {
    const rows = await this.db.select().from(products).orderBy(desc(products.createdAt)).limit(200);
    return this.toProducts(rows);
  }

  async listSaasProducts(): Promise<SaasProduct[]> {
    await this.catalog.ensureBuiltIns();
    // A project's support product (decision 035) is its client's alone: not in the lists.
    const rows = await this.db
      .select()
      .from(saasProducts)
      .where(isNull(saasProducts.projectId))
      .orderBy(asc(saasProducts.id));
    const planRows = rows.length
      ? await this.db
          .select()
          .from(saasPlans)
          .where(
            inArray(
              saasPlans.productId,
              rows.map((row) => row.id),
            ),
          )
          .orderBy(asc(saasPlans.position), asc(saasPlans.id))
      : [];
    const plans = await this.catalog.toPlans(planRows.filter((plan) => !plan.archived));
    return rows.map((row) => ({
      id: row.id,
      slug: row.slug,
      name: row.name,
      description: row.description,
      date: row.releaseDate ?? row.createdAt.toISOString().slice(0, 10),
      plans: plans.filter((plan) => plan.product_id === row.id),
    }));
  }

  private async toProducts(rows: ProductRow[]): Promise<Product[]> {
    const ids = rows.map((row) => row.id);
    if (ids.length === 0) return [];
    const media = await this.db
      .select({ productId: productMedia.productId, file: storedFiles })
      .from(productMedia)
      .innerJoin(storedFiles, eq(storedFiles.id, productMedia.fileId))
      .where(inArray(productMedia.productId, ids))
      .orderBy(asc(productMedia.position));
    const updates = await this.db
      .select()
      .from(productUpdates)
      .where(inArray(productUpdates.productId, ids))
      .orderBy(desc(productUpdates.releaseDate), desc(productUpdates.id));
    const fileIds = [
      ...rows.map((row) => row.executableFileId),
      ...updates.map((update) => update.fileId),
    ].filter((id): id is string => id !== null);
    const files = fileIds.length
      ? await this.db.select().from(storedFiles).where(inArray(storedFiles.id, fileIds))
      : [];
    const fileInfo = (id: string | null) => {
      const file = id ? files.find((entry) => entry.id === id) : undefined;
      return file ? { id: file.id, name: file.originalName, size: file.sizeBytes } : null;
    };
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      price: row.priceCents,
      currency: row.currency,
      description: row.description,
      dependencies: row.dependencies,
      plans: [],
      media: media
        .filter((entry) => entry.productId === row.id)
        .map(({ file }) => ({ id: file.id, url: fileUrl(file.id), mimeType: file.mimeType })),
      executable: fileInfo(row.executableFileId),
      updates: updates
        .filter((update) => update.productId === row.id)
        .map((update) => ({
          id: update.id,
          date: update.releaseDate,
          dependencies: update.dependencies,
          file: fileInfo(update.fileId),
        })),
      created_at: row.createdAt.toISOString(),
    }));
  }
}
