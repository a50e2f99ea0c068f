import { roleAllows } from '@app/contract';
import type { AuthUser } from '../../../platform/auth/auth-user.js';
import { forbidden, notFound } from '../../../platform/http/errors.js';
import type { ProjectService } from '../service.js';

/**
 * Who may read a project's quotes and milestones (decision 035): an admin any project's; a client
 * member of the project's account whose role reaches projects. Staff work on projects but do not see
 * their price. Anyone else is told the project does not exist.
 */
export async function assertMayReadDeals(
  projects: ProjectService,
  user: AuthUser,
  projectId: string,
): Promise<void> {
  if (user.role === 'staff')
    throw forbidden('Quotes and invoices are for the client and the company’s admins');
  if (user.role === 'client' && !(user.account && roleAllows(user.account.role, 'projects', 'read')))
    throw notFound('Project not found');
  if (!(await projects.accessibleProject(user, projectId))) throw notFound('Project not found');
}
