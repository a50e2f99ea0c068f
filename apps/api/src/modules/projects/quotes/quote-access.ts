import type { AuthUser } from '../../../platform/auth/auth-user.js';
import { assertAccountAccess } from '../../../platform/auth/guard.js';
import { forbidden, notFound } from '../../../platform/http/errors.js';
import type { ProjectService } from '../service.js';

/**
 * Who may read a project's quotes and milestones (decision 035): an admin any project's; a client
 * member of the project's account whose role reaches projects (else 403 as requireAccess answers:
 * role, two-factor rule, membership). Staff work on projects but do not see their price. Anyone else
 * is told the project does not exist.
 */
export async function assertMayReadDeals(
  projects: ProjectService,
  user: AuthUser,
  projectId: string,
): Promise<void> {
  if (user.role === 'staff')
    throw forbidden('Quotes and invoices are for the client and the company’s admins');
  assertAccountAccess(user, 'projects', 'read');
  if (!(await projects.accessibleProject(user, projectId))) throw notFound('Project not found');
}
