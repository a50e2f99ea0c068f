import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.js';
import { BusinessService } from './business-service.js';
import { PROPERTY_IMAGE_PURPOSE } from './listing-form.js';
import { propertyRoutes } from './property-routes.js';
import { PropertyService } from './property-service.js';
import { businessRoutes } from './routes.js';

/**
 * The business (real estate) feature: builds its services, plugs into the documented hooks (the
 * profile's hasBusinessAccount and the download policy of listing photos) and returns its routes.
 * Called once per app by featureRoutes().
 */
export function businessFeature(deps: AppDeps): FastifyPluginAsyncZod {
  const businesses = new BusinessService(deps.database.db, deps.accounts);
  const listings = new PropertyService(deps.database.db, deps.storage, businesses, deps.clock);
  deps.accounts.summaryProviders.hasBusinessAccount = (userId) => businesses.hasBusinessAccount(userId);
  deps.fileAccess.register(PROPERTY_IMAGE_PURPOSE, (file, user) => listings.canReadImage(file, user));
  return async (app) => {
    await app.register(businessRoutes(deps, businesses, listings));
    await app.register(propertyRoutes(deps, listings));
  };
}
