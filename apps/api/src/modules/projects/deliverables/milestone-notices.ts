import { and, eq } from 'drizzle-orm';
import type { DbTransaction } from '../../../db/client.js';
import { projectActivities, projectEmployees, users } from '../../../db/schema/index.js';
import type { Clock } from '../../../platform/clock.js';
import type { NotificationsPort } from '../../../ports/notifications.js';
import { projectAudience } from '../audience.js';

/** The project a notice is about: its name and its order (the client's link opens it). */
export interface NoticeProject {
  id: string;
  name: string;
  orderId: string;
}

/**
 * What a milestone's steps tell whom (decision 035, amended 2026-11-28), in the step's transaction:
 * a delivery the client account's members who see projects (`deliverable_waiting`, linking to the
 * project in Orders); a request for changes or an approval the team — the assigned staff (to the staff
 * area) and the admins (to Admin → Projects), each with the link of their own screen. Every step is
 * also a line of the project's activity list, which the client reads on the project.
 */
export class MilestoneNotices {
  constructor(
    private readonly notifications: NotificationsPort,
    private readonly clock: Clock,
  ) {}

  async delivered(tx: DbTransaction, project: NoticeProject, milestone: string): Promise<void> {
    await this.activity(
      tx,
      project.id,
      `Milestone “${milestone}” was delivered: approve it or ask for changes.`,
    );
    const audience = await projectAudience(tx, project.id);
    const query = new URLSearchParams({ order: project.orderId, project: project.id });
    await this.notifications.notify(
      {
        recipients: audience.client,
        kind: 'deliverable_waiting',
        title: `${project.name}: “${milestone}” is ready for review`,
        body: 'Look at what was delivered, then approve it or ask for changes.',
        link: `/orders?${query}`,
      },
      { db: tx },
    );
  }

  async changesRequested(
    tx: DbTransaction,
    project: NoticeProject,
    milestone: string,
    who: string,
    comment: string,
  ): Promise<void> {
    await this.activity(tx, project.id, `Changes were asked for on milestone “${milestone}”.`);
    await this.tellTeam(tx, project, {
      kind: 'changes_requested',
      title: `${project.name}: changes asked for on “${milestone}”`,
      body: `${who}: ${comment}`,
    });
  }

  async approved(tx: DbTransaction, project: NoticeProject, milestone: string, who: string): Promise<void> {
    await this.activity(tx, project.id, `Milestone “${milestone}” was approved.`);
    await this.tellTeam(tx, project, {
      kind: 'milestone_approved',
      title: `${project.name}: “${milestone}” approved`,
      body: `${who} approved the milestone.`,
    });
  }

  private async activity(tx: DbTransaction, projectId: string, message: string): Promise<void> {
    await tx.insert(projectActivities).values({ projectId, message, createdAt: this.clock.now() });
  }

  private async tellTeam(
    tx: DbTransaction,
    project: NoticeProject,
    notice: { kind: 'changes_requested' | 'milestone_approved'; title: string; body: string },
  ): Promise<void> {
    const staff = await tx
      .select({ id: projectEmployees.employeeId })
      .from(projectEmployees)
      .where(eq(projectEmployees.projectId, project.id));
    const admins = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.userType, 'a'), eq(users.disabled, false)));
    await this.notifications.notify(
      { ...notice, recipients: staff.map((row) => row.id), link: '/company/staff' },
      { db: tx },
    );
    await this.notifications.notify(
      { ...notice, recipients: admins.map((row) => row.id), link: '/company/admin?section=projects' },
      { db: tx },
    );
  }
}
