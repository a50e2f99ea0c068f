import type { SaasPlanRow, SaasProductRow } from '../../db/schema/index.js';
import type { CatalogPort as CatalogService } from '../../ports/catalog.js';
import { KEY_MANAGER_SLUG } from '../catalog/index.js';

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

  /** The plan whose features the user may use now: none while suspended for late payment. */
  async activePlanOf(userId: string): Promise<SaasPlanRow | null> {
    const access = await this.accessOf(userId);
    return access && access.state !== 'suspended' ? access.plan : null;
  }

  /** The user's plan and when its access ends (null: never), whatever its state. */
  async accessOf(userId: string) {
    const product = await this.productRow();
    return this.catalog.activePlan(userId, product.id);
  }

  /** Catalog changes (payment, upgrade, plan edit) reach the Key Manager's caches at once. */
  onChange(listener: (userId: string) => void): () => void {
    return this.catalog.onSubscriptionChange(listener);
  }
}
