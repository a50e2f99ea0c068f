import type { FileAccessPolicies } from '../../platform/storage/access.js';
import type { UserSummaryProviders } from '../../ports/accounts.js';
import type { ProjectService } from './service.js';
import { DESIGN_PURPOSE, PROPOSAL_PURPOSE } from './uploads.js';

/**
 * Hooks the projects feature sets in createDeps(): who may download order uploads (the client who
 * ordered, staff assigned to the order's projects, admins; everyone else gets 404) and the user-info
 * counters (docs/product-contract.md §Entities, User info: orderInformation, projectInformation).
 */
export function wireProjects(
  projects: ProjectService,
  fileAccess: FileAccessPolicies,
  summaryProviders: UserSummaryProviders,
): void {
  for (const purpose of [PROPOSAL_PURPOSE, DESIGN_PURPOSE]) {
    fileAccess.register(purpose, (file, user) => projects.canReadOrderFile(file.id, user));
  }
  summaryProviders.orderCounts = (userId) => projects.orderCounts(userId);
  summaryProviders.projectCounts = (userId) => projects.projectCounts(userId);
}
