import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.js';
import { publicUrl } from '../../config.js';
import { adminProjectRoutes } from './admin-routes.js';
import { deliverableFeatureRoutes } from './deliverables/index.js';
import { ProjectManagement } from './management.js';
import { ProjectNotifier } from './notifier.js';
import { quoteFeatureRoutes } from './quotes/index.js';
import { projectRoutes } from './routes.js';
import type { ProjectService } from './service.js';
import { staffProjectRoutes } from './staff-routes.js';

// Other modules use projects only through `deps.projects` (ProjectsPort, ports/projects.ts).

/** Every projects route: client, admin and staff, with the feature's own service. */
export function projectFeatureRoutes(deps: AppDeps, projects: ProjectService): FastifyPluginAsyncZod[] {
  const notifier = new ProjectNotifier(
    deps.notifications,
    deps.mailDigests,
    deps.clock,
    deps.config.BRAND_NAME,
    publicUrl(deps.config),
  );
  const management = new ProjectManagement(deps.database.db, projects, notifier, deps.clock);
  return [
    projectRoutes(deps, projects),
    adminProjectRoutes(deps, projects, management),
    staffProjectRoutes(deps, projects, management),
    quoteFeatureRoutes(deps, projects, notifier),
    deliverableFeatureRoutes(deps, projects),
  ];
}
