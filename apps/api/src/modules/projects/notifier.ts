import type { NotificationKind } from '@app/contract';
import { eq } from 'drizzle-orm';
import type { DbOrTransaction, DbTransaction } from '../../db/client.js';
import { projectActivities, projectOrders, projects, users } from '../../db/schema/index.js';
import type { Clock } from '../../platform/clock.js';
import type { DigestBatch, MailDigests } from '../../platform/mail/mail-digests.js';
import type { MailMessage } from '../../platform/mail/mailer.js';
import type { NotificationsPort } from '../../ports/notifications.js';
import { projectAudience } from './audience.js';

/** The mail digests' kind of project notices queued before the notification centre (topic: the project id). */
const PROJECT_NOTICES = 'project';

/**
 * Decision 005 (notifications): approval, status changes, payment links and progress milestones are
 * recorded in the project's activity list and told to the client's people who see projects, with a
 * link that opens the project. Callers pass the transaction of the change itself, so the change, its
 * activity and its notification commit together. Since decision 034 the notification centre tells
 * them (the bell, live, and mail by each person's choice; a burst is one mail, decision 018).
 */
export class ProjectNotifier {
  private readonly base: string;

  constructor(
    private readonly notifications: NotificationsPort,
    digests: MailDigests,
    private readonly clock: Clock,
    private readonly brandName: string,
    publicUrl: string,
  ) {
    this.base = publicUrl.replace(/\/$/, '');
    // Notices a release before the notification centre queued still go out once, as they were.
    digests.define(PROJECT_NOTICES, (tx, batch) => this.compose(tx, batch));
  }

  /** The web app's path of one project: the Orders page opens it (see the web's orders-page). */
  projectPath(orderId: string, projectId: string): string {
    const query = new URLSearchParams({ order: orderId, project: projectId });
    return `/orders?${query}`;
  }

  /** The absolute address of one project, for mails. */
  projectLink(orderId: string, projectId: string): string {
    return `${this.base}${this.projectPath(orderId, projectId)}`;
  }

  /**
   * Records `message` in the project's activity list and tells the client's people (or, `to: 'team'`,
   * the assigned staff and the admins) with a notification of `kind`.
   */
  async notify(
    tx: DbOrTransaction,
    projectId: string,
    message: string,
    options: { kind?: NotificationKind; to?: 'client' | 'team'; activity?: boolean } = {},
  ): Promise<void> {
    if (options.activity !== false)
      await tx.insert(projectActivities).values({ projectId, message, createdAt: this.clock.now() });
    const [project] = await tx
      .select({ name: projects.name, orderId: projects.orderId })
      .from(projects)
      .where(eq(projects.id, projectId))
      .limit(1);
    if (!project) return;
    const audience = await projectAudience(tx, projectId);
    await this.notifications.notify(
      {
        recipients: options.to === 'team' ? audience.team : audience.client,
        kind: options.kind ?? 'project_status_changed',
        title: project.name,
        body: message,
        link: this.projectPath(project.orderId, projectId),
      },
      { db: tx },
    );
  }

  /** One mail for every notice of the burst, in order; one notice keeps its own subject line. */
  private async compose(tx: DbTransaction, batch: DigestBatch): Promise<MailMessage | null> {
    const [target] = await tx
      .select({ project: projects.name, orderId: projects.orderId, firstName: users.firstName })
      .from(projects)
      .innerJoin(projectOrders, eq(projectOrders.id, projects.orderId))
      .innerJoin(users, eq(users.id, projectOrders.clientId))
      .where(eq(projects.id, batch.topic))
      .limit(1);
    if (!target) return null;
    const link = this.projectLink(target.orderId, batch.topic);
    const [only] = batch.lines;
    const single = batch.lines.length === 1 && only !== undefined;
    const news = single
      ? only
      : `${batch.lines.length} updates on your project:\n${batch.lines.map((line) => `- ${line}`).join('\n')}`;
    return {
      to: batch.recipient,
      subject: `${this.brandName}: ${target.project} — ${single ? only : `${batch.lines.length} updates`}`,
      text: [
        `Hello ${target.firstName},`,
        news,
        `Project: ${target.project}\nOpen it: ${link}`,
        this.brandName,
      ].join('\n\n'),
    };
  }
}
