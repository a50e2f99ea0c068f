import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { projectActivities, projectOrders, projects, users } from '../../db/schema/index.js';
import type { Clock } from '../../platform/clock.js';
import type { Mailer } from '../../platform/mail/mailer.js';

/**
 * Spec issue 5 §7: approval, status changes, payment links and progress milestones are recorded in
 * the project's activity list and mailed to the client. Mail failure is logged, not thrown: the
 * admin's change has been saved and the activity list still tells the client.
 */
export class ProjectNotifier {
  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    private readonly brandName: string,
  ) {}

  async notify(projectId: string, message: string): Promise<void> {
    await this.db.insert(projectActivities).values({ projectId, message, createdAt: this.clock.now() });
    const [target] = await this.db
      .select({ project: projects.name, email: users.email, firstName: users.firstName })
      .from(projects)
      .innerJoin(projectOrders, eq(projectOrders.id, projects.orderId))
      .innerJoin(users, eq(users.id, projectOrders.clientId))
      .where(eq(projects.id, projectId))
      .limit(1);
    if (!target) return;
    try {
      await this.mailer.send({
        to: target.email,
        subject: `${this.brandName}: ${target.project} — ${message}`,
        text: `Hello ${target.firstName},\n\n${message}\n\nProject: ${target.project}\nSee every detail under Orders in your account.\n\n${this.brandName}`,
      });
    } catch (error) {
      this.log.warn({ err: error, projectId }, 'project notification mail failed');
    }
  }
}
