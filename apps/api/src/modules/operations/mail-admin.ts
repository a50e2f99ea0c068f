import type { MailMessage, MailSummary } from '@app/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { exactTimestamp, keysetAfter } from '../../db/keyset.js';
import { mailOutbox } from '../../db/schema/index.js';
import { cursorPart, decodeCursor, pageOf } from '../../platform/http/cursor.js';
import { notFound } from '../../platform/http/errors.js';

type MailStatus = MailSummary['status'];

const summaryColumns = {
  id: mailOutbox.id,
  to: mailOutbox.to,
  subject: mailOutbox.subject,
  status: mailOutbox.status,
  attempts: mailOutbox.attempts,
  lastError: mailOutbox.lastError,
  createdAt: mailOutbox.createdAt,
  sentAt: mailOutbox.sentAt,
};

/** The admin's Mail view: the outbox, newest first, keyset-paginated on (created_at, id). */
export class MailAdmin {
  constructor(private readonly db: Db) {}

  async list(query: {
    status?: MailStatus;
    cursor?: string;
    limit: number;
  }): Promise<{ mails: MailSummary[]; nextCursor: string | null }> {
    const after = decodeCursor(query.cursor, [cursorPart.timestamp, cursorPart.uuid]);
    const rows = await this.db
      .select({ ...summaryColumns, cursorAt: exactTimestamp(mailOutbox.createdAt) })
      .from(mailOutbox)
      .where(
        and(
          query.status ? eq(mailOutbox.status, query.status) : undefined,
          keysetAfter([mailOutbox.createdAt, mailOutbox.id], after),
        ),
      )
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .limit(query.limit + 1);
    const page = pageOf(rows, query.limit, (row) => [row.cursorAt, row.id]);
    return { mails: page.items.map(toSummary), nextCursor: page.nextCursor };
  }

  async get(id: string): Promise<MailMessage> {
    const [row] = await this.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    if (!row) throw notFound('That mail does not exist');
    return { ...toSummary(row), text: row.text, html: row.html, headers: row.headers ?? {} };
  }
}

function toSummary(row: {
  id: string;
  to: string;
  subject: string;
  status: MailStatus;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  sentAt: Date | null;
}): MailSummary {
  return {
    id: row.id,
    to: row.to,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  };
}
