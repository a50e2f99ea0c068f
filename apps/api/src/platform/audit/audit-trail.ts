import type { AuditAction, AuditArea, AuditEvent } from '@app/contract';
import { and, desc, eq, ilike, ne, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTransaction } from '../../db/client.js';
import { containsPattern, exactTimestamp, isoTimestamp, keysetAfter } from '../../db/keyset.js';
import { accountAuditEvents } from '../../db/schema/index.js';
import { cursorPart, decodeCursor, pageOf } from '../http/cursor.js';

/** Who did it: a person (named as they were then), or the system (a job, a webhook). */
export interface AuditActor {
  id: string;
  firstName: string;
  lastName: string;
}

export interface AuditEntry {
  accountId: string;
  actor: AuditActor | null;
  /** Who acted when it is not a member (a licensee in the portal: their email), or a member by id and name. */
  actorName?: string;
  actorId?: string | null;
  action: AuditAction;
  target?: string | null;
  detail?: Record<string, unknown>;
  ip?: string | null;
  /** Decision 037: default 'account'. */
  area?: AuditArea;
  /** The changed fields as they were and became; never a secret (only masked forms). */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** The query of one page: `scope` 'key-manager' reads the Key Manager's and the portal's events. */
export interface AuditPageQuery {
  limit: number;
  cursor?: string | undefined;
  action?: AuditAction | undefined;
  scope?: 'all' | 'key-manager';
  /** Words in the actor's name or the target. */
  search?: string | undefined;
}

/** Writes one event with the executor given (the caller's transaction): the one insert of the trail. */
export async function insertAuditEvent(db: DbOrTransaction, entry: AuditEntry): Promise<void> {
  await db.insert(accountAuditEvents).values({
    accountId: entry.accountId,
    actorId: entry.actor?.id ?? entry.actorId ?? null,
    actorName:
      entry.actorName ?? (entry.actor ? `${entry.actor.firstName} ${entry.actor.lastName}`.trim() : 'System'),
    action: entry.action,
    target: entry.target ?? null,
    detail: entry.detail ?? {},
    ip: entry.ip ?? null,
    area: entry.area ?? 'account',
    before: entry.before ?? null,
    after: entry.after ?? null,
    // Wall-clock time, as the event happened: the trail's order is the order things were done, also
    // under a test's frozen application clock and within one transaction.
    createdAt: sql`clock_timestamp()`,
  });
}

/**
 * The account's audit trail (decision 033): member and security events, newest first, paged by
 * (time, id). An entry is written in the caller's transaction when it passes one, so the event and
 * the change commit together; the owners and admins of the account read it.
 */
export class AuditTrail {
  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  async record(entry: AuditEntry, db: DbOrTransaction = this.db): Promise<void> {
    await insertAuditEvent(db, entry);
  }

  /** For events beside the action (a sign-in): a failed write is logged, never the user's failure. */
  async recordQuietly(entry: AuditEntry): Promise<void> {
    try {
      await this.record(entry);
    } catch (error) {
      this.log.warn({ err: error, action: entry.action }, 'could not write an audit event');
    }
  }

  /**
   * A page, newest first. The whole trail reads by (account, time, id); the Key Manager's view by the
   * partial index of the events outside the account area, so both stay flat at any size.
   */
  async page(
    accountId: string,
    query: AuditPageQuery,
  ): Promise<{ events: AuditEvent[]; nextCursor: string | null }> {
    const t = accountAuditEvents;
    const after = decodeCursor(query.cursor, [cursorPart.timestamp, cursorPart.uuid]);
    const pattern = containsPattern(query.search);
    const rows = await this.db
      .select({
        id: t.id,
        actorName: t.actorName,
        action: t.action,
        target: t.target,
        detail: t.detail,
        ip: t.ip,
        createdAt: isoTimestamp(t.createdAt),
        area: t.area,
        before: t.before,
        after: t.after,
        cursorAt: exactTimestamp(t.createdAt),
      })
      .from(t)
      .where(
        and(
          eq(t.accountId, accountId),
          query.scope === 'key-manager' ? ne(t.area, 'account') : undefined,
          query.action ? eq(t.action, query.action) : undefined,
          pattern ? or(ilike(t.actorName, pattern), ilike(t.target, pattern)) : undefined,
          keysetAfter([t.createdAt, t.id], after),
        ),
      )
      .orderBy(desc(t.createdAt), desc(t.id))
      .limit(query.limit + 1);
    const page = pageOf(rows, query.limit, (row) => [row.cursorAt, row.id]);
    return {
      events: page.items.map(({ cursorAt: _cursor, ...row }) => ({
        ...row,
        action: row.action as AuditAction,
      })),
      nextCursor: page.nextCursor,
    };
  }
}
