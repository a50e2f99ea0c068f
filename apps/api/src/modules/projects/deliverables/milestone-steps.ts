import { and, eq, isNull, ne, or } from 'drizzle-orm';
import type { Db, DbTransaction } from '../../../db/client.js';
import {
  invoices,
  milestoneDeliverables,
  milestoneEvents,
  type ProjectMilestoneRow,
  projectMilestones,
  users,
} from '../../../db/schema/index.js';
import type { Clock } from '../../../platform/clock.js';
import { codedError, notFound } from '../../../platform/http/errors.js';
import type { JobQueue } from '../../../platform/jobs/job-queue.js';
import { APPROVED_MILESTONE_INVOICE_JOB, type ApprovedMilestoneInvoiceJob } from '../../billing/index.js';
import { MILESTONE_NOT_FOUND } from './milestone-access.js';
import type { MilestoneNotices, NoticeProject } from './milestone-notices.js';

/** A deliverable the team posts: a stored file, a link or a note (a file or a link may carry a note). */
export type NewDeliverable =
  | { kind: 'file'; fileId: string; note: string }
  | { kind: 'link'; url: string; note: string }
  | { kind: 'note'; note: string };

/**
 * A milestone's steps (decision 035, amended 2026-11-28): pending → delivered (the team's first
 * deliverable, or "Mark delivered") → changes requested (the client, with a comment) → delivered
 * again → approved (the client; terminal). Each step locks the milestone's row, so two people acting
 * at once are ordered and the second sees the first's status (an approval twice is one approval); each
 * writes its history event and its notices in the same transaction. Approval enqueues billing's job
 * that issues the milestone's invoice, in that transaction too, when nothing bills it yet.
 */
export class MilestoneSteps {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly jobs: JobQueue,
    private readonly notices: MilestoneNotices,
  ) {}

  async addDeliverable(
    milestoneId: string,
    project: NoticeProject,
    actorId: string,
    deliverable: NewDeliverable,
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      const milestone = await this.lock(tx, milestoneId);
      if (milestone.status === 'approved') throw approvedAlready();
      await tx.insert(milestoneDeliverables).values({
        milestoneId,
        projectId: milestone.projectId,
        kind: deliverable.kind,
        fileId: deliverable.kind === 'file' ? deliverable.fileId : null,
        url: deliverable.kind === 'link' ? deliverable.url : null,
        note: deliverable.note,
        createdBy: actorId,
        createdAt: this.clock.now(),
      });
      // Something new waits for the client: a pending milestone, or one sent back, is delivered.
      if (milestone.status !== 'delivered') await this.deliver(tx, milestone, project, actorId);
    });
  }

  /** "Mark delivered": the work is delivered without a new deliverable (or was posted before). */
  async markDelivered(milestoneId: string, project: NoticeProject, actorId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const milestone = await this.lock(tx, milestoneId);
      if (milestone.status === 'approved') throw approvedAlready();
      if (milestone.status === 'delivered')
        throw codedError(
          'conflict',
          'This milestone is already delivered: the client is reviewing it',
          'milestoneID',
        );
      await this.deliver(tx, milestone, project, actorId);
    });
  }

  async approve(milestoneId: string, project: NoticeProject, actorId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const milestone = await this.decidable(tx, milestoneId);
      await this.step(tx, milestone, 'approved', actorId, null);
      if (!(await this.billed(tx, milestone))) {
        const data: ApprovedMilestoneInvoiceJob = { milestoneId };
        await this.jobs.enqueue(APPROVED_MILESTONE_INVOICE_JOB, data, { db: tx, singletonKey: milestoneId });
      }
      await this.notices.approved(tx, project, milestone.title, await this.nameOf(tx, actorId));
    });
  }

  async requestChanges(
    milestoneId: string,
    project: NoticeProject,
    actorId: string,
    comment: string,
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      const milestone = await this.decidable(tx, milestoneId);
      await this.step(tx, milestone, 'changes requested', actorId, comment);
      await this.notices.changesRequested(
        tx,
        project,
        milestone.title,
        await this.nameOf(tx, actorId),
        comment,
      );
    });
  }

  private async deliver(
    tx: DbTransaction,
    milestone: ProjectMilestoneRow,
    project: NoticeProject,
    actorId: string,
  ): Promise<void> {
    await this.step(tx, milestone, 'delivered', actorId, null);
    await this.notices.delivered(tx, project, milestone.title);
  }

  /** The client decides on a delivered milestone only. */
  private async decidable(tx: DbTransaction, milestoneId: string): Promise<ProjectMilestoneRow> {
    const milestone = await this.lock(tx, milestoneId);
    if (milestone.status === 'approved') throw approvedAlready();
    if (milestone.status !== 'delivered')
      throw codedError(
        'milestone_not_delivered',
        milestone.status === 'pending'
          ? 'Nothing was delivered on this milestone yet'
          : 'Changes were asked for: wait until the team delivers again',
        'milestoneID',
      );
    return milestone;
  }

  private async step(
    tx: DbTransaction,
    milestone: ProjectMilestoneRow,
    kind: 'delivered' | 'changes requested' | 'approved',
    actorId: string,
    comment: string | null,
  ): Promise<void> {
    const now = this.clock.now();
    await tx.update(projectMilestones).set({ status: kind }).where(eq(projectMilestones.id, milestone.id));
    await tx
      .insert(milestoneEvents)
      .values({ milestoneId: milestone.id, kind, comment, actorId, createdAt: now });
  }

  private async lock(tx: DbTransaction, milestoneId: string): Promise<ProjectMilestoneRow> {
    const [milestone] = await tx
      .select()
      .from(projectMilestones)
      .where(eq(projectMilestones.id, milestoneId))
      .for('update');
    if (!milestone) throw notFound(MILESTONE_NOT_FOUND);
    return milestone;
  }

  /** A live invoice bills it: its own, or the whole quote's. */
  private async billed(tx: DbTransaction, milestone: ProjectMilestoneRow): Promise<boolean> {
    const [live] = await tx
      .select({ id: invoices.id })
      .from(invoices)
      .where(
        and(
          eq(invoices.projectId, milestone.projectId),
          ne(invoices.status, 'void'),
          or(eq(invoices.milestoneId, milestone.id), isNull(invoices.milestoneId)),
        ),
      )
      .limit(1);
    return Boolean(live);
  }

  private async nameOf(tx: DbTransaction, userId: string): Promise<string> {
    const [person] = await tx
      .select({ firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    return person ? `${person.firstName} ${person.lastName}`.trim() : 'The client';
  }
}

const approvedAlready = () =>
  codedError('milestone_approved', 'This milestone is already approved', 'milestoneID');
