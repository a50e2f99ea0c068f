import { eq } from 'drizzle-orm';
import type { DbOrTransaction } from '../../db/client.js';
import { projectActivities, projectOrders, projects, users } from '../../db/schema/index.js';
import type { Clock } from '../../platform/clock.js';
import type { Mailer } from '../../platform/mail/mailer.js';

/**
 * Spec issue 5 §7: approval, status changes, payment links and progress milestones are recorded in
 * the project's activity list and mailed to the client, with a link that opens the project. Callers
 * pass the transaction of the change itself, so the change, its activity and its mail commit
 * together (the mail's delivery is a queued job: a mail server that is down loses nothing).
 */
export class ProjectNotifier {
  private readonly base: string;

  constructor(
    private readonly mailer: Mailer,
    private readonly clock: Clock,
    private readonly brandName: string,
    publicUrl: string,
  ) {
    this.base = publicUrl.replace(/\/$/, '');
  }

  /** The web app's address of one project: the Orders page opens it (see the web's orders-page). */
  projectLink(orderId: string, projectId: string): string {
    const query = new URLSearchParams({ order: orderId, project: projectId });
    return `${this.base}/orders?${query}`;
  }

  async notify(tx: DbOrTransaction, projectId: string, message: string): Promise<void> {
    await tx.insert(projectActivities).values({ projectId, message, createdAt: this.clock.now() });
    const [target] = await tx
      .select({
        project: projects.name,
        orderId: projects.orderId,
        email: users.email,
        firstName: users.firstName,
      })
      .from(projects)
      .innerJoin(projectOrders, eq(projectOrders.id, projects.orderId))
      .innerJoin(users, eq(users.id, projectOrders.clientId))
      .where(eq(projects.id, projectId))
      .limit(1);
    if (!target) return;
    const link = this.projectLink(target.orderId, projectId);
    await this.mailer.send(
      {
        to: target.email,
        subject: `${this.brandName}: ${target.project} — ${message}`,
        text: [
          `Hello ${target.firstName},`,
          message,
          `Project: ${target.project}\nOpen it: ${link}`,
          this.brandName,
        ].join('\n\n'),
      },
      { db: tx },
    );
  }
}
