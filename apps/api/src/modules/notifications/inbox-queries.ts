import type { Notification, NotificationsQuery } from '@app/contract';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { anyUuid } from '../../db/any-uuid.js';
import type { Db, DbOrTransaction } from '../../db/client.js';
import { exactTimestamp, isoTimestamp, keysetAfter } from '../../db/keyset.js';
import { qualified } from '../../db/qualified.js';
import { notifications } from '../../db/schema/notifications.js';
import { cursorPart, decodeCursor, pageOf } from '../../platform/http/cursor.js';

/** A notification as its person sees it, with the cursor time of its row. */
const columns = {
  id: notifications.id,
  kind: notifications.kind,
  title: notifications.title,
  body: notifications.body,
  link: notifications.link,
  count: notifications.count,
  createdAt: isoTimestamp(notifications.createdAt),
  readAt: sql<
    string | null
  >`case when ${notifications.readAt} is null then null else ${isoTimestamp(notifications.readAt)} end`,
};

const view = ({ id, kind, title, body, link, count, createdAt, readAt }: Notification): Notification => ({
  id,
  kind,
  title,
  body,
  link,
  count,
  createdAt,
  readAt,
});

/** Unread notifications of one person: the partial index `notifications_unread_idx` serves it. */
export async function unreadCount(db: DbOrTransaction, userId: string): Promise<number> {
  const [row] = await db
    .select({ unread: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return Number(row?.unread ?? 0);
}

/** One person's notifications, newest first, in keyset pages (time, id). */
export async function notificationPage(
  db: Db,
  userId: string,
  query: NotificationsQuery,
): Promise<{ notifications: Notification[]; nextCursor: string | null }> {
  const after = decodeCursor(query.cursor, [cursorPart.timestamp, cursorPart.uuid]);
  const rows = await db
    .select({ ...columns, cursorAt: exactTimestamp(notifications.createdAt) })
    .from(notifications)
    .where(
      and(eq(notifications.userId, userId), keysetAfter([notifications.createdAt, notifications.id], after)),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(query.limit + 1);
  const page = pageOf(rows, query.limit, (row) => [row.cursorAt, row.id]);
  return { notifications: page.items.map(view), nextCursor: page.nextCursor };
}

/**
 * What a live push carries: the rows by id, each with its person's unread count, in one statement
 * (the fan-out of one event reads once, whatever the number of people).
 */
export async function readPushes(
  db: Db,
  ids: readonly string[],
): Promise<{ userId: string; notification: Notification; unread: number }[]> {
  const unread = sql<number>`(select count(*) from notifications as unread_rows
    where unread_rows.user_id = ${qualified(notifications.userId)} and unread_rows.read_at is null)`;
  const rows = await db
    .select({ ...columns, userId: notifications.userId, unread })
    .from(notifications)
    .where(anyUuid(notifications.id, ids))
    .orderBy(notifications.createdAt);
  return rows.map((row) => ({ userId: row.userId, notification: view(row), unread: Number(row.unread) }));
}
