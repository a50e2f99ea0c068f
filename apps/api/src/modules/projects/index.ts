import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.js';
import { publicUrl } from '../../config.js';
import { adminProjectRoutes } from './admin-routes.js';
import { ProjectManagement } from './management.js';
import { ProjectNotifier } from './notifier.js';
import { projectRoutes } from './routes.js';
import { staffProjectRoutes } from './staff-routes.js';

// What other modules may use of projects besides `deps.projects`: the service's types.
export type { Actor, ProjectService } from './service.js';

/** Every projects route: client, admin and staff. */
export function projectFeatureRoutes(deps: AppDeps): FastifyPluginAsyncZod[] {
  const notifier = new ProjectNotifier(
    deps.mailDigests,
    deps.clock,
    deps.config.BRAND_NAME,
    publicUrl(deps.config),
  );
  const management = new ProjectManagement(deps.database.db, deps.projects, notifier, deps.clock);
  return [projectRoutes(deps), adminProjectRoutes(deps, management), staffProjectRoutes(deps, management)];
}
