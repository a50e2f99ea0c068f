import type { SaasPlanRow, SaasProductRow } from '../../db/schema/index.js';
import { KEY_MANAGER_SLUG } from '../catalog/built-in-products.js';
import type { CatalogService } from '../catalog/service.js';

/** The Key Manager's view of the catalog: its product and a user's active plan of it. */
export class KeyManagerPlans {
  private product: Promise<SaasProductRow> | null = null;

  constructor(private readonly catalog: CatalogService) {}

  productRow(): Promise<SaasProductRow> {
    this.product ??= this.catalog.productBySlug(KEY_MANAGER_SLUG).catch((error: unknown) => {
      this.product = null;
      throw error;
    });
    return this.product;
  }

  async activePlanOf(userId: string): Promise<SaasPlanRow | null> {
    const product = await this.productRow();
    return (await this.catalog.activePlan(userId, product.id))?.plan ?? null;
  }
}
