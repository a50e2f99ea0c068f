import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import type { Db } from '../../db/client.js';
import { mailOutbox } from '../../db/schema/index.js';
import type { Clock } from '../clock.js';
import type { JobQueue } from '../jobs/job-queue.js';
import type { Metrics } from '../metrics/registry.js';

export const MAIL_DELIVERY_JOB = 'mail.deliver';

export interface MailDeliverySettings {
  smtpUrl: string;
  from: string;
  /** Connect, greeting and socket timeouts: a hanging server fails the try instead of holding it. */
  timeoutMs: number;
  retryLimit: number;
  retryDelaySeconds: number;
}

/**
 * The worker side of mail: delivers one outbox row over SMTP. A failed try is retried with backoff
 * by the queue; after the last one the row says `failed` and the job stays failed (dead letter),
 * both visible to the admin. A row already sent is never sent again.
 */
export function defineMailDelivery(
  jobs: JobQueue,
  deps: { db: Db; log: FastifyBaseLogger; clock: Clock; metrics: Pick<Metrics, 'mailDelivery'> },
  settings: MailDeliverySettings,
): { verify(): Promise<void> } {
  // SMTPTransport merges `url` with the other options; createTransport({url}) would drop the timeouts.
  const transport = nodemailer.createTransport(
    new SMTPTransport({
      url: settings.smtpUrl,
      connectionTimeout: settings.timeoutMs,
      greetingTimeout: settings.timeoutMs,
      socketTimeout: settings.timeoutMs,
      dnsTimeout: settings.timeoutMs,
    }),
  );
  jobs.define<{ outboxId: string }>({
    name: MAIL_DELIVERY_JOB,
    retryLimit: settings.retryLimit,
    retryDelaySeconds: settings.retryDelaySeconds,
    retryBackoff: true,
    expireInSeconds: Math.ceil((settings.timeoutMs * 4) / 1000) + 30,
    concurrency: 2,
    async handle(job) {
      const [mail] = await deps.db.select().from(mailOutbox).where(eq(mailOutbox.id, job.data.outboxId));
      if (!mail || mail.status === 'sent') return;
      try {
        await transport.sendMail({
          from: mail.fromName ? { name: mail.fromName, address: addressOf(settings.from) } : settings.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          ...(mail.html ? { html: mail.html } : {}),
          ...(mail.headers ? { headers: mail.headers } : {}),
        });
      } catch (error) {
        await deps.db
          .update(mailOutbox)
          .set({
            attempts: sql`${mailOutbox.attempts} + 1`,
            lastError: describe(error),
            status: job.isLastAttempt ? 'failed' : 'queued',
          })
          .where(eq(mailOutbox.id, mail.id));
        deps.metrics.mailDelivery(job.isLastAttempt ? 'failed' : 'retrying');
        if (job.isLastAttempt)
          deps.log.error({ mail: mail.id, to: mail.to }, 'mail dead-lettered after the last try');
        throw error;
      }
      await deps.db
        .update(mailOutbox)
        .set({
          status: 'sent',
          sentAt: deps.clock.now(),
          attempts: sql`${mailOutbox.attempts} + 1`,
          lastError: null,
        })
        .where(eq(mailOutbox.id, mail.id));
      deps.metrics.mailDelivery('sent');
    },
  });
  return {
    async verify() {
      await transport.verify();
    },
  };
}

/** The address of a sender such as `Brand <hello@example.com>` (or the bare address). */
function addressOf(from: string): string {
  return /<([^>]+)>\s*$/.exec(from)?.[1]?.trim() ?? from.trim();
}

function describe(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, 500);
}
