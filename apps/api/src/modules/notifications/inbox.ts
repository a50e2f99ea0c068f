import type { Notification, NotificationsQuery } from '@app/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { notifications } from '../../db/schema/notifications.js';
import type { Clock } from '../../platform/clock.js';
import { notFound } from '../../platform/http/errors.js';
import { notificationPage, unreadCount } from './inbox-queries.js';
import type { NotificationLive } from './live.js';

export const NOTIFICATION_NOT_FOUND = 'That notification does not exist';

/**
 * One person's bell: their own notifications only. Every statement names the person, so another's
 * notification is not found (404), never read or marked.
 */
export class NotificationInbox {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly live: NotificationLive,
  ) {}

  async page(
    userId: string,
    query: NotificationsQuery,
  ): Promise<{ notifications: Notification[]; nextCursor: string | null; unread: number }> {
    const [page, unread] = await Promise.all([
      notificationPage(this.db, userId, query),
      unreadCount(this.db, userId),
    ]);
    return { ...page, unread };
  }

  unread(userId: string): Promise<number> {
    return unreadCount(this.db, userId);
  }

  /** Marks one read (again is fine); the person's other pages hear the new count. */
  async markRead(userId: string, id: string): Promise<number> {
    const mine = and(eq(notifications.id, id), eq(notifications.userId, userId));
    const changed = await this.db
      .update(notifications)
      .set({ readAt: this.clock.now() })
      .where(and(mine, isNull(notifications.readAt)))
      .returning({ id: notifications.id });
    if (changed.length === 0) {
      const [exists] = await this.db.select({ id: notifications.id }).from(notifications).where(mine);
      if (!exists) throw notFound(NOTIFICATION_NOT_FOUND);
      return this.unread(userId);
    }
    return this.announceCount(userId);
  }

  async markAllRead(userId: string): Promise<number> {
    await this.db
      .update(notifications)
      .set({ readAt: this.clock.now() })
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
    return this.announceCount(userId);
  }

  private async announceCount(userId: string): Promise<number> {
    const unread = await this.unread(userId);
    await this.live.readChanged(userId, unread);
    return unread;
  }
}
