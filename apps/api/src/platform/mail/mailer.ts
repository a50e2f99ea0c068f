import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTransaction } from '../../db/client.js';
import { mailOutbox } from '../../db/schema/index.js';
import type { JobQueue } from '../jobs/job-queue.js';
import { MAIL_DELIVERY_JOB } from './mail-delivery.js';
import { brandedMailHtml, htmlBodyFromText } from './mail-html.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /**
   * The content of the HTML part, without a frame (build it with `mail-html.ts`); without it the
   * content is made from `text`. The mailer puts every mail in the one branded template.
   */
  htmlBody?: string;
  headers?: Record<string, string>;
  /** The sender's name in place of MAIL_FROM's (its address is kept): an owner's own name (decision 036). */
  fromName?: string;
}

export interface SendOptions {
  /** The caller's transaction: the mail is recorded and queued with the caller's data, or not at all. */
  db?: DbOrTransaction;
}

export interface Mailer {
  /**
   * Records the mail in the outbox and, with SMTP, queues its delivery. Never talks to SMTP, so a
   * request that sends mail answers at once whatever the mail server does. Returns the outbox id.
   */
  send(message: MailMessage, options?: SendOptions): Promise<string>;
  /** `smtp` when SMTP_URL is set; `outbox` in trial mode (read in the admin's Mail view). */
  readonly transport: 'smtp' | 'outbox';
}

export function createMailer(options: {
  db: Db;
  log: FastifyBaseLogger;
  jobs: JobQueue;
  smtp: boolean;
  brandName: string;
}): Mailer {
  const transport = options.smtp ? 'smtp' : 'outbox';
  const record = async (db: DbOrTransaction, message: MailMessage): Promise<string> => {
    const [row] = await db
      .insert(mailOutbox)
      .values({
        to: message.to,
        subject: message.subject,
        text: message.text,
        // Every mail has an HTML part, in the one branded template (decision 018).
        html: brandedMailHtml(message.htmlBody ?? htmlBodyFromText(message.text), options.brandName),
        headers: message.headers ?? null,
        fromName: message.fromName || null,
        transport,
        status: transport === 'smtp' ? 'queued' : 'outbox',
      })
      .returning({ id: mailOutbox.id });
    if (!row) throw new Error('mail_outbox insert returned no row');
    if (transport === 'smtp') await options.jobs.enqueue(MAIL_DELIVERY_JOB, { outboxId: row.id }, { db });
    return row.id;
  };
  return {
    transport,
    async send(message, sendOptions = {}) {
      const id = sendOptions.db
        ? await record(sendOptions.db, message)
        : await options.db.transaction((tx) => record(tx, message));
      options.log.info({ mail: id, subject: message.subject, transport }, 'mail queued');
      return id;
    },
  };
}

/** Counts mails by status (health and the Mail view header). */
export async function countMailByStatus(db: Db): Promise<Record<string, number>> {
  const rows = await db
    .select({ status: mailOutbox.status, count: sql<number>`count(*)::int` })
    .from(mailOutbox)
    .groupBy(mailOutbox.status);
  return Object.fromEntries(rows.map((row) => [row.status, row.count]));
}
