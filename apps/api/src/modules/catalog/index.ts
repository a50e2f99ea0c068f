import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.js';
import { catalogAdminRoutes } from './admin-routes.js';
import { PlanAdmin } from './plan-admin.js';
import { ProductCatalog } from './products.js';
import { catalogRoutes } from './routes.js';
import type { CatalogService as WholeCatalogService } from './service.js';
import { PRODUCT_MEDIA_PURPOSE } from './uploads.js';

/**
 * The catalog as other modules see it, under its former name: key-manager/plans.ts still imports
 * it from here; new code imports CatalogPort from ports/catalog.ts.
 */
export type { CatalogPort as CatalogService } from '../../ports/catalog.js';
// What other modules may use of the catalog besides `deps.catalog` (CatalogPort, ports/catalog.ts):
// the built-in Key Manager product and the subscription rules billing applies (states, terms, grace,
// proration).
export { KEY_MANAGER_SLUG } from './built-in-products.js';
export { addTerm, GRACE_MS, prorate, renewalStart, stateOf } from './subscription-state.js';

/** Products, SaaS products and plans: the public/client calls and the admin catalog. */
export const catalogFeature = (deps: AppDeps, catalog: WholeCatalogService): FastifyPluginAsyncZod => {
  const db = deps.database.db;
  const products = new ProductCatalog(db, catalog);
  const plans = new PlanAdmin(db, catalog);
  // Product media are shown on the public Products page; executables keep the default (admins).
  deps.fileAccess.register(PRODUCT_MEDIA_PURPOSE, () => true);
  return async (app) => {
    await app.register(catalogRoutes(deps, catalog, products));
    await app.register(catalogAdminRoutes(deps, products, plans));
  };
};
