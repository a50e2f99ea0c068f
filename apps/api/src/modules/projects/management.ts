import {
  type DurationRequest,
  overallProgress,
  type PaymentDetailsRequest,
  PROJECT_STATUSES,
  type ProgressRequest,
  type ProjectStatus,
} from '@app/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db, DbOrTransaction } from '../../db/client.js';
import { type ProjectRow, projectEmployees, projects, users } from '../../db/schema/index.js';
import { tableCounts } from '../../db/table-stats.js';
import type { Clock } from '../../platform/clock.js';
import { badRequest, conflict, notFound } from '../../platform/http/errors.js';
import type { Actor } from '../../ports/projects.js';
import type { ProjectNotifier } from './notifier.js';
import type { ProjectService } from './service.js';
import { canTransition, crossedMilestones, statusAfterProgress } from './status.js';

const NOT_FOUND = 'Project not found';

/**
 * Admin (and assigned staff, for progress) changes to a project; each one is checked and notified.
 * A change, its activity entry and its mail to the client commit in one transaction.
 */
export class ProjectManagement {
  constructor(
    private readonly db: Db,
    private readonly service: ProjectService,
    private readonly notifier: ProjectNotifier,
    private readonly clock: Clock,
  ) {}

  private async require(projectId: string): Promise<ProjectRow> {
    const project = await this.service.findProject(projectId);
    if (!project) throw notFound(NOT_FOUND);
    return project;
  }

  private async update(
    db: DbOrTransaction,
    projectId: string,
    values: Partial<typeof projects.$inferInsert>,
  ): Promise<void> {
    await db
      .update(projects)
      .set({ ...values, updatedAt: this.clock.now() })
      .where(eq(projects.id, projectId));
  }

  async approve(projectId: string): Promise<void> {
    const project = await this.require(projectId);
    if (project.status !== 'waiting for approval') throw conflict('This project is already approved');
    await this.db.transaction(async (tx) => {
      await this.update(tx, projectId, { status: 'approved' });
      await this.notifier.notify(tx, projectId, 'Your project was approved.');
    });
  }

  async setDuration({ id, from, to }: DurationRequest): Promise<void> {
    const project = await this.require(id);
    // docs/product-contract.md §States: the admin sets a duration when a project has none.
    if (project.startDate || project.endDate) throw conflict('This project already has a duration');
    await this.db.transaction(async (tx) => {
      await this.update(tx, id, { startDate: from, endDate: to });
      await this.notifier.notify(tx, id, `Schedule set: ${from} to ${to}.`);
    });
  }

  async assign(projectId: string, empIds: string[]): Promise<void> {
    await this.require(projectId);
    const unique = [...new Set(empIds)];
    const staff = unique.every((id) => /^[0-9a-f-]{36}$/i.test(id))
      ? await this.db
          .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
          .from(users)
          .where(and(inArray(users.id, unique), eq(users.userType, 'e'), eq(users.disabled, false)))
      : [];
    if (staff.length !== unique.length) throw badRequest('Choose active employees only');
    const names = staff.map((s) => `${s.firstName} ${s.lastName}`).join(', ');
    await this.db.transaction(async (tx) => {
      await tx.delete(projectEmployees).where(eq(projectEmployees.projectId, projectId));
      await tx.insert(projectEmployees).values(unique.map((employeeId) => ({ projectId, employeeId })));
      await this.notifier.notify(tx, projectId, `Team assigned: ${names}.`);
    });
  }

  async addPaymentLink(projectId: string, paymentLink: string): Promise<void> {
    const project = await this.require(projectId);
    if (project.status === 'waiting for approval')
      throw conflict('Approve the project before adding a payment link');
    await this.db.transaction(async (tx) => {
      await this.update(tx, projectId, { paymentLink });
      await this.notifier.notify(tx, projectId, 'A payment link is ready: use Pay Now on your project.');
    });
  }

  async setPaymentDetails(body: PaymentDetailsRequest): Promise<void> {
    await this.require(body.projectID);
    await this.update(this.db, body.projectID, {
      totalPaymentCents: body.totalPayment,
      recurringPaymentCents: body.recurringPayment,
      term: body.term,
      paymentInformation: body.paymentInformation || null,
    });
  }

  /** Progress from an admin, or from a staff member assigned to the project (others get 404). */
  async updateProgress(actor: Actor, body: ProgressRequest): Promise<void> {
    const project = await this.require(body.projectID);
    if (actor.role === 'staff' && !(await this.service.isAssigned(actor.id, project.id))) {
      throw notFound(NOT_FOUND);
    }
    if (project.status === 'waiting for approval')
      throw conflict('Approve the project before reporting progress');
    if (project.status === 'finished') throw conflict('This project is finished');
    const next = statusAfterProgress(project.status, body);
    const before = overallProgress(project);
    const values = {
      frontendProgress: body.frontEnd,
      backendProgress: body.backEnd,
      databaseProgress: body.database,
    };
    await this.db.transaction(async (tx) => {
      await this.update(tx, project.id, next ? { ...values, status: next } : values);
      if (next) await this.notifier.notify(tx, project.id, `Status changed to ${next}.`);
      for (const milestone of crossedMilestones(before, overallProgress(values))) {
        await this.notifier.notify(tx, project.id, `Your project reached ${milestone}% overall progress.`);
      }
    });
  }

  /** Explicit status change, limited to the documented transitions (docs/decisions/005). */
  async changeStatus(projectId: string, status: ProjectStatus): Promise<void> {
    const project = await this.require(projectId);
    if (status === 'approved' && project.status === 'waiting for approval') return this.approve(projectId);
    if (!canTransition(project.status, status)) {
      throw conflict(`A project cannot go from '${project.status}' to '${status}'`);
    }
    await this.db.transaction(async (tx) => {
      await this.update(tx, projectId, { status });
      await this.notifier.notify(tx, projectId, `Status changed to ${status}.`);
    });
  }

  /**
   * Dashboard counters, all from the trigger-kept counts (decision 026): orders, projects per status
   * and the three "needs" figures (approved or later and without a duration, a payment link or staff;
   * migration 0019 keeps them from projects rows, projects.employee_count following project_employees).
   */
  async overview() {
    const statusNames = PROJECT_STATUSES.map((status) => `projects:${status}` as const);
    const counts = await tableCounts(this.db, [
      'project_orders',
      'projects:need-duration',
      'projects:need-employees',
      'projects:need-payment-link',
      ...statusNames,
    ]);
    const byStatusRows = PROJECT_STATUSES.map((status) => ({ status, count: counts[`projects:${status}`] }));
    const orders = { count: counts.project_orders };
    const byStatus: Record<ProjectStatus, number> = {
      'waiting for approval': 0,
      approved: 0,
      'in progress': 0,
      complete: 0,
      finished: 0,
    };
    for (const row of byStatusRows) byStatus[row.status] = Number(row.count);
    return {
      byStatus,
      orders: orders.count,
      waitingApproval: byStatus['waiting for approval'],
      needDuration: counts['projects:need-duration'],
      needEmployees: counts['projects:need-employees'],
      needPaymentLink: counts['projects:need-payment-link'],
    };
  }
}
