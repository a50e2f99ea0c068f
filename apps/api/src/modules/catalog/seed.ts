import type { AppDeps } from '../../app-deps.js';
import type { SeedStep } from '../../platform/seed/seed.js';

/** The built-in SaaS products (Key Manager) and their plans. The service also ensures them lazily. */
export function catalogSeed(deps: Pick<AppDeps, 'catalog'>): SeedStep {
  return {
    name: 'catalog-built-in-products',
    run: () => deps.catalog.ensureBuiltIns(),
  };
}
