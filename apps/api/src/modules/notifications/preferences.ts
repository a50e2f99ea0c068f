import {
  defaultMailChoice,
  type MailChoice,
  NOTIFICATION_KINDS,
  type NotificationKind,
  type NotificationPreferences,
  type Role,
} from '@app/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { notificationPreferences } from '../../db/schema/notifications.js';
import type { Clock } from '../../platform/clock.js';

/** Each person's mail choice per kind: stored rows over the defaults of their role. */
export class NotificationPreferenceStore {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async read(user: { id: string; role: Role }): Promise<NotificationPreferences> {
    const rows = await this.db
      .select({ kind: notificationPreferences.kind, mail: notificationPreferences.mail })
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, user.id));
    const stored = new Map(rows.map((row) => [row.kind, row.mail]));
    return Object.fromEntries(
      NOTIFICATION_KINDS.map((kind) => [kind, stored.get(kind) ?? defaultMailChoice(kind, user.role)]),
    ) as NotificationPreferences;
  }

  /** Sets the kinds given (one statement); the others keep theirs. */
  async update(
    user: { id: string; role: Role },
    changes: Partial<Record<NotificationKind, MailChoice>>,
  ): Promise<NotificationPreferences> {
    const now = this.clock.now();
    const values = Object.entries(changes).flatMap(([kind, mail]) =>
      mail ? [{ userId: user.id, kind: kind as NotificationKind, mail, updatedAt: now }] : [],
    );
    if (values.length > 0) {
      await this.db
        .insert(notificationPreferences)
        .values(values)
        .onConflictDoUpdate({
          target: [notificationPreferences.userId, notificationPreferences.kind],
          set: { mail: sql`excluded.mail`, updatedAt: sql`excluded.updated_at` },
        });
    }
    return this.read(user);
  }
}
