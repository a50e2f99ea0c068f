import type { NotificationPush } from '@app/contract';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Db, DbOrTransaction } from '../../db/client.js';
import type { EventBus } from '../../platform/events/index.js';
import type { JobQueue } from '../../platform/jobs/job-queue.js';
import { readPushes } from './inbox-queries.js';

export const NOTIFICATIONS_TOPIC = 'notifications';
/** Announces notifications recorded in a caller's transaction, once that transaction committed. */
export const NOTIFICATIONS_ANNOUNCE_JOB = 'notifications.announce';
/** Recipients per bus event: 50 × (two uuids) stays far below NOTIFY's 8000 bytes. */
const ITEMS_PER_EVENT = 50;

/** [userId, notificationId] */
type Item = [string, string];

/** On the bus: ids only; each instance reads the rows of the people it has sockets for. */
const ZNotificationEvent = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('created'), items: z.array(z.tuple([z.string(), z.string()])) }),
  z.object({ kind: z.literal('read'), userId: z.string(), unread: z.number() }),
]);
type NotificationEvent = z.infer<typeof ZNotificationEvent>;

type Listener = (push: NotificationPush) => void;

/**
 * Live delivery (decision 034): new notifications and read counts reach every open page of their
 * person, on whichever instance its socket is, through the EventBus (in-process on PGlite, LISTEN/NOTIFY
 * on PostgreSQL). Notifications recorded in a caller's transaction are announced by a job enqueued in
 * that transaction, so a rolled-back change announces nothing; the job runs once it committed.
 */
export class NotificationLive {
  private readonly watchers = new Map<string, Set<Listener>>();
  private readonly stopListening: () => void;

  constructor(private readonly deps: { db: Db; events: EventBus; jobs: JobQueue; log: FastifyBaseLogger }) {
    deps.jobs.define<{ items: Item[] }>({
      name: NOTIFICATIONS_ANNOUNCE_JOB,
      retryLimit: 3,
      retryDelaySeconds: 5,
      retryBackoff: true,
      // Several at once: a burst of changes should not queue its announcements behind each other.
      concurrency: 2,
      handle: (job) => this.announce(job.data.items),
    });
    this.stopListening = deps.events.subscribe(NOTIFICATIONS_TOPIC, (data) => {
      const event = ZNotificationEvent.safeParse(data);
      if (!event.success) return;
      this.onEvent(event.data).catch((error: unknown) =>
        deps.log.error({ err: error }, 'notification push failed'),
      );
    });
  }

  close(): void {
    this.stopListening();
  }

  watch(userId: string, listener: Listener): () => void {
    const set = this.watchers.get(userId) ?? new Set<Listener>();
    set.add(listener);
    this.watchers.set(userId, set);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.watchers.delete(userId);
    };
  }

  /** In the caller's transaction: the announcement exists if and only if the notifications do. */
  async announceAfterCommit(tx: DbOrTransaction, items: Item[]): Promise<void> {
    if (items.length > 0) await this.deps.jobs.enqueue(NOTIFICATIONS_ANNOUNCE_JOB, { items }, { db: tx });
  }

  /** Committed notifications, to every instance now. */
  async announce(items: Item[]): Promise<void> {
    for (let start = 0; start < items.length; start += ITEMS_PER_EVENT) {
      const event: NotificationEvent = {
        kind: 'created',
        items: items.slice(start, start + ITEMS_PER_EVENT),
      };
      await this.deps.events.publish(NOTIFICATIONS_TOPIC, event);
    }
  }

  /** A person read some: their other pages update their count. */
  async readChanged(userId: string, unread: number): Promise<void> {
    const event: NotificationEvent = { kind: 'read', userId, unread };
    await this.deps.events.publish(NOTIFICATIONS_TOPIC, event);
  }

  private deliver(userId: string, push: NotificationPush): void {
    for (const listener of this.watchers.get(userId) ?? []) listener(push);
  }

  private async onEvent(event: NotificationEvent): Promise<void> {
    if (event.kind === 'read') {
      this.deliver(event.userId, { type: 'notifications-read', unread: event.unread });
      return;
    }
    // Only the rows of people with a socket here: an instance without them reads nothing.
    const ids = event.items.filter(([userId]) => this.watchers.has(userId)).map(([, id]) => id);
    if (ids.length === 0) return;
    for (const { userId, notification, unread } of await readPushes(this.deps.db, ids)) {
      this.deliver(userId, { type: 'notification', notification, unread });
    }
  }
}
