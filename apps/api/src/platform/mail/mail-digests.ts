import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTransaction, DbTransaction } from '../../db/client.js';
import { mailNotices } from '../../db/schema/index.js';
import type { JobQueue } from '../jobs/job-queue.js';
import type { Mailer, MailMessage } from './mailer.js';

export const MAIL_DIGEST_JOB = 'mail.digest';

interface DigestJob {
  kind: string;
  topic: string;
  recipient: string;
}

export interface DigestBatch {
  topic: string;
  recipient: string;
  /** The notices' lines, in the order they happened (at least one). */
  lines: string[];
}

/**
 * Writes the one mail for a batch, reading what it needs (names, links) in the digest's
 * transaction; null when its subject is gone and there is nothing to send.
 */
export type DigestComposer = (tx: DbTransaction, batch: DigestBatch) => Promise<MailMessage | null>;

export interface Notice {
  /** The composer that writes the mail (`define`d by the feature). */
  kind: string;
  /** What the notice is about, e.g. a project id: one mail per recipient and topic. */
  topic: string;
  recipient: string;
  line: string;
}

/**
 * Collapses a burst of notices about one subject to one person into one mail (decision 018). A
 * notice is a row written in the change's transaction, together with a `mail.digest` job that starts
 * `windowSeconds` later; the queue keeps at most one such job waiting per recipient and topic, so the
 * later notices of the burst join it. The job deletes the pending rows and records their one mail in
 * one transaction. Nothing waits in memory: a restart loses nothing, and the request never waits.
 */
export class MailDigests {
  private readonly composers = new Map<string, DigestComposer>();

  constructor(
    private readonly deps: { db: Db; jobs: JobQueue; mailer: Mailer; log: FastifyBaseLogger },
    private readonly windowSeconds: number,
  ) {
    deps.jobs.define<DigestJob>({
      name: MAIL_DIGEST_JOB,
      policy: 'short',
      retryLimit: 5,
      retryDelaySeconds: 30,
      retryBackoff: true,
      handle: (job) => this.send(job.data),
    });
  }

  /** Registers how the mails of one kind are written (features call it while registering routes). */
  define(kind: string, composer: DigestComposer): void {
    this.composers.set(kind, composer);
  }

  /** Records a notice in the caller's transaction: it is mailed if and only if the change commits. */
  async add(tx: DbOrTransaction, notice: Notice): Promise<void> {
    if (!this.composers.has(notice.kind)) throw new Error(`no mail digest defined for ${notice.kind}`);
    await tx.insert(mailNotices).values(notice);
    const job: DigestJob = { kind: notice.kind, topic: notice.topic, recipient: notice.recipient };
    // While a job for this recipient and topic waits, this joins it (the queue holds at most one).
    await this.deps.jobs.enqueueOrJoin(MAIL_DIGEST_JOB, job, {
      db: tx,
      delaySeconds: this.windowSeconds,
      singletonKey: JSON.stringify([job.kind, job.topic, job.recipient]),
    });
  }

  /**
   * Records a notice that waits for a scheduled digest (`sendHeld`, e.g. a daily one) instead of a
   * window: no job now. Like `add`, it exists if and only if the caller's change commits.
   */
  async hold(tx: DbOrTransaction, notice: Notice): Promise<void> {
    if (!this.composers.has(notice.kind)) throw new Error(`no mail digest defined for ${notice.kind}`);
    await tx.insert(mailNotices).values(notice);
  }

  /**
   * Mails every waiting notice of `kind`: one mail per recipient and topic, each in its own
   * transaction (a scheduled job calls it). Returns how many digests it looked at.
   */
  async sendHeld(kind: string): Promise<number> {
    const batches = await this.deps.db
      .selectDistinct({ topic: mailNotices.topic, recipient: mailNotices.recipient })
      .from(mailNotices)
      .where(eq(mailNotices.kind, kind));
    for (const batch of batches) await this.send({ kind, ...batch });
    return batches.length;
  }

  private async send(job: DigestJob): Promise<void> {
    const composer = this.composers.get(job.kind);
    if (!composer) throw new Error(`no mail digest defined for ${job.kind}`);
    await this.deps.db.transaction(async (tx) => {
      const pending = and(
        eq(mailNotices.kind, job.kind),
        eq(mailNotices.topic, job.topic),
        eq(mailNotices.recipient, job.recipient),
      );
      // Rows another digest is mailing right now are its own: skipped, never mailed twice.
      const rows = await tx
        .select({ id: mailNotices.id, line: mailNotices.line })
        .from(mailNotices)
        .where(pending)
        .orderBy(asc(mailNotices.id))
        .for('update', { skipLocked: true });
      if (rows.length === 0) return;
      await tx.delete(mailNotices).where(
        inArray(
          mailNotices.id,
          rows.map((row) => row.id),
        ),
      );
      const message = await composer(tx, {
        topic: job.topic,
        recipient: job.recipient,
        lines: rows.map((row) => row.line),
      });
      if (message) await this.deps.mailer.send(message, { db: tx });
      else
        this.deps.log.info({ kind: job.kind, topic: job.topic }, 'mail digest dropped: its subject is gone');
    });
  }
}
