import { eq } from 'drizzle-orm';
import type { DbOrTransaction, DbTransaction } from '../../db/client.js';
import { projectActivities, projectOrders, projects, users } from '../../db/schema/index.js';
import type { Clock } from '../../platform/clock.js';
import type { DigestBatch, MailDigests } from '../../platform/mail/mail-digests.js';
import type { MailMessage } from '../../platform/mail/mailer.js';

/** The mail digests' kind of project notices (topic: the project id). */
const PROJECT_NOTICES = 'project';

/**
 * Decision 005 (notifications): approval, status changes, payment links and progress milestones are
 * recorded in the project's activity list and mailed to the client, with a link that opens the project.
 * Callers pass the transaction of the change itself, so the change, its activity and its notice commit
 * together. The notices of a burst (an admin working through a project) reach the client as one mail,
 * `MAIL_DIGEST_SECONDS` after the first (decision 018).
 */
export class ProjectNotifier {
  private readonly base: string;

  constructor(
    private readonly digests: MailDigests,
    private readonly clock: Clock,
    private readonly brandName: string,
    publicUrl: string,
  ) {
    this.base = publicUrl.replace(/\/$/, '');
    digests.define(PROJECT_NOTICES, (tx, batch) => this.compose(tx, batch));
  }

  /** The web app's address of one project: the Orders page opens it (see the web's orders-page). */
  projectLink(orderId: string, projectId: string): string {
    const query = new URLSearchParams({ order: orderId, project: projectId });
    return `${this.base}/orders?${query}`;
  }

  async notify(tx: DbOrTransaction, projectId: string, message: string): Promise<void> {
    await tx.insert(projectActivities).values({ projectId, message, createdAt: this.clock.now() });
    const [client] = await tx
      .select({ email: users.email })
      .from(projects)
      .innerJoin(projectOrders, eq(projectOrders.id, projects.orderId))
      .innerJoin(users, eq(users.id, projectOrders.clientId))
      .where(eq(projects.id, projectId))
      .limit(1);
    if (!client) return;
    await this.digests.add(tx, {
      kind: PROJECT_NOTICES,
      topic: projectId,
      recipient: client.email,
      line: message,
    });
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
