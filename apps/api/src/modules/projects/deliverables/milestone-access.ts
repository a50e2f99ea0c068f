import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { projectMilestones } from '../../../db/schema/index.js';
import type { AuthUser } from '../../../platform/auth/auth-user.js';
import { assertAccountAccess } from '../../../platform/auth/guard.js';
import { notFound } from '../../../platform/http/errors.js';
import type { AccessibleProject } from '../../../ports/projects.js';
import type { ProjectService } from '../service.js';

export const MILESTONE_NOT_FOUND = 'Milestone not found';
export const PROJECT_NOT_FOUND = 'Project not found';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Who may do what with a project's milestones (decision 035, amended 2026-11-28). Reading (the
 * milestones' work, the files) is the project's rule: admins, the staff assigned to it, the client
 * account's members whose role sees projects. Delivering is the team's: admins and assigned staff.
 * Deciding is the client's (its route's guard asks for a role that may change projects). Anyone else
 * is told the milestone or project does not exist.
 */
export class MilestoneAccess {
  constructor(
    private readonly db: Db,
    private readonly projects: ProjectService,
  ) {}

  async readableProject(user: AuthUser, projectId: string): Promise<AccessibleProject> {
    // A client member is held to the account's rules (role, two-factor) as requireAccess would.
    assertAccountAccess(user, 'projects', 'read');
    const found = await this.projects.accessibleProject(user, projectId);
    if (!found) throw notFound(PROJECT_NOT_FOUND);
    return found;
  }

  /** The milestone's project, if `user` may work on it as `side`; else 404. */
  async milestoneFor(
    user: AuthUser,
    milestoneId: string,
    side: 'team' | 'client',
  ): Promise<{ projectId: string; project: AccessibleProject }> {
    const onSide = side === 'team' ? user.role !== 'client' : user.role === 'client';
    if (!onSide || !UUID.test(milestoneId)) throw notFound(MILESTONE_NOT_FOUND);
    const [milestone] = await this.db
      .select({ projectId: projectMilestones.projectId })
      .from(projectMilestones)
      .where(eq(projectMilestones.id, milestoneId))
      .limit(1);
    const project = milestone && (await this.projects.accessibleProject(user, milestone.projectId));
    if (!milestone || !project) throw notFound(MILESTONE_NOT_FOUND);
    return { projectId: milestone.projectId, project };
  }
}
