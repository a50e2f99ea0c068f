import type { SeedStep } from '../../platform/seed/seed.js';
import type { CatalogService } from './service.js';

/** The built-in SaaS products (Key Manager) and their plans. The service also ensures them lazily. */
export function catalogSeed(catalog: CatalogService): SeedStep {
  return {
    name: 'catalog-built-in-products',
    run: () => catalog.ensureBuiltIns(),
  };
}
