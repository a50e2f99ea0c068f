import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.js';
import { catalogAdminRoutes } from './admin-routes.js';
import { PlanAdmin } from './plan-admin.js';
import { ProductCatalog } from './products.js';
import { catalogRoutes } from './routes.js';
import { PRODUCT_MEDIA_PURPOSE } from './uploads.js';

// What other modules may use of the catalog besides `deps.catalog`: the service's types, the built-in
// Key Manager product, and the subscription rules billing applies (states, terms, grace, proration).
export { KEY_MANAGER_SLUG } from './built-in-products.js';
export type { ActivePlan, CatalogService } from './service.js';
export { addTerm, GRACE_MS, prorate, renewalStart, stateOf } from './subscription-state.js';

/** Products, SaaS products and plans: the public/client calls and the admin catalog. */
export const catalogFeature = (deps: AppDeps): FastifyPluginAsyncZod => {
  const db = deps.database.db;
  const products = new ProductCatalog(db, deps.catalog);
  const plans = new PlanAdmin(db, deps.catalog);
  // Product media are shown on the public Products page; executables keep the default (admins).
  deps.fileAccess.register(PRODUCT_MEDIA_PURPOSE, () => true);
  return async (app) => {
    await app.register(catalogRoutes(deps, products));
    await app.register(catalogAdminRoutes(deps, products, plans));
  };
};
