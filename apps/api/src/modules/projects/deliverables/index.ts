import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../app-deps.js';
import type { ProjectService } from '../service.js';
import { DELIVERABLE_PURPOSE, deliverableFilePolicy } from './deliverable-files.js';
import { deliverableRoutes } from './deliverable-routes.js';
import { MilestoneAccess } from './milestone-access.js';
import { MilestoneNotices } from './milestone-notices.js';
import { MilestoneSteps } from './milestone-steps.js';

/**
 * Milestone deliverables, the client's approval and the project's files (decision 035, amended
 * 2026-11-28), with the download policy of deliverable files.
 */
export function deliverableFeatureRoutes(deps: AppDeps, projects: ProjectService): FastifyPluginAsyncZod {
  const db = deps.database.db;
  deps.fileAccess.register(DELIVERABLE_PURPOSE, deliverableFilePolicy(db, projects));
  const steps = new MilestoneSteps(
    db,
    deps.clock,
    deps.jobs,
    new MilestoneNotices(deps.notifications, deps.clock),
  );
  return deliverableRoutes(deps, new MilestoneAccess(db, projects), steps);
}
