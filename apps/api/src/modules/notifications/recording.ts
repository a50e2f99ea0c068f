import {
  defaultMailChoice,
  NOTIFICATION_BODY_MAX,
  NOTIFICATION_TITLE_MAX,
  type NotificationKind,
  roleOf,
  zNotificationLink,
} from '@app/contract';
import { and, eq, Param, sql } from 'drizzle-orm';
import { anyUuid } from '../../db/any-uuid.js';
import type { DbOrTransaction } from '../../db/client.js';
import { rawRows } from '../../db/raw-rows.js';
import { users } from '../../db/schema/index.js';
import { notificationPreferences } from '../../db/schema/notifications.js';
import type { Clock } from '../../platform/clock.js';
import type { MailDigests } from '../../platform/mail/mail-digests.js';
import type { NotifyInput } from '../../ports/notifications.js';
import { DAILY_NOTICES, INSTANT_NOTICES, noticeLine } from './mail.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Text cut to `max` characters with an ellipsis: a chat message's start is a fine summary. */
function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

/** What was written: the rows for the live push, and what their first-time mails need. */
export interface Recorded {
  /** [userId, notificationId] of every row written or counted up. */
  items: [string, string][];
  /** People whose row is new (not a replacement of an unread one): only they are mailed. */
  fresh: string[];
  kind: NotificationKind;
  line: string;
}

/**
 * One statement: a notification per recipient who exists and is not disabled, or, where the person
 * still has an unread one of the same kind and topic, that one replaced and counted up. A chat room's
 * later messages cost only this (and no mail: the person was told).
 */
export async function recordRows(
  db: DbOrTransaction,
  clock: Clock,
  input: NotifyInput,
): Promise<Recorded | null> {
  const link = zNotificationLink.parse(input.link);
  const ids = [...new Set(input.recipients)].filter((id) => UUID.test(id));
  if (ids.length === 0) return null;
  const title = clip(input.title, NOTIFICATION_TITLE_MAX);
  const body = clip(input.body, NOTIFICATION_BODY_MAX);
  const rows = await rawRows<{ id: string; user_id: string; count: number }>(
    db,
    sql`insert into notifications (user_id, kind, title, body, link, topic, created_at)
      select u.id, ${input.kind}::text, ${title}::text, ${body}::text, ${link}::text, ${input.topic ?? null}::text,
        ${clock.now().toISOString()}::timestamptz
      from users u
      where u.id = any(${new Param(ids)}::uuid[]) and not u.disabled
      on conflict (user_id, kind, topic) where read_at is null and topic is not null
      do update set title = excluded.title, body = excluded.body, link = excluded.link,
        created_at = excluded.created_at, count = notifications.count + 1
      returning id, user_id, count`,
  );
  return {
    items: rows.map((row) => [row.user_id, row.id]),
    fresh: rows.filter((row) => Number(row.count) === 1).map((row) => row.user_id),
    kind: input.kind,
    line: noticeLine({ title, body, link }),
  };
}

/**
 * The mails of new notifications, by each person's choice for the kind: `instant` joins their burst
 * (one mail per MAIL_DIGEST_SECONDS), `digest` waits for the daily mail, `off` nothing. In `tx`, so
 * a mail exists if and only if the caller's change commits.
 */
export async function recordMails(
  tx: DbOrTransaction,
  mailDigests: MailDigests,
  recorded: Recorded,
): Promise<void> {
  if (recorded.fresh.length === 0) return;
  const people = await tx
    .select({
      id: users.id,
      email: users.email,
      userType: users.userType,
      mail: notificationPreferences.mail,
    })
    .from(users)
    .leftJoin(
      notificationPreferences,
      and(eq(notificationPreferences.userId, users.id), eq(notificationPreferences.kind, recorded.kind)),
    )
    .where(anyUuid(users.id, recorded.fresh));
  for (const person of people) {
    const choice = person.mail ?? defaultMailChoice(recorded.kind, roleOf(person.userType));
    if (choice === 'off') continue;
    const notice = {
      kind: choice === 'instant' ? INSTANT_NOTICES : DAILY_NOTICES,
      topic: person.id,
      recipient: person.email,
      line: recorded.line,
    };
    if (choice === 'instant') await mailDigests.add(tx, notice);
    else await mailDigests.hold(tx, notice);
  }
}
