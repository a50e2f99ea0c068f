import type { NotificationPush } from '@app/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../platform/clock.js';
import type { EventBus } from '../../platform/events/index.js';
import type { JobQueue } from '../../platform/jobs/job-queue.js';
import type { MailDigests } from '../../platform/mail/mail-digests.js';
import type { NotificationsPort, NotifyInput, NotifyOptions } from '../../ports/notifications.js';
import { NotificationInbox } from './inbox.js';
import { NotificationLive } from './live.js';
import { defineNotificationMails } from './mail.js';
import { NotificationPreferenceStore } from './preferences.js';
import { recordMails, recordRows } from './recording.js';

export interface NotificationCentreDeps {
  db: Db;
  clock: Clock;
  events: EventBus;
  jobs: JobQueue;
  mailDigests: MailDigests;
  log: FastifyBaseLogger;
  brandName: string;
  publicUrl: string;
}

/**
 * The notification centre (decision 034), built once by createDeps(): other features call `notify`
 * through `deps.notifications`; its own routes use the inbox and the preferences.
 */
export class NotificationCentre implements NotificationsPort {
  readonly inbox: NotificationInbox;
  readonly preferences: NotificationPreferenceStore;
  private readonly live: NotificationLive;

  constructor(private readonly deps: NotificationCentreDeps) {
    this.live = new NotificationLive(deps);
    this.inbox = new NotificationInbox(deps.db, deps.clock, this.live);
    this.preferences = new NotificationPreferenceStore(deps.db, deps.clock);
    defineNotificationMails(deps.mailDigests, deps.jobs, deps);
  }

  async notify(input: NotifyInput, options: NotifyOptions = {}): Promise<void> {
    const { db } = options;
    const { clock, mailDigests } = this.deps;
    if (db) {
      const recorded = await recordRows(db, clock, input);
      if (!recorded) return;
      await recordMails(db, mailDigests, recorded);
      // The caller's transaction may still roll back: a job enqueued in it announces after commit.
      await this.live.announceAfterCommit(db, recorded.items);
      return;
    }
    // The rows are one statement (a chat room's later messages cost only that); the mails of new
    // ones commit together right after.
    const recorded = await recordRows(this.deps.db, clock, input);
    if (!recorded) return;
    if (recorded.fresh.length > 0) {
      await this.deps.db.transaction((tx) => recordMails(tx, mailDigests, recorded));
    }
    // Committed: a bus that fails now loses only the live push (the bell shows it on its next read).
    await this.live
      .announce(recorded.items)
      .catch((error: unknown) => this.deps.log.warn({ err: error }, 'notification push failed'));
  }

  watch(userId: string, listener: (push: NotificationPush) => void): () => void {
    return this.live.watch(userId, listener);
  }

  close(): void {
    this.live.close();
  }
}
