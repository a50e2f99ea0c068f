import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../app-deps.js';
import { accountRoutes } from './accounts/routes.js';
import { adminRoutes } from './admin/routes.js';
import { adminUserRoutes } from './admin-users/routes.js';
import { billingFeature } from './billing/index.js';
import { businessFeature } from './business/index.js';
import { catalogFeature } from './catalog/index.js';
import { chatRoutes } from './chat/routes.js';
import { keyManagerRoutes } from './key-manager/routes.js';
import { mediaRoutes } from './media/routes.js';
import { operationsRoutes } from './operations/routes.js';
import { projectFeatureRoutes } from './projects/index.js';
import { siteRoutes } from './site/routes.js';
import { fileRoutes } from './system/file-routes.js';
import { systemRoutes } from './system/routes.js';

/**
 * Every feature's routes, registered in this order by buildApp(). A new feature adds one line.
 * A feature may also register file-access policies and user-summary providers here (see `setup`).
 */
export function featureRoutes(deps: AppDeps): FastifyPluginAsyncZod[] {
  return [
    systemRoutes(deps),
    fileRoutes(deps),
    mediaRoutes(),
    accountRoutes(deps),
    adminRoutes(deps),
    operationsRoutes(deps),
    businessFeature(deps),
    siteRoutes(deps),
    ...projectFeatureRoutes(deps),
    adminUserRoutes(deps),
    catalogFeature(deps),
    billingFeature(deps),
    keyManagerRoutes(deps),
    chatRoutes(deps),
  ];
}
